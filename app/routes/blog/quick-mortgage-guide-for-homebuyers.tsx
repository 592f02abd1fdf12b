import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { ExternalLink } from "~/components/blog/external-link";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ButtonLink } from "~/components/ui/button";
import { lazyPart } from "~/components/ui/lazy-part";
import { officialSources } from "~/lib/mortgage-rules";
import { faq, mortgageTypes, type FaqItem } from "~/content/blog/data/quick-mortgage-guide-opening";
import { site } from "~/content/site";
import { faqPageJsonLd } from "~/lib/faq-structured-data";
import type { Route } from "./+types/quick-mortgage-guide-for-homebuyers";

// The guide's tables and worked figures load when the reader reaches for them, their server HTML
// kept until then (decision 061): the article's first script stays within issue 45's budget.
const QuickMortgageGuideBody = lazyPart(() => import("~/components/blog/quick-mortgage-guide-body").then((m) => m.QuickMortgageGuideBody));

const slug = "quick-mortgage-guide-for-homebuyers";

/** The answer as plain text for search engines: the answer, then where its link leads. */
function faqAnswerText(item: FaqItem): string {
  return item.link ? `${item.answer} ${item.link.label}.` : item.answer;
}

export const meta: Route.MetaFunction = () =>
  articleMeta(slug, { extraJsonLd: [faqPageJsonLd(faq.map((f) => ({ question: f.question, answer: faqAnswerText(f) })))] });

export default function Article() {
  return (
    <ArticleLayout slug={slug}>
      <p>
        Your mortgage shapes every other decision when you buy: the price range you shop in, how strong your offer looks and what you pay
        every month for years. This guide covers the essentials I go over with every buyer in Edmonton, in plain language. Rules and figures
        are as of July 2025; the <ExternalLink href={officialSources.mortgages}>Financial Consumer Agency of Canada</ExternalLink> keeps the
        official version.
      </p>

      <h2>The four mortgage types</h2>
      <p>Every mortgage is either fixed or variable, and either closed or open. Here is what each means for you.</p>
      <ul className="grid list-none! gap-4 pl-0! sm:grid-cols-2">
        {mortgageTypes.map((t) => (
          <li key={t.title} className="rounded-xl border border-line bg-surface-muted p-5">
            <h3 className="mt-0!">{t.title}</h3>
            <p>{t.description}</p>
            <p className="mb-0! text-sm">
              <strong>Good for:</strong> {t.goodFor}
            </p>
          </li>
        ))}
      </ul>

      <h2>High-ratio versus conventional mortgages</h2>
      <QuickMortgageGuideBody />

      <section aria-labelledby="about-me" className="mt-12 rounded-xl border border-line p-6">
        <h2 id="about-me" className="mt-0!">
          About me
        </h2>
        <p>
          I'm {site.agent.name}, a {site.agent.title} with {site.brokerage.name}, and I have been helping people buy and sell homes in
          Edmonton and the surrounding communities for {site.agent.yearsLicensed} years. I'm not a lender, but financing is part of every
          purchase I work on: I can introduce you to mortgage brokers and bankers I trust, help you compare their offers, and make sure your
          financing fits the home and the dates in your contract.
        </p>
        <ButtonLink to="/about" variant="secondary">
          More about me
        </ButtonLink>
      </section>

      <ContactBlock heading="Thank you for reading">
        <p>
          I hope this guide makes your mortgage decisions a little easier. If you have a question it didn't answer, or you would like an
          introduction to a mortgage professional, call or e-mail me any time.
        </p>
      </ContactBlock>

      <RelatedPosts
        current={slug}
        slugs={[
          "complete-step-by-step-home-buyers-guide",
          "hidden-costs-buying-home-alberta",
          "new-gst-rebate-for-home-buyers",
          "top-10-mistakes-to-avoid-when-buying-a-home",
        ]}
        heading="Keep reading"
      />
    </ArticleLayout>
  );
}
