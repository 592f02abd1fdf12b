import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALCULATOR_DEFAULTS,
  PAYMENT_FREQUENCIES,
  amortizationSchedule,
  monthlyPayment,
  periodicPayment,
  periodicRate,
  totalInterest,
  type Compounding,
  type PaymentFrequency,
} from "./mortgage";
import { insurancePremiumRate, minimumDownPayment, mortgageInsurancePremium } from "./mortgage-insurance";

// Worked values below were computed independently with Python's decimal module at 50 digits
// (P·i / (1 − (1 + i)^−n), i = (1 + r/m)^(m/k) − 1) and, for schedules, a cent-by-cent
// simulation written separately from this module.

describe("monthlyPayment (spec formula: monthly rate = annual / 12, n = years × 12)", () => {
  it("$400,000 at 6.5 % over 30 years is $2,528.27", () => {
    expect(monthlyPayment(400_000, 6.5, 30)).toBeCloseTo(2528.272093971, 8);
  });

  it("gives $2,528 for the calculator's defaults (500,000 − 100,000, 6.5 %, 30 years)", () => {
    const { price, downPayment, ratePercent, years } = CALCULATOR_DEFAULTS;
    const payment = monthlyPayment(price - downPayment, ratePercent, years);
    expect(Math.round(payment!)).toBe(2528);
  });

  it("with Canadian semi-annual compounding: $500,000 at 5 % over 25 years is $2,908.02", () => {
    expect(monthlyPayment(500_000, 5, 25, "semi-annual")).toBeCloseTo(2908.024925185, 8);
    // Semi-annual compounding is cheaper than monthly at the same nominal rate.
    expect(monthlyPayment(400_000, 6.5, 30, "semi-annual")).toBeCloseTo(2505.609726638, 8);
  });

  it("a zero rate gives principal / n", () => {
    expect(monthlyPayment(300_000, 0, 25)).toBe(1000);
    expect(monthlyPayment(360_000, 0, 30, "semi-annual")).toBe(1000);
  });

  it("a tiny rate stays close to principal / n instead of cancelling to 0/0", () => {
    const payment = monthlyPayment(360_000, 1e-12, 30)!;
    expect(payment).toBeGreaterThanOrEqual(1000);
    expect(payment).toBeCloseTo(1000, 6);
  });

  it("a zero principal pays nothing", () => {
    expect(monthlyPayment(0, 6.5, 30)).toBe(0);
  });

  it.each([
    [-1, 6.5, 30],
    [Number.NaN, 6.5, 30],
    [Number.POSITIVE_INFINITY, 6.5, 30],
    [2e9, 6.5, 30],
    [400_000, -0.1, 30],
    [400_000, Number.NaN, 30],
    [400_000, 50.1, 30],
    [400_000, 6.5, 0],
    [400_000, 6.5, 25.5],
    [400_000, 6.5, 51],
    [400_000, 6.5, Number.POSITIVE_INFINITY],
  ])("signals invalid input (%s, %s, %s) with null", (principal, rate, years) => {
    expect(monthlyPayment(principal, rate, years)).toBeNull();
  });
});

describe("periodicRate", () => {
  it("is r/12 for monthly compounding and payments", () => {
    expect(periodicRate(6, 12)).toBe(0.005);
  });
  it("is (1 + r/2)^(2/k) − 1 for semi-annual compounding", () => {
    expect(periodicRate(5, 12, "semi-annual")).toBeCloseTo(1.025 ** (1 / 6) - 1, 15);
    expect(periodicRate(5, 26, "semi-annual")).toBeCloseTo(1.025 ** (2 / 26) - 1, 15);
    expect(periodicRate(5, 2, "semi-annual")).toBe(0.025);
  });
  it("rejects rates outside 0–50 % and odd frequencies", () => {
    expect(periodicRate(-1, 12)).toBeNull();
    expect(periodicRate(51, 12)).toBeNull();
    expect(periodicRate(5, 0)).toBeNull();
    expect(periodicRate(5, 12.5)).toBeNull();
  });
});

