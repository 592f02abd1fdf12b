import Lightbulb from "lucide-react/icons/lightbulb";
import Search from "lucide-react/icons/search";
import { Link } from "react-router";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ArticleTable } from "~/components/blog/article-table";
import { CallToAction } from "~/components/blog/call-to-action";
import { Cite, WithCite } from "~/components/blog/cite";
import { ContactBlock } from "~/components/blog/contact-block";
import { ExternalLink } from "~/components/blog/external-link";
import { RelatedPosts } from "~/components/blog/related-posts";
import { CompactTable } from "~/components/blog/table-scroll";
import { LandTitleFeeCalculator, LandTitleFeeTable } from "~/components/calculators/land-title-fee-calculator";
import {
  AMORTIZATION_YEARS,
  budget,
  closingCostCategories,
  EDMONTON_TAX_RATE,
  FIGURES_AS_OF,
  feeExamplePrices,
  ILLUSTRATIVE_RATE_PERCENT,
  landTitleFeeRule as feeRule,
  MORTGAGE_SHARE,
  PAYMENT_COMPOUNDING,
  PROGRAMS_AS_OF,
  professionalFees,
  relatedArticles,
  tips,
  workedExample as example,
} from "~/content/blog/data/hidden-costs-buying-home-alberta";
import { officialSources, ruleSources } from "~/lib/mortgage-rules";
import { formatLongDate } from "~/lib/dates";
import { LAND_TITLE_VALUE_STEP } from "~/lib/fees";
import { formatCurrency, formatPercent } from "~/lib/format";
import type { Route } from "./+types/hidden-costs-buying-home-alberta";

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
      <p>
        Instead of a land transfer tax, the Alberta Land Titles Office charges a fee to register your ownership and another to register your
        mortgage. Since October 20, 2024 both are calculated the same way:
      </p>
      <ArticleTable
        label="Alberta land title fees"
        caption={
          <>
            Alberta Land Titles Office registration fees, as of January 2025 <Cite source={ruleSources.landTitleFees} />
          </>
        }
        columns={[{ label: "Registration" }, { label: "Fee" }, { label: "Based on" }]}
        rows={[
          {
            key: "transfer",
            header: "Transfer of land",
            cells: [`${feeRule} or portion`, "The value of the property (usually the purchase price)"],
          },
          { key: "mortgage", header: "Mortgage", cells: [`${feeRule} or portion`, "The amount of the mortgage"] },
        ]}
      />
      <p>
        "Or portion" means any part of a {$(LAND_TITLE_VALUE_STEP)} step counts as a whole step. Your lawyer pays both fees on your behalf
        and lists them on your statement. Here is what they add up to with a mortgage of {pct(MORTGAGE_SHARE)} of the price:
      </p>
      <CompactTable>
        <LandTitleFeeTable prices={feeExamplePrices} mortgageShare={MORTGAGE_SHARE} />
      </CompactTable>
      <p>Try your own numbers:</p>
      <LandTitleFeeCalculator />
      <p className="text-sm text-ink-muted">
        The fees are set by the Government of Alberta; see <ExternalLink href={officialSources.alberta}>alberta.ca</ExternalLink> for the
        current schedule.
      </p>

      <h2>Professional fees</h2>
      <p>
        These are the people you'll pay to protect you. They're worth every dollar, and I wouldn't skip any that apply to your purchase.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {professionalFees.map((fee) => (
          <section key={fee.category} className="rounded-xl border border-line p-5">
            <h3 className="mt-0 text-lg">{fee.category}</h3>
            <p className="my-1 font-bold text-brand">{fee.cost}</p>
            <p className="text-sm">{fee.description}</p>
          </section>
        ))}
      </div>
      <p>
        What about your real estate agent? In most Edmonton-area purchases the buyer's agent is paid out of the seller's side of the sale.
        Your written buyer agreement with me spells out exactly how I'm paid, so there are no surprises.
      </p>

      <h2>Closing-cost categories</h2>
      <p>Beyond the professionals, these are the amounts that catch first-time buyers off guard:</p>
      <ArticleTable
        label="Closing-cost categories"
        caption="Other costs around closing, and what drives them"
        columns={[{ label: "Category" }, { label: "Cost" }, { label: "What it is" }]}
        rows={closingCostCategories.map((c) => ({
          key: c.category,
          header: c.category,
          cells: [
            c.cost,
            <WithCite key="what" cite={c.cite}>
              {c.description}
            </WithCite>,
          ],
        }))}
      />

      <h2>A worked example: a {$(example.price)} home</h2>
      <p>
        Say you buy a {$(example.price)} resale home in Edmonton with {$(example.downPayment)} down ({pct(1 - MORTGAGE_SHARE)}) and a{" "}
        {$(example.mortgage)} mortgage, closing on October 1. Here's the range of closing costs you could expect:
      </p>
      <ArticleTable
        label="Worked example"
        caption={`Closing costs on a ${$(example.price)} purchase with a ${$(example.mortgage)} mortgage`}
        columns={[
          { label: "Item" },
          { label: "Low", className: "text-right", cellClassName: "text-right tabular-nums" },
          { label: "High", className: "text-right", cellClassName: "text-right tabular-nums" },
          { label: "Notes" },
        ]}
        rows={example.rows.map((r) => ({
          key: r.item,
          header: r.item,
          cells: [
            $(r.low),
            $(r.high),
            <WithCite key="note" cite={r.cite}>
              {r.note}
            </WithCite>,
          ],
        }))}
        footer={{
          header: "Total",
          cells: [
            $(example.low),
            $(example.high),
            `${pct(example.low / example.price)} to ${pct(example.high / example.price)} of the price`,
          ],
          cellClassNames: ["text-right font-bold tabular-nums", "text-right font-bold tabular-nums"],
        }}
      />
      <p>
        So on closing day you'd need your {$(example.downPayment)} down payment plus roughly {$(example.low)} to {$(example.high)}. That's{" "}
        {pct(example.low / example.price)} to {pct(example.high / example.price)} of the price: with modest quotes you can come in under{" "}
        {pct(budget.closing.low)}. A condo document review, an interest adjustment, a larger tax adjustment or a higher legal quote can push
        you toward {pct(budget.closing.high)}, which is why I suggest planning on {range(budget.closing)}. Then add moving and the first few
        months of settling in, and you arrive at the {range(budget.allIn)} all-in figure.
      </p>
      <h3>And every month after</h3>
      <p>
        At an illustrative rate of {ILLUSTRATIVE_RATE_PERCENT}% over {AMORTIZATION_YEARS} years, compounded{" "}
        {PAYMENT_COMPOUNDING === "semi-annual" ? "semi-annually as Canadian fixed-rate mortgages are" : "monthly"}, the{" "}
        {$(example.mortgage)} mortgage costs about <strong data-testid="worked-example-payment">{$(example.payment)}</strong> a month (the
        same on my{" "}
        <Link to={example.calculatorHref} data-testid="worked-example-calculator">
          mortgage calculator
        </Link>{" "}
        with {PAYMENT_COMPOUNDING === "semi-annual" ? "semi-annual" : "monthly"} compounding chosen). Property tax at about{" "}
        {pct(EDMONTON_TAX_RATE)} of assessed value <Cite source={ruleSources.edmontonPropertyTax} /> adds roughly{" "}
        {$(example.annualTax / 12)} a month ({$(example.annualTax)} a year), before home insurance, utilities and, for condos, condo fees.
        Your actual rate depends on your lender, the term and the market on the day you lock in.
      </p>

      <h2>Tips to keep costs under control</h2>
      <ol className="my-4 space-y-3">
        {tips.map((t) => (
          <li key={t.tip} className="flex gap-3 rounded-lg bg-surface-muted p-4">
            <Lightbulb aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
            <span>
              <strong>{t.tip}.</strong> {t.description}
            </span>
          </li>
        ))}
      </ol>

      <h2>Programs that help first-time buyers</h2>
      <p>As of {formatLongDate(PROGRAMS_AS_OF)}, these federal programs can lower what you need up front or give some of it back:</p>
      <ul>
        <li>
          <strong>First Home Savings Account (FHSA):</strong> contribute up to $8,000 a year, to a lifetime limit of $40,000, deduct it from
          your taxable income, and withdraw it tax-free to buy your first home <Cite source={ruleSources.fhsa} />.
        </li>
        <li>
          <strong>Home Buyers' Plan:</strong> withdraw up to $60,000 per person from your RRSPs to buy or build a qualifying home (raised
          from $35,000 in April 2024), then repay it over time <Cite source={ruleSources.homeBuyersPlan} />.
        </li>
        <li>
          <strong>First-Time Home Buyers' Tax Credit:</strong> a $10,000 credit amount on your tax return, worth up to $1,500 in federal tax
          savings <Cite source={ruleSources.homeBuyersAmount} />.
        </li>
        <li>
          <strong>GST/HST new housing rebate:</strong> buyers of new homes at lower prices can get part of the GST back; your builder can
          tell you whether your home qualifies.
        </li>
        <li>
          <strong>30-year amortization:</strong> since December 15, 2024, first-time buyers and buyers of newly built homes with an insured
          mortgage can spread it over 30 years instead of 25, which lowers the monthly payment{" "}
          <Cite source={ruleSources.thirtyYearAmortization} />.
        </li>
      </ul>
      <p>
        Rules and limits can change. Check the <ExternalLink href={officialSources.cra}>Canada Revenue Agency</ExternalLink> for the current
        details before you rely on them.
      </p>

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
