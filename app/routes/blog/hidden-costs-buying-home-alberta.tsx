import { THIRTY_YEAR_INSURED_RULE } from "~/lib/mortgage";
import { formatLongDate } from "~/lib/dates";
import { EDMONTON_TOTAL_PROPERTY_TAX_PERCENT } from "~/content/blog/data/figures";
import { Lightbulb, Search } from "lucide-react";
import { ArticleLayout, articleMeta } from "~/components/blog/article-layout";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { CompactTable, TableScroll } from "~/components/blog/table-scroll";
import { LandTitleFeeCalculator, LandTitleFeeTable } from "~/components/calculators/land-title-fee-calculator";
import { ButtonLink } from "~/components/ui/button";
import { closingCostCategories, professionalFees, tips } from "~/content/blog/data/hidden-costs-buying-home-alberta";
import { LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP, landTitleFees } from "~/lib/fees";
import { formatCurrency, formatPercent } from "~/lib/format";
import { monthlyPayment } from "~/lib/mortgage";

const slug = "hidden-costs-buying-home-alberta";

export const meta = () => articleMeta(slug);

const $ = (n: number | null) => formatCurrency(n);

/** "$50 + $5 per $5,000", from the module's constants. */
const feeRule = `${$(LAND_TITLE_BASE_FEE)} + ${$(LAND_TITLE_FEE_PER_STEP)} per ${$(LAND_TITLE_VALUE_STEP)}`;

/** The land-title example table of the spec: four prices, each with an 80% mortgage. */
const feeExamplePrices = [300_000, 450_000, 600_000, 800_000] as const;
const MORTGAGE_SHARE = 0.8;

/** Planning rules of thumb, as shares of the purchase price (one statement, used everywhere below). */
const budget = {
  closing: { low: 0.01, high: 0.02 },
  allIn: { low: 0.02, high: 0.03 },
  buffer: { low: 0.02, high: 0.04 },
  lenderMinimum: 0.015,
  /** Typical Edmonton-area price band used to turn the percentages into dollars. */
  typicalPrices: { low: 400_000, high: 500_000 },
} as const;

/** Edmonton property tax, the whole bill (municipal about 0.76 % plus education): see figures.ts. */
const EDMONTON_TAX_RATE = EDMONTON_TOTAL_PROPERTY_TAX_PERCENT / 100;
/** "About 4%": an illustrative rate only, not a quote. */
const ILLUSTRATIVE_RATE_PERCENT = 4;
const AMORTIZATION_YEARS = 25;

/** The worked $450,000 example: every figure below is computed from these inputs. */
const example = (() => {
  const price = 450_000;
  const mortgage = price * MORTGAGE_SHARE;
  const downPayment = price - mortgage;
  const fees = landTitleFees({ price, mortgage });
  const annualTax = price * EDMONTON_TAX_RATE;
  // Closing October 1 after the seller paid the whole year's tax: the buyer repays October to December.
  const taxAdjustment = Math.round((annualTax * 3) / 12);
  const rows: { item: string; low: number; high: number; note: string }[] = [
    { item: "Land title transfer fee", low: fees.transfer, high: fees.transfer, note: `${feeRule} of ${$(price)}` },
    { item: "Mortgage registration fee", low: fees.mortgage, high: fees.mortgage, note: `${feeRule} of ${$(mortgage)}` },
    { item: "Legal fees", low: 1_000, high: 2_000, note: "Quotes vary; ask what's included" },
    { item: "Title insurance", low: 200, high: 500, note: "Usually arranged by your lawyer" },
    { item: "Home inspection", low: 400, high: 700, note: "Before you remove conditions" },
    { item: "Appraisal", low: 0, high: 500, note: "Often paid by the lender; up to $500 if not" },
    { item: "Property tax adjustment", low: 0, high: taxAdjustment, note: "Closing October 1, seller has paid the year's tax" },
  ];
  const low = rows.reduce((sum, r) => sum + r.low, 0);
  const high = rows.reduce((sum, r) => sum + r.high, 0);
  const payment = monthlyPayment(mortgage, ILLUSTRATIVE_RATE_PERCENT, AMORTIZATION_YEARS, "semi-annual");
  return { price, mortgage, downPayment, annualTax, rows, low, high, payment };
})();

const relatedArticles = [
  "quick-mortgage-guide-for-homebuyers",
  "complete-step-by-step-home-buyers-guide",
  "top-10-mistakes-to-avoid-when-buying-a-home",
  "essential-real-estate-contacts",
] as const;

const pct = (share: number) => formatPercent(share * 100);
const range = (r: { low: number; high: number }) => `${pct(r.low)} to ${pct(r.high)}`;