describe("periodicPayment (payment frequencies)", () => {
  const loan = { principal: 400_000, annualRatePercent: 6.5, years: 30 };
  it.each<[PaymentFrequency, Compounding, number]>([
    ["monthly", "monthly", 2528.272093971],
    ["semi-monthly", "monthly", 1262.428816715],
    ["bi-weekly", "monthly", 1165.197801818],
    ["bi-weekly", "semi-annual", 1154.775730195],
    ["weekly", "monthly", 582.235759266],
    ["accelerated-bi-weekly", "monthly", 2528.272093971 / 2],
    ["accelerated-weekly", "monthly", 2528.272093971 / 4],
  ])("%s payments with %s compounding", (frequency, compounding, expected) => {
    expect(periodicPayment({ ...loan, frequency, compounding })).toBeCloseTo(expected, 8);
  });

  it("a regular bi-weekly payment is less than half the monthly one; the accelerated one is exactly half", () => {
    const monthly = periodicPayment({ ...loan, frequency: "monthly" })!;
    expect(periodicPayment({ ...loan, frequency: "bi-weekly" })!).toBeLessThan(monthly / 2);
    expect(periodicPayment({ ...loan, frequency: "accelerated-bi-weekly" })).toBe(monthly / 2);
  });

  it("offers the six Canadian frequencies", () => {
    expect(PAYMENT_FREQUENCIES.map((f) => f.id)).toEqual([
      "monthly",
      "semi-monthly",
      "bi-weekly",
      "accelerated-bi-weekly",
      "weekly",
      "accelerated-weekly",
    ]);
  });
});

describe("amortizationSchedule", () => {
  it("matches an independent cent-by-cent schedule: $400,000, 6.5 %, 30 years monthly", () => {
    const s = amortizationSchedule({ principal: 400_000, annualRatePercent: 6.5, years: 30 })!;
    expect(s.payment).toBe(2528.27);
    expect(s.numberOfPayments).toBe(360);
    expect(s.years).toHaveLength(30);
    expect(s.totalInterest).toBeCloseTo(510_179.81, 2);
    expect(s.totalPaid).toBeCloseTo(910_179.81, 2);
    expect(s.years.at(-1)!.endingBalance).toBe(0);
    // Year 1: 12 payments, mostly interest.
    const first = s.years[0]!;
    expect(first.payments).toBe(12);
    expect(first.interestPaid).toBeGreaterThan(first.principalPaid);
    expect(first.principalPaid + first.interestPaid).toBeCloseTo(12 * 2528.27, 2);
  });

  it("semi-annual: $500,000, 5 %, 25 years → $2,908.02 a month, $372,409.00 interest", () => {
    const s = amortizationSchedule({ principal: 500_000, annualRatePercent: 5, years: 25, compounding: "semi-annual" })!;
    expect(s.payment).toBe(2908.02);
    expect(s.totalInterest).toBeCloseTo(372_409.0, 2);
  });

  it("accelerated bi-weekly pays off sooner and saves interest", () => {
    const monthly = amortizationSchedule({ principal: 400_000, annualRatePercent: 6.5, years: 30 })!;
    const accelerated = amortizationSchedule({
      principal: 400_000,
      annualRatePercent: 6.5,
      years: 30,
      frequency: "accelerated-bi-weekly",
    })!;
    expect(accelerated.payment).toBe(1264.14);
    expect(accelerated.numberOfPayments).toBe(626);
    expect(accelerated.totalInterest).toBeCloseTo(391_047.97, 2);
    expect(accelerated.payoffYears).toBeLessThan(25);
    expect(accelerated.totalInterest).toBeLessThan(monthly.totalInterest);
    const canadian = amortizationSchedule({
      principal: 400_000,
      annualRatePercent: 5,
      years: 25,
      frequency: "accelerated-bi-weekly",
      compounding: "semi-annual",
    })!;
    expect(canadian.payment).toBe(1163.21);
    expect(canadian.numberOfPayments).toBe(559);
    expect(canadian.totalInterest).toBeCloseTo(249_577.12, 2);
  });

  it("a zero rate has no interest", () => {
    const s = amortizationSchedule({ principal: 300_000, annualRatePercent: 0, years: 25 })!;
    expect(s.totalInterest).toBe(0);
    expect(s.payment).toBe(1000);
    expect(s.years[0]!.endingBalance).toBe(288_000);
  });

  it("totalInterest agrees with the schedule and is null for invalid terms", () => {
    expect(totalInterest({ principal: 400_000, annualRatePercent: 6.5, years: 30 })).toBeCloseTo(510_179.81, 2);
    expect(totalInterest({ principal: -5, annualRatePercent: 6.5, years: 30 })).toBeNull();
  });
});

