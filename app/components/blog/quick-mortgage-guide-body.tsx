import ArrowUpRight from "lucide-react/icons/arrow-up-right";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Link } from "react-router";
import { ArticleTable } from "~/components/blog/article-table";
import { Cite, WithCite } from "~/components/blog/cite";
import { ExternalLink } from "~/components/blog/external-link";
import { ILLUSTRATIVE_RATE_PERCENT, officialSources, qualifyingRate, ruleSources } from "~/lib/mortgage-rules";
import {
  faq,
  highRatioBands,
  highRatioVersusConventional,
  debtService,
  incomeMultiples,
  incomeTableAssumptions,
  incomeToMaxMortgage,
  pitfalls,
  preQualifiedVersusPreApproved,
  resources,
  type ComparisonRow,
} from "~/content/blog/data/quick-mortgage-guide-for-homebuyers";
import { formatNumber } from "~/lib/format";
import { formatCurrency, formatPercent, monthlyPayment } from "~/lib/mortgage";
import { DOWN_PAYMENT_RULE, minimumDownPayment } from "~/lib/mortgage-insurance";

/*
 * The quick mortgage guide from its second section to its resources: the tables and worked
 * figures, with the arithmetic behind them. The article loads it when the reader reaches for it,
 * its server HTML kept until then (decision 061); it starts with a paragraph, not a heading, so
 * the heading keeps the space above it that a first child would lose.
 */

/** Worked examples; every amount below is computed. */
const PAYMENT_EXAMPLE_PRINCIPAL = 400_000;
const PAYMENT_EXAMPLE_YEARS = 25;
const DOWN_PAYMENT_EXAMPLES = [400_000, 600_000, 900_000, 1_600_000] as const;

/** 3.4 for 3.41: "roughly 3.4 times income". */
const formatMultiple = (n: number) => formatNumber(Math.round(n * 10) / 10);

/** A two-column comparison table: row labels, then the two options side by side. */
function ComparisonTable({
  caption,
  first,
  second,
  rows,
}: {
  caption: string;
  first: string;
  second: string;
  rows: readonly ComparisonRow[];
}) {
  return (
    <ArticleTable
      label={caption}
      caption={caption}
      columns={[{ label: null }, { label: first }, { label: second }]}
      rows={rows.map((r) => ({
        key: r.label,
        header: r.label,
        cells: [
          <WithCite key="first" cite={r.cite}>
            {r.first}
          </WithCite>,
          r.second,
        ],
      }))}
    />
  );
}

