import ArrowRight from "lucide-react/icons/arrow-right";
import type { ReactNode } from "react";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { CallToAction } from "~/components/blog/call-to-action";
import { CheckList } from "~/components/blog/check-list";
import { Cite } from "~/components/blog/cite";
import { ContactBlock } from "~/components/blog/contact-block";
import { ContentsNav } from "~/components/blog/contents-nav";
import { RelatedPosts } from "~/components/blog/related-posts";
import { Sources } from "~/components/blog/sources";
import { TermList } from "~/components/blog/term-list";
import { EDMONTON_PROPERTY_TAX_PERCENT, EDMONTON_TOTAL_PROPERTY_TAX_PERCENT, ruleSources } from "~/lib/mortgage-rules";
import { checklist, mistakes, recoveries } from "~/content/blog/data/top-10-mistakes-to-avoid-when-buying-a-home";
import { landTitleFees } from "~/lib/fees";
import { formatCurrency } from "~/lib/mortgage";
import type { Route } from "./+types/top-10-mistakes-to-avoid-when-buying-a-home";

const slug = "top-10-mistakes-to-avoid-when-buying-a-home";

export const meta: Route.MetaFunction = () => articleMeta(slug);

/** Worked examples shown under two of the cards; every figure is computed. */
const EXAMPLE_PRICE = 450_000;
const EXAMPLE_MORTGAGE = 360_000;
const TAX_EXAMPLE_ASSESSMENT = 400_000;

function examples(): Partial<Record<string, ReactNode>> {
  const fees = landTitleFees({ price: EXAMPLE_PRICE, mortgage: EXAMPLE_MORTGAGE });
  const yearlyTax = (TAX_EXAMPLE_ASSESSMENT * EDMONTON_TOTAL_PROPERTY_TAX_PERCENT) / 100;
  return {
    "borrowing-the-maximum": (
      <p>
        <strong>Example:</strong> Edmonton's municipal property tax works out to about {EDMONTON_PROPERTY_TAX_PERCENT}% of assessed value a
        year, and the provincial education tax on the same bill brings the total to about {EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}%{" "}
        <Cite source={ruleSources.edmontonPropertyTax} />. A home assessed at {formatCurrency(TAX_EXAMPLE_ASSESSMENT)} pays roughly{" "}
        {formatCurrency(yearlyTax)} a year, or about {formatCurrency(yearlyTax / 12)} a month, before utilities, insurance and upkeep.
        Surrounding towns and counties set their own rates.
      </p>
    ),
    "forgetting-closing-costs": (
      <p>
        <strong>Example:</strong> on a {formatCurrency(EXAMPLE_PRICE)} home with a {formatCurrency(EXAMPLE_MORTGAGE)} mortgage, the Alberta
        land title fees alone are {formatCurrency(fees.transfer)} to register the transfer plus {formatCurrency(fees.mortgage)} to register
        the mortgage: {formatCurrency(fees.total)} in total <Cite source={ruleSources.landTitleFees} />, before the lawyer, inspection or
        adjustments.
      </p>
    ),
  };
}

export default function Article() {
  const extra = examples();
  return (
    <ArticleLayout slug={slug}>
      <p>
        I have walked a lot of buyers through their first and their fifth home purchases in Edmonton and the surrounding towns. The costly
        mistakes are almost always the same ten, and almost all of them are easy to avoid if you know about them before you start looking.
        Here they are, in the order you are likely to meet them, with what I tell my own clients to do instead.
      </p>

      <ContentsNav
        id="mistakes-at-a-glance"
        heading="The ten mistakes at a glance"
        items={mistakes.map((m) => ({ anchor: m.id, label: m.title }))}
      />

      <h2>The mistakes, and how to avoid each one</h2>
      <ol className="list-none! space-y-6! pl-0!">
        {mistakes.map((m, index) => {
          const Icon = m.icon;
          return (
            <li key={m.id} id={m.id} className="scroll-mt-24 rounded-xl border border-line p-5 sm:p-6">
              <div className="flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand"
                >
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-1! mb-0!">
                  <span className="text-brand">Mistake {index + 1}:</span> {m.title}
                </h3>
              </div>
              <p>{m.problem}</p>
              {extra[m.id]}
              <h4 className="mt-4 font-bold text-ink">How to avoid it</h4>
              <CheckList items={m.tips} />
              {m.cites && (
                <p className="text-sm">
                  {m.cites.map((c, i) => (
                    <span key={c.url}>
                      {i > 0 && " "}
                      <Cite source={c} />
                    </span>
                  ))}
                </p>
              )}
              <Sources label="Read more: " links={[...(m.links ?? []), ...(m.sources ?? [])]} />
            </li>
          );
        })}
      </ol>

      <h2>Already made one of these mistakes?</h2>
      <p>It happens, and most of them can still be managed. What I suggest:</p>
      <TermList items={recoveries} />

      <h2>A mistake-proof checklist</h2>
      <p>Keep this list handy and tick off each line before you move to the next stage.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {checklist.map((stage) => (
          <div key={stage.title} className="rounded-xl border border-line p-5">
            <h3 className="mt-0!">{stage.title}</h3>
            <CheckList items={stage.items} />
          </div>
        ))}
      </div>

      <h2>The short version</h2>
      <p>
        Get pre-approved first, spend less than your approval, budget for closing costs, keep your inspection and condo review conditions,
        leave your finances alone until you have the keys, and have your own agent check every comparable and every deadline. Do that and
        the other mistakes rarely happen.
      </p>

      <section aria-labelledby="next-steps" className="mt-10 grid gap-4 sm:grid-cols-2">
        <h2 id="next-steps" className="sr-only">
          Next steps
        </h2>
        <CallToAction
          heading="Buying soon?"
          headingLevel={3}
          tone="card"
          actions={[
            {
              to: "/contact",
              label: (
                <>
                  Contact me <ArrowRight aria-hidden="true" className="size-4" />
                </>
              ),
            },
          ]}
        >
          <p>Book a no-pressure buyer consultation. We will go over your budget, your timeline and the neighbourhoods that fit.</p>
        </CallToAction>
        <CallToAction
          heading="Selling first?"
          headingLevel={3}
          tone="card"
          actions={[
            {
              to: "/free-home-valuation",
              label: (
                <>
                  Free home valuation <ArrowRight aria-hidden="true" className="size-4" />
                </>
              ),
              variant: "secondary",
            },
          ]}
        >
          <p>Find out what your current home is worth today, so you know exactly how much you have to put toward the next one.</p>
        </CallToAction>
      </section>

      <ContactBlock heading="Have a question about buying?">
        <p>Tell me where you are in the process and I will tell you honestly what to do next, whether or not you are ready to buy.</p>
      </ContactBlock>

      <RelatedPosts
        current={slug}
        slugs={[
          "complete-step-by-step-home-buyers-guide",
          "quick-mortgage-guide-for-homebuyers",
          "hidden-costs-buying-home-alberta",
          "tips-and-tricks-to-buy-in-sellers-market",
        ]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
