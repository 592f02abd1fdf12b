import { formatCurrency, formatPercent } from "~/lib/format";
import { COMPOUNDING_OPTIONS, LOAN_TERMS, PAYMENT_FREQUENCIES, frequencyInfo } from "~/lib/mortgage";
import { DEFAULT_INPUTS, evaluateCalculator } from "~/lib/mortgage-inputs";
import {
  DOWN_PAYMENT_RULE,
  INSURANCE_PREMIUM_BANDS,
  LONG_AMORTIZATION_SURCHARGE_PERCENT,
  STANDARD_AMORTIZATION_YEARS,
  minimumDownPayment,
} from "~/lib/mortgage-insurance";
import { WITHOUT_INSURANCE, WITH_PREMIUM } from "./mortgage-result-details";

const rule = DOWN_PAYMENT_RULE;
const examplePrices = [400_000, 750_000, 1_000_000, 1_600_000];
const monthly = frequencyInfo("monthly");
const semiAnnual = COMPOUNDING_OPTIONS.find((c) => c.id === "semi-annual");
const acceleratedDivisors = PAYMENT_FREQUENCIES.flatMap((f) => (f.monthlyDivisor === null ? [] : [f.monthlyDivisor]));

/**
 * A worked example from the calculator itself: the default price with the minimum down payment
 * over the standard amortization, so insurance is required and both cases show.
 */
const examplePrice = Number(DEFAULT_INPUTS.price);
const example = evaluateCalculator({
  ...DEFAULT_INPUTS,
  down: String(minimumDownPayment(examplePrice)),
  years: LOAN_TERMS.find((y) => y === STANDARD_AMORTIZATION_YEARS) ?? DEFAULT_INPUTS.years,
}).result;

/** How the mortgage calculator's figures are worked out: every number comes from the module it uses. */
export function CalculatorExplainer() {
  return (
    <section aria-labelledby="how-it-works" className="prose-page mt-14 max-w-3xl">
      <h2 id="how-it-works">How this estimate works</h2>
      <p data-testid="explainer-payment">
        The monthly payment is the standard amortized payment on the price less your down payment, with a monthly rate of the annual rate
        divided by {monthly.paymentsPerYear} (with monthly compounding, the default) over the number of monthly payments in the term. With a
        rate of zero it is simply that amount divided by the number of payments. The payments, the total interest, the total of all payments
        and the balance chart are all worked on that amount, without mortgage insurance.
      </p>
      <p data-testid="explainer-insurance">
        When mortgage default insurance is required (with less than {rule.uninsuredPercent}% down, see below), its premium is added to the
        loan, so you would borrow more and pay more each month. The calculator then also shows the payments and totals with the premium
        added, side by side with those without it, under “{WITH_PREMIUM}” and “{WITHOUT_INSURANCE}”.
        {example?.monthlyWithPremium != null && (
          <>
            {" "}
            For example, a {formatCurrency(example.price)} home with {formatCurrency(example.downPayment)} down at{" "}
            {formatPercent(example.ratePercent)} over {example.years} years: {formatCurrency(example.monthlyPayment)} a month on the{" "}
            {formatCurrency(example.loan)} loan without insurance, or {formatCurrency(example.monthlyWithPremium)} a month on{" "}
            {formatCurrency(example.mortgageAmount)} with the {formatCurrency(example.insurance.premium)} premium added.
          </>
        )}
      </p>
      <p>
        Canadian fixed-rate mortgages compound interest semi-annually, not monthly. Choose “{semiAnnual?.label}” under More options to see
        the payment your lender will most likely quote. Accelerated bi-weekly and weekly payments are your monthly payment divided by{" "}
        {acceleratedDivisors.join(" or ")}; they add one extra monthly payment a year and shorten the time to pay off the mortgage.
      </p>

      <h3>Minimum down payment</h3>
      <p>
        {rule.firstTierPercent}% of the first {formatCurrency(rule.firstTierLimit)} of the price, {rule.secondTierPercent}% of the part
        above it, and {rule.uninsuredPercent}% of the whole price for homes of {formatCurrency(rule.insuredPriceLimit)} or more.
      </p>
      <table>
        <caption className="sr-only">Minimum down payment examples</caption>
        <thead>
          <tr>
            <th scope="col">Home price</th>
            <th scope="col">Minimum down payment</th>
          </tr>
        </thead>
        <tbody>
          {examplePrices.map((price) => (
            <tr key={price}>
              <td>{formatCurrency(price)}</td>
              <td>{formatCurrency(minimumDownPayment(price))}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Mortgage default insurance</h3>
      <p>
        With less than {rule.uninsuredPercent}% down, the mortgage must be insured against default (by CMHC, Sagen or Canada Guaranty). The
        premium is a percentage of the loan that depends on how much of the price you borrow, and it is added to your mortgage. An
        amortization longer than {STANDARD_AMORTIZATION_YEARS} years, open with insurance only to first-time buyers and buyers of newly
        built homes, adds {LONG_AMORTIZATION_SURCHARGE_PERCENT.toFixed(2)}%. Alberta charges no sales tax on the premium.
      </p>
      <table>
        <caption className="sr-only">Mortgage default insurance premiums by loan-to-value</caption>
        <thead>
          <tr>
            <th scope="col">Loan as a share of the price, up to</th>
            <th scope="col">Premium</th>
          </tr>
        </thead>
        <tbody>
          {INSURANCE_PREMIUM_BANDS.map((band) => (
            <tr key={band.maxLtvPercent}>
              <td>{band.maxLtvPercent}%</td>
              <td>{band.ratePercent.toFixed(2)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Lenders also check that your housing costs and other debts fit your income, and test you at a higher qualifying rate; a mortgage
        professional will confirm what you can borrow.
      </p>
    </section>
  );
}