export default function Article() {
  const { typicalPrices } = budget;
  return (
    <ArticleLayout slug={slug}>
      <p>
        Here's the good news first: Alberta has no land transfer tax. Buyers in Ontario and British Columbia pay thousands of dollars in
        provincial tax to take ownership; here you pay a registration fee of a few hundred dollars. But the down payment still isn't the only
        cheque you'll write. Lawyers, inspectors, insurance and adjustments all come due around closing day, and buyers who haven't planned for
        them can find themselves short at the worst possible moment.
      </p>

      <section aria-labelledby="short-version" className="my-8 rounded-xl border border-line bg-surface-muted p-5 sm:p-6">
        <h2 id="short-version" className="mt-0">
          The short version
        </h2>
        <ul>
          <li>
            <strong>Closing costs</strong>, the bills due at or just before closing (legal, land titles, title insurance, inspection, appraisal
            and adjustments): plan on about <strong>{range(budget.closing)}</strong> of the price. On a {$(500_000)} home that's{" "}
            {$(500_000 * budget.closing.low)} to {$(500_000 * budget.closing.high)}.
          </li>
          <li>
            <strong>All-in hidden costs</strong>, closing costs plus moving and settling in: about <strong>{range(budget.allIn)}</strong>, or
            roughly {$(typicalPrices.low * budget.allIn.low)} to {$(typicalPrices.high * budget.allIn.high)} on a typical {$(typicalPrices.low)}{" "}
            to {$(typicalPrices.high)} Edmonton-area home.
          </li>
          <li>
            <strong>What to keep in savings</strong> beyond your down payment: <strong>{range(budget.buffer)}</strong> of the price. That covers
            the costs above with room for surprises. Lenders generally want to see at least {pct(budget.lenderMinimum)} set aside for closing
            costs before they approve you.
          </li>
        </ul>
        <p className="mb-0 text-sm text-ink-muted">Figures as of January 4, 2025. Fees and programs change; check the sources linked below.</p>
      </section>

      <h2>Alberta land title fees</h2>
      <p>
        Instead of a land transfer tax, the Alberta Land Titles Office charges a fee to register your ownership and another to register your
        mortgage. Since October 20, 2024 both are calculated the same way:
      </p>
      <TableScroll label="Alberta land title fees">
        <table>
          <caption className="mb-2 text-left text-sm text-ink-muted">Alberta Land Titles Office registration fees, as of January 2025</caption>
          <thead>
            <tr>
              <th scope="col">Registration</th>
              <th scope="col">Fee</th>
              <th scope="col">Based on</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Transfer of land</th>
              <td>
                {feeRule} or portion
              </td>
              <td>The value of the property (usually the purchase price)</td>
            </tr>
            <tr>
              <th scope="row">Mortgage</th>
              <td>
                {feeRule} or portion
              </td>
              <td>The amount of the mortgage</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      <p>
        "Or portion" means any part of a {$(LAND_TITLE_VALUE_STEP)} step counts as a whole step. Your lawyer pays both fees on your behalf and
        lists them on your statement. Here is what they add up to with a mortgage of {pct(MORTGAGE_SHARE)} of the price:
      </p>
      <CompactTable>
        <LandTitleFeeTable prices={feeExamplePrices} mortgageShare={MORTGAGE_SHARE} />
      </CompactTable>
      <p>Try your own numbers:</p>
      <LandTitleFeeCalculator />
      <p className="text-sm text-ink-muted">
        The fees are set by the Government of Alberta; see{" "}
        <a href="https://www.alberta.ca/" target="_blank" rel="noopener noreferrer">
          alberta.ca<span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        for the current schedule.
      </p>

      <h2>Professional fees</h2>
      <p>These are the people you'll pay to protect you. They're worth every dollar, and I wouldn't skip any that apply to your purchase.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {professionalFees.map((fee) => (
          <section key={fee.category} className="rounded-xl border border-line p-5">
            <h3 className="mt-0 text-lg">{fee.category}</h3>
            <p className="my-1 font-semibold text-brand">{fee.cost}</p>
            <p className="text-sm">{fee.description}</p>
          </section>
        ))}
      </div>
      <p>
        What about your real estate agent? In most Edmonton-area purchases the buyer's agent is paid out of the seller's side of the sale. Your
        written buyer agreement with me spells out exactly how I'm paid, so there are no surprises.
      </p>

      <h2>Closing-cost categories</h2>
      <p>Beyond the professionals, these are the amounts that catch first-time buyers off guard:</p>
      <TableScroll label="Closing-cost categories">
        <table>
          <caption className="mb-2 text-left text-sm text-ink-muted">Other costs around closing, and what drives them</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Cost</th>
              <th scope="col">What it is</th>
            </tr>
          </thead>
          <tbody>
            {closingCostCategories.map((c) => (
              <tr key={c.category}>
                <th scope="row">{c.category}</th>
                <td>{c.cost}</td>
                <td>{c.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <h2>A worked example: a {$(example.price)} home</h2>
      <p>
        Say you buy a {$(example.price)} resale home in Edmonton with {$(example.downPayment)} down ({pct(1 - MORTGAGE_SHARE)}) and a{" "}
        {$(example.mortgage)} mortgage, closing on October 1. Here's the range of closing costs you could expect:
      </p>
      <TableScroll label="Worked example">
        <table>
          <caption className="mb-2 text-left text-sm text-ink-muted">
            Closing costs on a {$(example.price)} purchase with a {$(example.mortgage)} mortgage
          </caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="text-right">
                Low
              </th>
              <th scope="col" className="text-right">
                High
              </th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {example.rows.map((r) => (
              <tr key={r.item}>
                <th scope="row">{r.item}</th>
                <td className="text-right tabular-nums">{$(r.low)}</td>
                <td className="text-right tabular-nums">{$(r.high)}</td>
                <td>{r.note}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="text-right font-semibold tabular-nums">{$(example.low)}</td>
              <td className="text-right font-semibold tabular-nums">{$(example.high)}</td>
              <td>
                {pct(example.low / example.price)} to {pct(example.high / example.price)} of the price
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p>
        So on closing day you'd need your {$(example.downPayment)} down payment plus roughly {$(example.low)} to {$(example.high)}. That's{" "}
        {pct(example.low / example.price)} to {pct(example.high / example.price)} of the price: with modest quotes you can come in under{" "}
        {pct(budget.closing.low)}. A condo document review, an interest adjustment, a larger tax adjustment or a higher legal quote can push you
        toward {pct(budget.closing.high)}, which is why I suggest planning on {range(budget.closing)}. Then add moving and the first few months
        of settling in, and you arrive at the {range(budget.allIn)} all-in figure.
      </p>
      <h3>And every month after</h3>
      <p>
        At an illustrative rate of {ILLUSTRATIVE_RATE_PERCENT}% over {AMORTIZATION_YEARS} years, the {$(example.mortgage)} mortgage costs about{" "}
        <strong>{$(example.payment)}</strong> a month. Property tax at about {pct(EDMONTON_TAX_RATE)} of assessed value adds roughly{" "}
        {$(example.annualTax / 12)} a month ({$(example.annualTax)} a year), before home insurance, utilities and, for condos, condo fees. Your
        actual rate depends on your lender, the term and the market on the day you lock in.
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
      <p>As of January 2025, these federal programs can lower what you need up front or give some of it back:</p>
      <ul>
        <li>
          <strong>First Home Savings Account (FHSA):</strong> contribute up to $8,000 a year, to a lifetime limit of $40,000, deduct it from your
          taxable income, and withdraw it tax-free to buy your first home.
        </li>
        <li>
          <strong>Home Buyers' Plan:</strong> withdraw up to $60,000 per person from your RRSPs to buy or build a qualifying home (raised from
          $35,000 in April 2024), then repay it over time.
        </li>
        <li>
          <strong>First-Time Home Buyers' Tax Credit:</strong> a $10,000 credit amount on your tax return, worth up to $1,500 in federal tax savings.
        </li>
        <li>
          <strong>GST/HST new housing rebate:</strong> buyers of new homes at lower prices can get part of the GST back; your builder can tell
          you whether your home qualifies.
        </li>
        <li>
          <strong>30-year amortization:</strong> since December 15, 2024, first-time buyers and buyers of newly built homes with an insured
          mortgage can spread it over 30 years instead of 25, which lowers the monthly payment (
          <a href={THIRTY_YEAR_INSURED_RULE.source.url} target="_blank" rel="noopener noreferrer">
            Department of Finance Canada
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          , as of {formatLongDate(THIRTY_YEAR_INSURED_RULE.asOf)}).
        </li>
      </ul>
      <p>
        Rules and limits can change. Check the{" "}
        <a href="https://www.canada.ca/en/revenue-agency.html" target="_blank" rel="noopener noreferrer">
          Canada Revenue Agency<span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        for the current details before you rely on them.
      </p>

      <section aria-labelledby="cta-heading" className="mt-12 rounded-2xl bg-brand-soft p-6 sm:p-8">
        <h2 id="cta-heading" className="mt-0">
          Want a cost estimate for your purchase?
        </h2>
        <p>
          Tell me the price range and area you're looking at and I'll put together a closing-cost estimate for your situation, and point you to
          lawyers, inspectors and lenders I trust.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to="/contact">Contact me</ButtonLink>
          <ButtonLink to="/search" variant="secondary">
            <Search aria-hidden="true" className="size-4" /> Search homes for sale
          </ButtonLink>
        </div>
      </section>

      <RelatedPosts current={slug} slugs={relatedArticles} heading="Related articles" />

      <ContactBlock />
    </ArticleLayout>
  );
}
