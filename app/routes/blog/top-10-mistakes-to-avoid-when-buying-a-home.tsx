import { ArrowRight, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ButtonLink } from "~/components/ui/button";
import { EDMONTON_PROPERTY_TAX_AS_OF, EDMONTON_PROPERTY_TAX_PERCENT, EDMONTON_TOTAL_PROPERTY_TAX_PERCENT, officialSources } from "~/content/blog/data/figures";
import { formatLongDate } from "~/lib/dates";
import { checklist, mistakes } from "~/content/blog/data/top-10-mistakes-to-avoid-when-buying-a-home";
import { landTitleFees } from "~/lib/fees";
import { formatCurrency } from "~/lib/mortgage";

const slug = "top-10-mistakes-to-avoid-when-buying-a-home";

export const meta = () => articleMeta(slug);

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
        year, and the provincial education tax on the same bill brings the total to about {EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}% (
        <a href={officialSources.edmontonPropertyTax} target="_blank" rel="noopener noreferrer">
          City of Edmonton
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        , 2025 rates, as of {formatLongDate(EDMONTON_PROPERTY_TAX_AS_OF)}). A home assessed at {formatCurrency(TAX_EXAMPLE_ASSESSMENT)} pays roughly{" "}
        {formatCurrency(yearlyTax)} a year, or about {formatCurrency(yearlyTax / 12)} a month, before utilities, insurance and upkeep.
        Surrounding towns and counties set their own rates.
      </p>
    ),
    "forgetting-closing-costs": (
      <p>
        <strong>Example:</strong> on a {formatCurrency(EXAMPLE_PRICE)} home with a {formatCurrency(EXAMPLE_MORTGAGE)} mortgage, the Alberta land
        title fees alone are {formatCurrency(fees.transfer)} to register the transfer plus {formatCurrency(fees.mortgage)} to register the
        mortgage: {formatCurrency(fees.total)} in total, before the lawyer, inspection or adjustments.
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

      <nav aria-labelledby="mistakes-at-a-glance" className="my-6 rounded-xl border border-line bg-surface-muted p-5">
        <h2 id="mistakes-at-a-glance" className="mt-0! text-xl!">
          The ten mistakes at a glance
        </h2>
        <ol>
          {mistakes.map((m) => (
            <li key={m.id}>
              <a href={`#${m.id}`}>{m.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <h2>The mistakes, and how to avoid each one</h2>
      <ol className="list-none! space-y-6! pl-0!">
        {mistakes.map((m, index) => {
          const Icon = m.icon;
          return (
            <li key={m.id} id={m.id} className="scroll-mt-24 rounded-xl border border-line p-5 sm:p-6">
                <div className="flex items-start gap-4">
                  <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                    <Icon className="size-5" />
                  </span>
                  <h3 className="mt-1! mb-0!">
                    <span className="text-brand">Mistake {index + 1}:</span> {m.title}
                  </h3>
                </div>
                <p>{m.problem}</p>
                {extra[m.id]}
                <h4 className="mt-4 font-semibold text-ink">How to avoid it</h4>
                <ul className="list-none! space-y-1.5! pl-0!">
                  {m.tips.map((tip) => (
                    <li key={tip} className="flex gap-2">
                      <CheckCircle2 aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand" />
                      <span>{tip}</span>
                    </li>
                  ))}
                </ul>
                {(m.links || m.sources) && (
                  <p className="mb-0! text-sm">
                    <span className="text-ink-muted">Read more: </span>
                    {m.links?.map((l, i) => (
                      <span key={l.to}>
                        {i > 0 && <span className="text-ink-muted"> · </span>}
                        <Link to={l.to}>{l.label}</Link>
                      </span>
                    ))}
                    {m.sources?.map((l, i) => (
                      <span key={l.href}>
                        {(i > 0 || m.links) && <span className="text-ink-muted"> · </span>}
                        <a href={l.href} target="_blank" rel="noopener noreferrer">
                          {l.label}
                          <span className="sr-only"> (opens in a new tab)</span>
                        </a>
                      </span>
                    ))}
                  </p>
                )}
            </li>
          );
        })}
      </ol>

      <h2>Already made one of these mistakes?</h2>
      <p>It happens, and most of them can still be managed. What I suggest:</p>
      <ul>
        <li>
          <strong>You waived the inspection to win the house.</strong> Book an inspection anyway before or right after possession. It won't
          change the deal, but it tells you what to fix first and what to budget for, before a small leak becomes a big one.
        </li>
        <li>
          <strong>The appraisal came in below your price.</strong> If your financing condition is still open, talk to your lender and to me
          right away: options include a second appraisal, renegotiating the price with the seller or covering the gap from savings.
        </li>
        <li>
          <strong>You took on new debt after your pre-approval.</strong> Tell your lender or broker now rather than letting them find it on
          closing day. A larger down payment, paying off a small balance or a different lender can sometimes save the approval.
        </li>
        <li>
          <strong>You are stretched at the top of your budget.</strong> Build a cash cushion before you buy furniture, put windfalls toward
          your mortgage's prepayment privileges, and ask your lender well before renewal what options you will have.
        </li>
        <li>
          <strong>The condo has a special assessment you missed.</strong> Ask the condo's management for the payment schedule and whether
          it can be spread out, and check whether your contract or the estoppel certificate says who pays assessments passed before closing.
        </li>
      </ul>

      <h2>A mistake-proof checklist</h2>
      <p>Keep this list handy and tick off each line before you move to the next stage.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {checklist.map((stage) => (
          <div key={stage.title} className="rounded-xl border border-line p-5">
            <h3 className="mt-0!">{stage.title}</h3>
            <ul className="list-none! space-y-1.5! pl-0!">
              {stage.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-1.5 size-4 shrink-0 text-brand" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>

      <h2>The short version</h2>
      <p>
        Get pre-approved first, spend less than your approval, budget for closing costs, keep your inspection and condo review conditions, leave
        your finances alone until you have the keys, and have your own agent check every comparable and every deadline. Do that and the other
        mistakes rarely happen.
      </p>

      <section aria-labelledby="next-steps" className="mt-10 grid gap-4 sm:grid-cols-2">
        <h2 id="next-steps" className="sr-only">
          Next steps
        </h2>
        <div className="rounded-xl border border-line bg-surface-muted p-5">
          <h3 className="mt-0!">Buying soon?</h3>
          <p>Book a no-pressure buyer consultation. We will go over your budget, your timeline and the neighbourhoods that fit.</p>
          <ButtonLink to="/contact" className="mt-2">
            Contact me <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
        <div className="rounded-xl border border-line bg-surface-muted p-5">
          <h3 className="mt-0!">Selling first?</h3>
          <p>Find out what your current home is worth today, so you know exactly how much you have to put toward the next one.</p>
          <ButtonLink to="/free-home-valuation" variant="secondary" className="mt-2">
            Free home valuation <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
      </section>

      <ContactBlock heading="Have a question about buying?">
        <p>Tell me where you are in the process and I will tell you honestly what to do next, whether or not you are ready to buy.</p>
      </ContactBlock>

      <RelatedPosts
        current={slug}
        slugs={["complete-step-by-step-home-buyers-guide", "quick-mortgage-guide-for-homebuyers", "hidden-costs-buying-home-alberta", "tips-and-tricks-to-buy-in-sellers-market"]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
