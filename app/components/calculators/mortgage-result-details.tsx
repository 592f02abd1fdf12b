/**
 * The calculator's result beyond the monthly payment: the down-payment rule under the field, the
 * mortgage insurance line, the 30-year question and its official source, and the details list.
 */
import { ExternalLink } from "~/components/blog/external-link";
import { formatLongDate } from "~/lib/dates";
import { NO_FIGURE, formatCurrency, formatPercent } from "~/lib/format";
import { THIRTY_YEAR_INSURED_RULE } from "~/lib/insured-amortization-rule";
import { DOWN_PAYMENT_RULE, LONG_AMORTIZATION_SURCHARGE_PERCENT, STANDARD_AMORTIZATION_YEARS } from "~/lib/mortgage-insurance";
import type { ReactNode } from "react";
import type { AmortizationSchedule } from "~/lib/mortgage";
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
  const surcharge = `${LONG_AMORTIZATION_SURCHARGE_PERCENT.toFixed(2)}%`;
  if (insurance.status === "not-required") return <>None needed: the down payment is {rule.uninsuredPercent}% or more.</>;
  if (insurance.status === "unavailable")
    return <>Not available below the minimum down payment, so no lender can offer this loan; the payment is for illustration.</>;
  return (
    <>
      {formatCurrency(insurance.premium, { cents: true })} ({formatPercent(insurance.ratePercent)} of the {formatCurrency(result.loan)} loan
      {insurance.longAmortization === "surcharged" ? `, including ${surcharge} for a ${result.years}-year amortization` : ""}), added to the
      mortgage because the down payment is under {rule.uninsuredPercent}%.
      {insurance.longAmortization === "not-eligible" && (
        <span className="mt-1 block" data-testid="thirty-year-not-eligible">
          No {surcharge} surcharge: with under {rule.uninsuredPercent}% down, a {result.years}-year amortization is open only to first-time
          buyers and buyers of newly built homes, so a lender would offer at most {STANDARD_AMORTIZATION_YEARS} years; the payments shown
          are for {result.years} years. <ThirtyYearSource />
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

const THIRTY_YEAR_ANSWERS = [
  ["firstTimeBuyer", "At least one of us is a first-time home buyer"],
  ["newBuild", "The home is newly built"],
] as const;

/** Asked only when it matters: under 20 % down and more than 25 years. */
export function ThirtyYearQuestion({ inputs, setInputs }: { inputs: CalculatorInputs; setInputs: (next: CalculatorInputs) => void }) {
  return (
    <fieldset className="rounded-md border border-line p-3 sm:col-span-2" data-testid="thirty-year-question">
      <legend className="px-1 text-sm font-bold text-ink">30 years with under 20% down?</legend>
      <p className="text-sm text-ink-muted">
        Only first-time home buyers and buyers of newly built homes can amortize an insured mortgage over 30 years.
      </p>
      {THIRTY_YEAR_ANSWERS.map(([answer, label], i) => (
        <label key={answer} className={i === 0 ? "mt-1 flex min-h-11 items-center gap-2" : "flex min-h-11 items-center gap-2"}>
          <input
            type="checkbox"
            name={FIELD[answer]}
            value="1"
            checked={inputs[answer]}
            onChange={(e) => setInputs({ ...inputs, [answer]: e.target.checked })}
            className="size-4 accent-brand"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** One case the figures are worked for: the loan alone, or the loan with the premium added. */
interface FigureCase {
  principal: number;
  monthly: number | null;
  payment: number | null;
  schedule: AmortizationSchedule | null;
}

/**
 * The figures shown for each case, row by row (one value per case), in the order they are shown;
 * `borrowed` first when the cases borrow different amounts (the premium added to the loan).
 */
function figureRows(result: CalculatorResult, cases: FigureCase[], borrowed = false): { term: string; values: string[] }[] {
  const { frequency } = result;
  const money = (pick: (c: FigureCase) => number | null | undefined) => cases.map((c) => formatCurrency(pick(c), { cents: true }));
  const rows = [{ term: "Monthly payment, to the cent", values: money((c) => c.monthly) }];
  if (borrowed) rows.unshift({ term: "Amount borrowed", values: money((c) => c.principal) });
  if (frequency.id !== "monthly")
    rows.push({ term: `${frequency.label} payment (${frequency.paymentsPerYear} a year)`, values: money((c) => c.payment) });
  if (cases.some((c) => c.schedule)) {
    rows.push(
      { term: "Total interest", values: money((c) => c.schedule?.totalInterest) },
      { term: "Total of all payments", values: money((c) => c.schedule?.totalPaid) },
      { term: "Paid off in", values: cases.map((c) => (c.schedule ? payoffText(c.schedule.payoffYears) : NO_FIGURE)) },
    );
  }
  return rows;
}

/** Column headings of the two cases when insurance is required. */
export const WITHOUT_INSURANCE = "Without mortgage insurance";
export const WITH_PREMIUM = "With the premium added to the loan";

export function ResultDetails({ result }: { result: CalculatorResult }) {
  const withoutInsurance: FigureCase = {
    principal: result.loan,
    monthly: result.monthlyPayment,
    payment: result.payment,
    schedule: result.schedule,
  };
  const withPremium: FigureCase | null =
    result.monthlyWithPremium !== null
      ? {
          principal: result.mortgageAmount,
          monthly: result.monthlyWithPremium,
          payment: result.paymentWithPremium,
          schedule: result.scheduleWithPremium,
        }
      : null;
  const rows: { term: string; value: ReactNode }[] = [
    { term: "Loan (price minus down payment)", value: formatCurrency(result.loan, { cents: true }) },
    { term: "Mortgage default insurance", value: <InsuranceLine result={result} /> },
    { term: "Interest compounded", value: result.compounding === "semi-annual" ? "Semi-annually (Canadian fixed-rate)" : "Monthly" },
  ];
  // No insurance: one case, whose figures join the list. Insurance required: both cases side by side.
  if (!withPremium) rows.push(...figureRows(result, [withoutInsurance]).map(({ term, values }) => ({ term, value: values[0] })));
  return (
    <>
      <dl className="mt-6 divide-y divide-line border-t border-line text-sm">
        {rows.map((row) => (
          <div key={row.term} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-bold text-ink">{row.term}</dt>
            <dd className="text-ink-muted">{row.value}</dd>
          </div>
        ))}
      </dl>
      {withPremium && (
        <div
          role="region"
          aria-label="Payments and totals without and with mortgage insurance"
          tabIndex={0}
          className="mt-4 overflow-x-auto"
          data-testid="insurance-comparison"
        >
          <table className="w-full text-left text-sm">
            <caption className="pb-2 text-left font-bold text-ink">Payments and totals, without and with the insurance premium</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1.5 pr-2">
                  <span className="sr-only">Figure</span>
                </th>
                <th scope="col" className="px-2 py-1.5 font-bold text-ink">
                  {WITHOUT_INSURANCE} (the payment above)
                </th>
                <th scope="col" className="py-1.5 pl-2 font-bold text-ink">
                  {WITH_PREMIUM}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {figureRows(result, [withoutInsurance, withPremium], true).map(({ term, values: [plain, insured] }) => (
                <tr key={term}>
                  <th scope="row" className="py-1.5 pr-2 font-bold text-ink">
                    {term}
                  </th>
                  <td className="px-2 py-1.5 text-ink-muted">{plain}</td>
                  <td className="py-1.5 pl-2 text-ink-muted">{insured}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
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
