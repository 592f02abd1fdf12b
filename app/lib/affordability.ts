/**
 * How large a mortgage an income qualifies for under a Gross Debt Service (GDS) limit: the
 * monthly housing costs (principal and interest at the qualifying rate, property tax, heating)
 * may take at most `gdsPercent` of gross monthly income. With no other debts the Total Debt
 * Service ratio equals the GDS, so the GDS limit is the one that binds.
 *
 * Property tax is charged on the home's price, taken here as the mortgage amount itself: a
 * buyer putting money down pays a little more tax than this, so the figure errs on the low side.
 * Used by the mortgage guide's income table, so every amount it shows is computed.
 */
import { monthlyPayment } from "./mortgage";

export interface AffordabilityAssumptions {
  /** The rate the lender qualifies you at (the stress-test rate), annual %. */
  qualifyingRatePercent: number;
  amortizationYears: number;
  /** Heating, per month. */
  monthlyHeating: number;
  /** Annual property tax as a percent of the home's price. */
  propertyTaxPercent: number;
}

/** The largest mortgage whose housing costs stay within `gdsPercent` of the income; 0 when heating alone exceeds it. */
export function maxMortgageForIncome(annualIncome: number, gdsPercent: number, a: AffordabilityAssumptions): number {
  const budget = (annualIncome / 12) * (gdsPercent / 100) - a.monthlyHeating;
  if (!(budget > 0)) return 0;
  // Both the payment and the tax grow in proportion to the amount: solve budget = amount × cost per dollar.
  const paymentPerDollar = monthlyPayment(1, a.qualifyingRatePercent, a.amortizationYears, "semi-annual");
  if (paymentPerDollar === null) throw new RangeError("invalid qualifying rate or amortization");
  const taxPerDollar = a.propertyTaxPercent / 100 / 12;
  return budget / (paymentPerDollar + taxPerDollar);
}

/** Rounded down to a multiple of `step`: an "up to" figure must not promise more than it allows. */
export function roundDownTo(value: number, step: number): number {
  return Math.floor(value / step) * step;
}
