import { formatCurrency } from "~/lib/format";
import { DOWN_PAYMENT_RULE, INSURANCE_PREMIUM_BANDS, LONG_AMORTIZATION_SURCHARGE_PERCENT, minimumDownPayment } from "~/lib/mortgage-insurance";

const rule = DOWN_PAYMENT_RULE;
const examplePrices = [400_000, 750_000, 1_000_000, 1_600_000];

/** How the mortgage calculator's figures are worked out: every number comes from the module it uses. */
export function CalculatorExplainer() {
  return (
    <section aria-labelledby="how-it-works" className="prose-page mt-14 max-w-3xl">
      <h2 id="how-it-works">How this estimate works</h2>
      <p>
        The monthly payment is the standard amortized payment on the amount you borrow (the price less your down payment, plus any mortgage insurance), with a
        monthly rate of the annual rate divided by 12 over the number of monthly payments in the term. With a rate of zero it is simply the amount divided by
        the number of payments.
      </p>
      <p>
        Canadian fixed-rate mortgages compound interest semi-annually, not monthly. Choose “Semi-annual” under More options to see the payment your lender will
        most likely quote. Accelerated bi-weekly and weekly payments are your monthly payment divided by 2 or 4; they add one extra monthly payment a year and
        shorten the time to pay off the mortgage.
      </p>

      <h3>Minimum down payment</h3>
      <p>
        {rule.firstTierPercent}% of the first {formatCurrency(rule.firstTierLimit)} of the price, {rule.secondTierPercent}% of the part above it, and{" "}
        {rule.uninsuredPercent}% of the whole price for homes of {formatCurrency(rule.insuredPriceLimit)} or more.
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
        With less than {rule.uninsuredPercent}% down, the mortgage must be insured against default (by CMHC, Sagen or Canada Guaranty). The premium is a
        percentage of the loan that depends on how much of the price you borrow, and it is added to your mortgage. A 30-year amortization adds{" "}
        {LONG_AMORTIZATION_SURCHARGE_PERCENT.toFixed(2)}%. Alberta charges no sales tax on the premium.
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
        Lenders also check that your housing costs and other debts fit your income, and test you at a higher qualifying rate; a mortgage professional will
        confirm what you can borrow.
      </p>
    </section>
  );
}
