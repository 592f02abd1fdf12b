import { describe, expect, it } from "vitest";
import { maxMortgageForIncome, roundDownTo } from "./affordability";
import { monthlyPayment } from "./mortgage";

const assumptions = { qualifyingRatePercent: 6, amortizationYears: 25, monthlyHeating: 100, propertyTaxPercent: 1.02 };

describe("maxMortgageForIncome", () => {
  it("spends exactly the GDS share of income on payment, tax and heating", () => {
    const amount = maxMortgageForIncome(100_000, 39, assumptions);
    const housing = monthlyPayment(amount, 6, 25, "semi-annual")! + (amount * 0.0102) / 12 + 100;
    expect(housing).toBeCloseTo((100_000 / 12) * 0.39, 6);
  });

  it("allows more at the insured limit than at the traditional target, and less at a higher rate", () => {
    expect(maxMortgageForIncome(80_000, 39, assumptions)).toBeGreaterThan(maxMortgageForIncome(80_000, 32, assumptions));
    expect(maxMortgageForIncome(80_000, 32, { ...assumptions, qualifyingRatePercent: 7 })).toBeLessThan(
      maxMortgageForIncome(80_000, 32, assumptions),
    );
  });

  it("gives nothing when heating alone is over the limit", () => {
    expect(maxMortgageForIncome(3_000, 32, assumptions)).toBe(0);
  });

  it("rounds down, never up", () => {
    expect(roundDownTo(254_999, 5_000)).toBe(250_000);
    expect(roundDownTo(255_000, 5_000)).toBe(255_000);
  });
});
