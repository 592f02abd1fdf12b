import Search from "lucide-react/icons/search";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { CallToAction } from "~/components/blog/call-to-action";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { lazyPart } from "~/components/ui/lazy-part";
import { budget, FIGURES_AS_OF, relatedArticles } from "~/content/blog/data/hidden-costs-opening";
import { formatLongDate } from "~/lib/dates";
import { formatCurrency, formatPercent } from "~/lib/format";
import type { Route } from "./+types/hidden-costs-buying-home-alberta";

// The article from its land title fees to its programs (tables, the calculator, the worked
// example) loads when the reader reaches for it, its server HTML kept until then (decision 061).
const HiddenCostsBody = lazyPart(() => import("~/components/blog/hidden-costs-body").then((m) => m.HiddenCostsBody));

const slug = "hidden-costs-buying-home-alberta";

export const meta: Route.MetaFunction = () => articleMeta(slug);

const $ = (n: number | null) => formatCurrency(n);
const pct = (share: number) => formatPercent(share * 100);
const range = (r: { low: number; high: number }) => `${pct(r.low)} to ${pct(r.high)}`;

export default function Article() {
  const { typicalPrices } = budget;
  return (
    <ArticleLayout slug={slug}>
      <p>
        Here's the good news first: Alberta has no land transfer tax. Buyers in Ontario and British Columbia pay thousands of dollars in
        provincial tax to take ownership; here you pay a registration fee of a few hundred dollars. But the down payment still isn't the
        only cheque you'll write. Lawyers, inspectors, insurance and adjustments all come due around closing day, and buyers who haven't
        planned for them can find themselves short at the worst possible moment.
      </p>

      <section aria-labelledby="short-version" className="my-8 rounded-xl border border-line bg-surface-muted p-5 sm:p-6">
        <h2 id="short-version" className="mt-0">
          The short version
        </h2>
        <ul>
          <li>
            <strong>Closing costs</strong>, the bills due at or just before closing (legal, land titles, title insurance, inspection,
            appraisal and adjustments): plan on about <strong>{range(budget.closing)}</strong> of the price. On a {$(500_000)} home that's{" "}
            {$(500_000 * budget.closing.low)} to {$(500_000 * budget.closing.high)}.
          </li>
          <li>
            <strong>All-in hidden costs</strong>, closing costs plus moving and settling in: about <strong>{range(budget.allIn)}</strong>,
            or roughly {$(typicalPrices.low * budget.allIn.low)} to {$(typicalPrices.high * budget.allIn.high)} on a typical{" "}
            {$(typicalPrices.low)} to {$(typicalPrices.high)} Edmonton-area home.
          </li>
          <li>
            <strong>What to keep in savings</strong> beyond your down payment: <strong>{range(budget.buffer)}</strong> of the price. That
            covers the costs above with room for surprises. Lenders generally want to see at least {pct(budget.lenderMinimum)} set aside for
            closing costs before they approve you.
          </li>
        </ul>
        <p className="mb-0 text-sm text-ink-muted">
          Figures as of {formatLongDate(FIGURES_AS_OF)}. Fees and programs change; check the sources linked below.
        </p>
      </section>

      <h2>Alberta land title fees</h2>
      <HiddenCostsBody />

      <CallToAction
        heading="Want a cost estimate for your purchase?"
        actions={[
          { to: "/contact", label: "Contact me" },
          {
            to: "/search",
            label: (
              <>
                <Search aria-hidden="true" className="size-4" /> Search homes for sale
              </>
            ),
            variant: "secondary",
          },
        ]}
      >
        <p>
          Tell me the price range and area you're looking at and I'll put together a closing-cost estimate for your situation, and point you
          to lawyers, inspectors and lenders I trust.
        </p>
      </CallToAction>

      <RelatedPosts current={slug} slugs={relatedArticles} heading="Related articles" />

      <ContactBlock />
    </ArticleLayout>
  );
}
