import { describe, expect, it } from "vitest";
import {
  insurancePremiumRate,
  longestAmortizationYears,
  minimumDownPayment,
  mortgageInsurancePremium,
  needsInsurance,
} from "./mortgage-insurance";

// The down-payment and default-insurance rules (minimum down payment by price band, CMHC-style
// premium rates by loan-to-value, the 30-year surcharge). Payments, rates and schedules are in
// mortgage.test.ts; the property tests over all of them stay there too.

describe("minimumDownPayment", () => {
  it.each([
    [0, 0],
    [300_000, 15_000],
    [500_000, 25_000],
    [750_000, 50_000],
    [1_000_000, 75_000],
    [1_499_999, 124_999.9],
    [1_500_000, 300_000],
    [2_000_000, 400_000],
    [333_333, 16_666.65],
  ])("on %d is %d", (price, expected) => {
    expect(minimumDownPayment(price)).toBe(expected);
  });
  it("is null for an invalid price", () => {
    expect(minimumDownPayment(-1)).toBeNull();
    expect(minimumDownPayment(Number.NaN)).toBeNull();
  });
});

describe("mortgage default insurance", () => {
  it.each([
    [65, 0.6],
    [70, 1.7],
    [75, 1.7],
    [80, 2.4],
    [85, 2.8],
    [90, 3.1],
    [95, 4.0],
  ])("premium rate at %d %% loan-to-value is %d %%", (ltv, rate) => {
    expect(insurancePremiumRate(ltv * 10_000, 1_000_000, 25)).toBe(rate);
  });

  it("adds 0.20 % for a 30-year amortization", () => {
    expect(insurancePremiumRate(900_000, 1_000_000, 30)).toBe(3.3);
    expect(insurancePremiumRate(850_000, 1_000_000, 30)).toBe(3);
  });

  it("is not insurable above 95 %", () => {
    expect(insurancePremiumRate(950_001, 1_000_000)).toBeNull();
  });

  it("10 % down on $500,000 over 25 years: 3.10 % of $450,000 = $13,950", () => {
    expect(mortgageInsurancePremium({ price: 500_000, downPayment: 50_000, amortizationYears: 25 })).toEqual({
      status: "required",
      ltvPercent: 90,
      ratePercent: 3.1,
      premium: 13_950,
    });
  });

  it("5 % down on $500,000 over 30 years for a first-time buyer or a new build: 4.20 % of $475,000 = $19,950", () => {
    const quote = mortgageInsurancePremium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, firstTimeBuyerOrNewBuild: true });
    expect(quote).toMatchObject({ status: "required", ratePercent: 4.2, premium: 19_950, longAmortization: "surcharged" });
  });

  it("over 30 years for anyone else: not eligible (insured loans stop at 25 years), so no 0.20 % surcharge", () => {
    const quote = mortgageInsurancePremium({ price: 500_000, downPayment: 25_000, amortizationYears: 30 });
    expect(quote).toMatchObject({ status: "required", ratePercent: 4, premium: 19_000, longAmortization: "not-eligible" });
    expect(
      mortgageInsurancePremium({ price: 500_000, downPayment: 25_000, amortizationYears: 25, firstTimeBuyerOrNewBuild: true }),
    ).not.toHaveProperty("longAmortization");
  });

  it("is not required with 20 % down", () => {
    expect(mortgageInsurancePremium({ price: 500_000, downPayment: 100_000, amortizationYears: 30 })).toMatchObject({
      status: "not-required",
      premium: 0,
    });
  });

  it("is unavailable under the minimum down payment (also at $1.5M and above with under 20 %)", () => {
    expect(mortgageInsurancePremium({ price: 500_000, downPayment: 20_000 })).toMatchObject({ status: "unavailable", premium: 0 });
    expect(mortgageInsurancePremium({ price: 1_000_000, downPayment: 70_000 })).toMatchObject({ status: "unavailable" });
    expect(mortgageInsurancePremium({ price: 1_000_000, downPayment: 75_000 })).toMatchObject({ status: "required", ratePercent: 4 });
    expect(mortgageInsurancePremium({ price: 1_600_000, downPayment: 300_000 })).toMatchObject({ status: "unavailable" });
  });

  it("is null for invalid input", () => {
    expect(mortgageInsurancePremium({ price: 500_000, downPayment: 500_000 })).toBeNull();
    expect(mortgageInsurancePremium({ price: 0, downPayment: 0 })).toBeNull();
    expect(mortgageInsurancePremium({ price: Number.NaN, downPayment: 0 })).toBeNull();
  });
});

describe("longestAmortizationYears (issue 39: the one place of the 25-year rule)", () => {
  it("is 25 years under 20 % down unless first-time buyer or new build, 30 otherwise", () => {
    expect(longestAmortizationYears({ price: 500_000, downPayment: 25_000, firstTimeBuyerOrNewBuild: false })).toBe(25);
    expect(longestAmortizationYears({ price: 500_000, downPayment: 25_000, firstTimeBuyerOrNewBuild: true })).toBe(30);
    expect(longestAmortizationYears({ price: 500_000, downPayment: 99_999.99, firstTimeBuyerOrNewBuild: false })).toBe(25);
    expect(longestAmortizationYears({ price: 500_000, downPayment: 100_000, firstTimeBuyerOrNewBuild: false })).toBe(30);
    expect([needsInsurance(500_000, 99_999.99), needsInsurance(500_000, 100_000)]).toEqual([true, false]);
  });

  it("is the rule the premium's 30-year answer follows", () => {
    for (const firstTimeBuyerOrNewBuild of [false, true]) {
      const quote = mortgageInsurancePremium({ price: 500_000, downPayment: 25_000, amortizationYears: 30, firstTimeBuyerOrNewBuild });
      const allowed = 30 <= longestAmortizationYears({ price: 500_000, downPayment: 25_000, firstTimeBuyerOrNewBuild });
      expect(quote).toMatchObject({
        status: "required",
        longAmortization: allowed ? "surcharged" : "not-eligible",
        ratePercent: allowed ? 4.2 : 4,
      });
    }
  });
});