describe("properties", () => {
  const principal = fc.double({ min: 1, max: 10_000_000, noNaN: true });
  const rate = fc.double({ min: 0, max: 30, noNaN: true });
  const years = fc.integer({ min: 1, max: 40 });
  const frequency = fc.constantFrom<PaymentFrequency>(...PAYMENT_FREQUENCIES.map((f) => f.id));
  const compounding = fc.constantFrom<Compounding>("monthly", "semi-annual");

  it("payment × n covers the principal (no money is created)", () => {
    fc.assert(
      fc.property(principal, rate, years, compounding, (p, r, y, c) => {
        const payment = monthlyPayment(p, r, y, c)!;
        expect(Number.isFinite(payment)).toBe(true);
        expect(payment * y * 12).toBeGreaterThanOrEqual(p * (1 - 1e-12));
      }),
    );
  });

  it("the payment grows with the rate and shrinks with a longer term", () => {
    fc.assert(
      fc.property(principal, rate, rate, years, (p, r1, r2, y) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        expect(monthlyPayment(p, hi, y)!).toBeGreaterThanOrEqual(monthlyPayment(p, lo, y)! * (1 - 1e-12));
        expect(monthlyPayment(p, lo, y + 1)!).toBeLessThanOrEqual(monthlyPayment(p, lo, y)! * (1 + 1e-12));
      }),
    );
  });

  it("every schedule ends at exactly zero and its parts add up to the cent", () => {
    fc.assert(
      fc.property(principal, rate, years, frequency, compounding, (p, r, y, f, c) => {
        const s = amortizationSchedule({ principal: p, annualRatePercent: r, years: y, frequency: f, compounding: c })!;
        expect(s.years.at(-1)!.endingBalance).toBe(0);
        expect(s.numberOfPayments).toBeLessThanOrEqual(y * s.paymentsPerYear);
        const principalPaid = s.years.reduce((sum, row) => sum + row.principalPaid, 0);
        expect(principalPaid).toBeCloseTo(Math.round(p * 100) / 100, 2);
        expect(s.totalPaid).toBeCloseTo(principalPaid + s.totalInterest, 2);
        expect(s.totalInterest).toBeGreaterThanOrEqual(0);
        for (const row of s.years) expect(row.endingBalance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });

  it("the minimum down payment is non-decreasing in price and never above the price", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5_000_000, noNaN: true }), fc.double({ min: 0, max: 5_000_000, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(minimumDownPayment(hi)!).toBeGreaterThanOrEqual(minimumDownPayment(lo)!);
        expect(minimumDownPayment(hi)!).toBeLessThanOrEqual(hi + 0.005);
      }),
    );
  });

  it("nothing non-finite comes out, whatever goes in", () => {
    const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, frequency, compounding, (a, b, c, f, comp) => {
        const outputs = [
          monthlyPayment(a, b, c, comp),
          periodicPayment({ principal: a, annualRatePercent: b, years: c, frequency: f, compounding: comp }),
          totalInterest({ principal: a, annualRatePercent: b, years: c, frequency: f, compounding: comp }),
          minimumDownPayment(a),
          insurancePremiumRate(a, b, c),
          mortgageInsurancePremium({ price: a, downPayment: b, amortizationYears: c })?.premium ?? null,
          periodicRate(b, 12, comp),
        ];
        for (const value of outputs) if (value !== null) expect(Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
