import Lightbulb from "lucide-react/icons/lightbulb";
import { Link } from "react-router";
import { ArticleTable } from "~/components/blog/article-table";
import { Cite, WithCite } from "~/components/blog/cite";
import { ExternalLink } from "~/components/blog/external-link";
import { CompactTable } from "~/components/blog/table-scroll";
import {
  AMORTIZATION_YEARS,
  budget,
  closingCostCategories,
  EDMONTON_TAX_RATE,
  feeExamplePrices,
  ILLUSTRATIVE_RATE_PERCENT,
  landTitleFeeRule as feeRule,
  MORTGAGE_SHARE,
  PAYMENT_COMPOUNDING,
  PROGRAMS_AS_OF,
  professionalFees,
  tips,
  workedExample as example,
} from "~/content/blog/data/hidden-costs-buying-home-alberta";
import { officialSources, ruleSources } from "~/lib/mortgage-rules";
import { formatLongDate } from "~/lib/dates";
import { LAND_TITLE_VALUE_STEP } from "~/lib/fees";
import { formatCurrency, formatPercent } from "~/lib/format";

import { LandTitleFeeCalculator, LandTitleFeeTable } from "~/components/calculators/land-title-fee-calculator";

/*
 * "Hidden costs of buying a home in Alberta" from its land title fees to its programs: the
 * tables, the land title calculator and the worked example, with the arithmetic behind them. The
 * article loads it when the reader reaches for it, its server HTML kept until then (decision
 * 061); it starts with a paragraph, not a heading, so the heading keeps the space above it that a
 * first child would lose.
 */

const $ = (n: number | null) => formatCurrency(n);
const pct = (share: number) => formatPercent(share * 100);
const range = (r: { low: number; high: number }) => `${pct(r.low)} to ${pct(r.high)}`;

export function HiddenCostsBody() {
  return (
    <>
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
    </>
  );
}
