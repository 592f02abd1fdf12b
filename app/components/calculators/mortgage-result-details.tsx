/**
 * The calculator's result beyond the monthly payment: the down-payment rule under the field, the
 * mortgage insurance line, the 30-year question and its official source, and the details list.
 */
import { ExternalLink } from "~/components/blog/external-link";
import { formatLongDate } from "~/lib/dates";
import { formatCurrency, formatPercent } from "~/lib/format";
import { THIRTY_YEAR_INSURED_RULE } from "~/lib/insured-amortization-rule";
import { DOWN_PAYMENT_RULE } from "~/lib/mortgage-insurance";
import type { ReactNode } from "react";
import { FIELD, type CalculatorInputs, type CalculatorResult } from "~/lib/mortgage-inputs";

const rule = DOWN_PAYMENT_RULE;

export function DownPaymentNote({ result }: { result: CalculatorResult }) {
  const share = `${formatPercent(result.downPercent, 1)} of the price (${formatCurrency(result.downPayment)}).`;
  if (result.belowMinimum) {
    return (
      <span className="text-danger">
        {share} Below the {formatCurrency(result.minimumDown)} minimum for this price: lenders need {rule.firstTierPercent}% of the first{" "}
        {formatCurrency(rule.firstTierLimit)}, {rule.secondTierPercent}% of the rest, and {rule.uninsuredPercent}% of the whole price from{" "}
        {formatCurrency(rule.insuredPriceLimit)}.
      </span>
    );
  }
  return (
    <>
      {share} Minimum for this price: {formatCurrency(result.minimumDown)}.
    </>
  );
}

function InsuranceLine({ result }: { result: CalculatorResult }) {
  const { insurance } = result;
  if (insurance.status === "not-required") return <>None needed: the down payment is 20% or more.</>;
  if (insurance.status === "unavailable") return <>Not available below the minimum down payment, so no lender can offer this loan; the payment is for illustration.</>;
  return (
    <>
      {formatCurrency(insurance.premium, { cents: true })} ({formatPercent(insurance.ratePercent)} of the {formatCurrency(result.loan)} loan
      {insurance.longAmortization === "surcharged" ? ", including 0.20% for a 30-year amortization" : ""}), added to the mortgage because the down payment is under 20%.
      {insurance.longAmortization === "not-eligible" && (
        <span className="mt-1 block" data-testid="thirty-year-not-eligible">
          No 0.20% surcharge: with under 20% down, a 30-year amortization is open only to first-time buyers and buyers of newly built homes, so a lender
          would offer at most 25 years; the payments shown are for 30 years. <ThirtyYearSource />
        </span>
      )}
    </>
  );
}

/** The official source of the 30-year rule and when it was last checked. */
function ThirtyYearSource() {
  const rule = THIRTY_YEAR_INSURED_RULE;
  return (
    <span className="text-ink-muted">
      (Source:{" "}
      <ExternalLink href={rule.source.url} className="text-brand underline">
        {rule.source.name}
      </ExternalLink>
      , in force since {formatLongDate(rule.since)}; checked {formatLongDate(rule.asOf)}.)
    </span>
  );
}

/** Asked only when it matters: under 20 % down and more than 25 years. */
export function ThirtyYearQuestion({ inputs, setInputs }: { inputs: CalculatorInputs; setInputs: (next: CalculatorInputs) => void }) {
  return (
    <fieldset className="rounded-md border border-line p-3 sm:col-span-2" data-testid="thirty-year-question">
      <legend className="px-1 text-sm font-bold text-ink">30 years with under 20% down?</legend>
      <p className="text-sm text-ink-muted">Only first-time home buyers and buyers of newly built homes can amortize an insured mortgage over 30 years.</p>
      <label className="mt-1 flex min-h-11 items-center gap-2">
        <input type="checkbox" name={FIELD.firstTimeBuyer} value="1" checked={inputs.firstTimeBuyer} onChange={(e) => setInputs({ ...inputs, firstTimeBuyer: e.target.checked })} className="size-4 accent-brand" />
        At least one of us is a first-time home buyer
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name={FIELD.newBuild} value="1" checked={inputs.newBuild} onChange={(e) => setInputs({ ...inputs, newBuild: e.target.checked })} className="size-4 accent-brand" />
        The home is newly built
      </label>
    </fieldset>
  );
}

export function ResultDetails({ result }: { result: CalculatorResult }) {
  const { schedule, frequency } = result;
  const rows: { term: string; value: ReactNode }[] = [
    { term: "Loan (price minus down payment)", value: formatCurrency(result.loan, { cents: true }) },
    { term: "Monthly payment, to the cent", value: formatCurrency(result.monthlyPayment, { cents: true }) },
    { term: "Mortgage default insurance", value: <InsuranceLine result={result} /> },
  ];
  if (result.monthlyWithPremium !== null) {
    rows.push({
      term: "With the premium added to the mortgage",
      value: `${formatCurrency(result.mortgageAmount, { cents: true })} borrowed: ${formatCurrency(result.monthlyWithPremium, { cents: true })} a month`,
    });
  }
  if (frequency.id !== "monthly" && result.payment !== null) {
    rows.push({ term: `${frequency.label} payment`, value: `${formatCurrency(result.payment, { cents: true })} (${frequency.paymentsPerYear} a year)` });
  }
  if (schedule) {
    rows.push(
      { term: "Total interest", value: formatCurrency(schedule.totalInterest, { cents: true }) },
      { term: "Total of all payments", value: formatCurrency(schedule.totalPaid, { cents: true }) },
      { term: "Paid off in", value: payoffText(schedule.payoffYears) },
    );
  }
  rows.push({ term: "Interest compounded", value: result.compounding === "semi-annual" ? "Semi-annually (Canadian fixed-rate)" : "Monthly" });
  return (
    <dl className="mt-6 divide-y divide-line border-t border-line text-sm">
      {rows.map((row) => (
        <div key={row.term} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="font-bold text-ink">{row.term}</dt>
          <dd className="text-ink-muted">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "25 years, 4 months": how long the schedule takes to pay the loan off. */
export function payoffText(years: number): string {
  const whole = Math.floor(years + 1e-9);
  const months = Math.round((years - whole) * 12);
  const y = months === 12 ? whole + 1 : whole;
  const m = months === 12 ? 0 : months;
  const parts = [y > 0 ? `${y} ${y === 1 ? "year" : "years"}` : "", m > 0 ? `${m} ${m === 1 ? "month" : "months"}` : ""].filter(Boolean);
  return parts.join(", ") || "0 years";
}