export function QuickMortgageGuideBody() {
  const rate = ILLUSTRATIVE_RATE_PERCENT;
  const stressRate = qualifyingRate(rate);
  const payment = monthlyPayment(PAYMENT_EXAMPLE_PRINCIPAL, rate, PAYMENT_EXAMPLE_YEARS, "semi-annual");
  const stressPayment = monthlyPayment(PAYMENT_EXAMPLE_PRINCIPAL, stressRate, PAYMENT_EXAMPLE_YEARS, "semi-annual");
  const rule = DOWN_PAYMENT_RULE;

  return (
    <>
      <p>
        A mortgage is <strong>high-ratio</strong> when your down payment is below 20% of the price, and <strong>conventional</strong> when
        it is 20% or more. The minimum down payment is 5%, and most buyers put down somewhere between 5% and 20%.
      </p>
      <p>
        As of December 15, 2024, the minimum is {rule.firstTierPercent}% of the first {formatCurrency(rule.firstTierLimit)} of the price and{" "}
        {rule.secondTierPercent}% of the rest; from {formatCurrency(rule.insuredPriceLimit)} the minimum is {rule.uninsuredPercent}% of the
        whole price, and the mortgage can't be insured <Cite source={ruleSources.downPayment} />. (
        <ExternalLink href={officialSources.downPayment}>Current rule on Canada.ca</ExternalLink>.)
      </p>
      <ArticleTable
        label="Minimum down payment at four prices"
        caption={
          <>
            Minimum down payment at four prices <Cite source={ruleSources.downPayment} />
          </>
        }
        columns={[{ label: "Purchase price" }, { label: "Minimum down payment" }, { label: "Share of the price" }]}
        rows={DOWN_PAYMENT_EXAMPLES.map((price) => {
          const minimum = minimumDownPayment(price);
          return {
            key: price,
            header: formatCurrency(price),
            cells: [formatCurrency(minimum), minimum === null ? "" : formatPercent((minimum / price) * 100, 1)],
          };
        })}
      />
      <ComparisonTable
        caption="High-ratio and conventional mortgages compared"
        first="High-ratio"
        second="Conventional"
        rows={highRatioVersusConventional}
      />
      <ArticleTable
        label="Default insurance premium on a high-ratio mortgage, 25-year amortization"
        caption={
          <>
            Default insurance premium on a high-ratio mortgage, 25-year amortization <Cite source={ruleSources.mortgageInsurance} />
          </>
        }
        columns={[{ label: "Your down payment" }, { label: "Premium, as a share of the loan" }]}
        rows={highRatioBands.map((band, i) => {
          const fromDown = 100 - band.maxLtvPercent;
          const toDown = i === 0 ? 20 : 100 - (highRatioBands[i - 1]?.maxLtvPercent ?? 80);
          return { key: band.maxLtvPercent, header: `${fromDown}% to under ${toDown}%`, cells: [formatPercent(band.ratePercent)] };
        })}
      />

      <h2>Pre-qualified versus pre-approved</h2>
      <p>
        The two words sound alike, but only one of them tells you, and a seller, that you can actually buy. Get pre-approved before you
        start viewing homes.
      </p>
      <ComparisonTable
        caption="Pre-qualification and pre-approval compared"
        first="Pre-qualified"
        second="Pre-approved"
        rows={preQualifiedVersusPreApproved}
      />

      <h2>How lenders decide what you can borrow</h2>
      <p>Lenders look at two ratios of your gross (before-tax) monthly income:</p>
      <ul>
        <li>
          <strong>Gross Debt Service (GDS):</strong> your mortgage payment, property tax, heating and half of any condo fee. The traditional
          target is {debtService.traditionalGds}% or less.
        </li>
        <li>
          <strong>Total Debt Service (TDS):</strong> all of the above plus car loans, student loans, credit cards and lines of credit. The
          traditional target is {debtService.traditionalTds.low}% to {debtService.traditionalTds.high}% at most.
        </li>
      </ul>
      <p>
        Those are targets. The rule for an insured mortgage (less than 20% down) allows a GDS of up to {debtService.insuredGds}% and a TDS
        of up to {debtService.insuredTds}% for borrowers with a strong history of paying on time{" "}
        <Cite source={ruleSources.insuredDebtService} />.
      </p>
      <p>
        Both are calculated at the stress-test rate, not your actual rate. With an illustrative rate of {formatPercent(rate)}, you would
        qualify at {formatPercent(stressRate)} <Cite source={ruleSources.stressTest} />: on a {formatCurrency(PAYMENT_EXAMPLE_PRINCIPAL)}{" "}
        mortgage over {PAYMENT_EXAMPLE_YEARS} years, you would pay about <strong>{formatCurrency(payment)}</strong> a month, but the lender
        checks that you could afford <strong>{formatCurrency(stressPayment)}</strong>. (Canadian fixed-rate mortgages compound twice a year,
        and these figures do too. Try your own numbers on my <Link to="/mortgage-calculator">mortgage calculator</Link>.)
      </p>

      <h3>What income buys: a rough guide</h3>
      <ArticleTable
        label="Approximate maximum mortgage by gross household income"
        caption="Approximate maximum mortgage by gross household income, with no other debts"
        columns={[{ label: "Gross household income" }, { label: "Approximate maximum mortgage" }]}
        rows={incomeToMaxMortgage.map((row) => ({
          key: row.income,
          header: formatCurrency(row.income),
          cells: [`${formatCurrency(row.traditional)}–${formatCurrency(row.insured)}`],
        }))}
      />
      <p>
        The lower figure keeps your GDS at the traditional {debtService.traditionalGds}%, the higher one uses the insured limit of{" "}
        {debtService.insuredGds}%. Both assume you qualify at {formatPercent(incomeTableAssumptions.qualifyingRatePercent)} (the stress-test
        rate above) over {incomeTableAssumptions.amortizationYears} years, with {formatCurrency(incomeTableAssumptions.monthlyHeating)} a
        month of heating and property tax of {formatPercent(incomeTableAssumptions.propertyTaxPercent)} of the price a year, Edmonton&apos;s
        whole bill <Cite source={ruleSources.edmontonPropertyTax} />.
      </p>
      <p>
        That is roughly {formatMultiple(incomeMultiples.low)} to {formatMultiple(incomeMultiples.high)} times income. Treat it as a starting
        point, not a promise: car payments, credit card balances, condo fees and the qualifying rate on the day you apply can all bring your
        number down. A pre-approval gives you the real one.
      </p>

      <h2>Common pitfalls</h2>
      <ul className="list-none! space-y-3! pl-0!">
        {pitfalls.map((p) => (
          <li key={p.title} className="flex gap-3">
            <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent" />
            <span>
              <strong>{p.title}.</strong> {p.description}
            </span>
          </li>
        ))}
      </ul>

      <h2 id="faq">Frequently asked questions</h2>
      <div className="space-y-3">
        {faq.map((item) => (
          <details key={item.question} className="group rounded-lg border border-line px-4 py-3 open:bg-surface-muted">
            <summary className="cursor-pointer font-bold text-ink marker:text-brand">{item.question}</summary>
            <p>
              <WithCite cite={item.cite}>
                {item.answer}
                {item.link && (
                  <>
                    {" "}
                    {item.link.external ? (
                      <ExternalLink href={item.link.to}>{item.link.label}</ExternalLink>
                    ) : (
                      <Link to={item.link.to}>{item.link.label}</Link>
                    )}
                    .
                  </>
                )}
              </WithCite>
            </p>
          </details>
        ))}
      </div>

      <h2>Helpful resources</h2>
      <ul className="grid list-none! gap-4 pl-0! sm:grid-cols-2">
        {resources.map((r) => {
          const Icon = r.icon;
          const body = (
            <>
              <span className="flex items-center gap-2 font-bold text-brand underline">
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {r.title}
                {r.external && <ArrowUpRight aria-hidden="true" className="size-4 shrink-0" />}
              </span>
              <span className="mt-1 block text-sm text-ink-muted">{r.description}</span>
            </>
          );
          const cardClass = "block h-full rounded-xl border border-line p-4 hover:border-brand";
          return (
            <li key={r.href}>
              {r.external ? (
                <ExternalLink href={r.href} className={cardClass}>
                  {body}
                </ExternalLink>
              ) : (
                <Link to={r.href} className={cardClass}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
