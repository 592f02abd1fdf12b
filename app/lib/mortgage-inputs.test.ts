import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_INPUTS,
  evaluateCalculator,
  hasCalculatorParams,
  inputsFromFragment,
  inputsFromParams,
  inputsToFragment,
  switchDownUnit,
  type CalculatorInputs,
} from "./mortgage-inputs";
import { periodicPayment } from "./mortgage";
import { parseNumber } from "./parse-number";

const withInputs = (over: Partial<CalculatorInputs>): CalculatorInputs => ({ ...DEFAULT_INPUTS, ...over });

describe("parseNumber", () => {
  it.each([
    ["500000", 500000],
    [" 500,000 ", 500000],
    ["$450,000", 450000],
    ["6.5", 6.5],
    [".5", 0.5],
    ["20%", 20],
    ["1e5", 100000],
    ["-3", -3],
  ])("reads %j as %d", (raw, value) => {
    expect(parseNumber(raw)).toEqual({ kind: "number", value });
  });
  it("tells empty from invalid", () => {
    expect(parseNumber("  ")).toEqual({ kind: "empty" });
    for (const raw of ["abc", "1.2.3", "0x10", "Infinity", "NaN", "1e999", "12abc"]) expect(parseNumber(raw)).toEqual({ kind: "invalid" });
  });
});

describe("evaluateCalculator", () => {
  it("the defaults give $2,528 a month with no insurance", () => {
    const { hints, result } = evaluateCalculator(DEFAULT_INPUTS);
    expect(hints).toEqual({});
    expect(Math.round(result!.monthlyPayment!)).toBe(2528);
    expect(result!.monthlyPayment).toBeCloseTo(2528.27, 2);
    expect(result!.insurance.status).toBe("not-required");
    expect(result!.mortgageAmount).toBe(400_000);
    expect(result!.downPercent).toBe(20);
    expect(result!.schedule!.totalInterest).toBeCloseTo(510_179.81, 2);
  });

  it("adds the insurance premium to the mortgage under 20 % down", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "50000", years: 25 }));
    expect(result!.insurance).toMatchObject({ status: "required", premium: 13_950 });
    expect(result!.mortgageAmount).toBe(463_950);
  });

  it("asks who may take 30 years insured: neither a first-time buyer nor a new build gets the 25-year premium", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "25000", rate: "6.5", years: 30 }));
    expect(Math.round(result!.monthlyPayment!)).toBe(3002);
    expect(result!.insurance).toMatchObject({ status: "required", premium: 19_000, longAmortization: "not-eligible" });
    expect(Math.round(result!.monthlyWithPremium!)).toBe(3122);
    const newBuild = evaluateCalculator(withInputs({ price: "500000", down: "25000", rate: "6.5", years: 30, newBuild: true })).result!;
    expect(newBuild.insurance).toMatchObject({ premium: 19_950, longAmortization: "surcharged" });
  });

  it("carries the two answers in the query and the fragment", () => {
    const inputs = inputsFromFragment("#price=500000&down=25000&years=30&ftb=1")!;
    expect(inputs).toMatchObject({ firstTimeBuyer: true, newBuild: false });
    expect(inputsToFragment({ ...inputs, newBuild: true })).toContain("ftb=1&new=1");
    expect(inputsToFragment({ ...inputs, firstTimeBuyer: false })).not.toContain("ftb");
  });

  it("keeps the premium out of the headline: 5 % down on $500,000 at 6.5 % over 30 years is $3,002 (spec §2), $3,128 with the premium", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "25000", rate: "6.5", years: 30, firstTimeBuyer: true }));
    expect(result!.loan).toBe(475_000);
    expect(Math.round(result!.monthlyPayment!)).toBe(3002);
    expect(result!.insurance).toMatchObject({ status: "required", premium: 19_950 });
    expect(result!.mortgageAmount).toBe(494_950);
    expect(Math.round(result!.monthlyWithPremium!)).toBe(3128);
  });

  it("has no premium figure with 20 % down: the headline is the payment on the loan", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "100000", rate: "6.5", years: 30 }));
    expect(Math.round(result!.monthlyPayment!)).toBe(2528);
    expect(result!.monthlyWithPremium).toBeNull();
    expect(result!.paymentWithPremium).toBeNull();
    expect(result!.scheduleWithPremium).toBeNull();
  });

  it("works the payment and the totals on the loan like the headline, and again with the premium added", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "25000", rate: "6.5", years: 25, frequency: "bi-weekly" }));
    const r = result!;
    expect(r.insurance).toMatchObject({ status: "required", premium: 19_000 });
    // Without insurance: the schedule repays the loan at the headline's rounded payment.
    expect(r.schedule!.payment).toBe(Math.round(biWeeklyPayment(r.loan) * 100) / 100);
    expect(r.payment).toBeCloseTo(biWeeklyPayment(r.loan), 9);
    expect(r.schedule!.totalPaid - r.schedule!.totalInterest).toBeCloseTo(r.loan, 2);
    // With the premium: the same on the loan plus the premium.
    expect(r.mortgageAmount).toBe(494_000);
    expect(r.paymentWithPremium).toBeCloseTo(biWeeklyPayment(r.mortgageAmount), 9);
    expect(r.scheduleWithPremium!.totalPaid - r.scheduleWithPremium!.totalInterest).toBeCloseTo(r.mortgageAmount, 2);
    expect(r.scheduleWithPremium!.totalInterest).toBeGreaterThan(r.schedule!.totalInterest);

    function biWeeklyPayment(principal: number) {
      return periodicPayment({ principal, annualRatePercent: 6.5, years: 25, frequency: "bi-weekly" })!;
    }
  });

  it("without insurance, the headline, the schedule and the totals are one case", () => {
    const { result } = evaluateCalculator(DEFAULT_INPUTS);
    expect(result!.schedule!.payment).toBe(Math.round(result!.monthlyPayment! * 100) / 100);
    expect(result!.schedule!.totalPaid - result!.schedule!.totalInterest).toBeCloseTo(result!.loan, 2);
  });

  it("below the minimum down payment, no premium and no second case", () => {
    const { result } = evaluateCalculator(withInputs({ price: "500000", down: "10000" }));
    expect(result!.monthlyWithPremium).toBeNull();
    expect(result!.scheduleWithPremium).toBeNull();
    expect(result!.schedule!.totalPaid - result!.schedule!.totalInterest).toBeCloseTo(result!.loan, 2);
  });

  it("flags a down payment below the minimum and still computes the payment on the loan", () => {
    const { hints, result } = evaluateCalculator(withInputs({ price: "500000", down: "10000" }));
    expect(hints).toEqual({});
    expect(result!.belowMinimum).toBe(true);
    expect(result!.minimumDown).toBe(25_000);
    expect(result!.insurance.status).toBe("unavailable");
    expect(result!.mortgageAmount).toBe(490_000);
  });

  it("reads the down payment as a percent when asked", () => {
    const { result } = evaluateCalculator(withInputs({ down: "20", downUnit: "percent" }));
    expect(result!.downPayment).toBe(100_000);
    expect(Math.round(result!.monthlyPayment!)).toBe(2528);
  });

  it("a zero rate gives principal / n", () => {
    const { result } = evaluateCalculator(withInputs({ rate: "0" }));
    expect(result!.monthlyPayment).toBeCloseTo(400_000 / 360, 10);
  });

  it("uses the chosen compounding and frequency", () => {
    const { result } = evaluateCalculator(
      withInputs({ price: "625000", down: "125000", rate: "5", years: 25, compounding: "semi-annual", frequency: "accelerated-weekly" }),
    );
    expect(result!.monthlyPayment).toBeCloseTo(2908.02, 2);
    expect(result!.payment).toBeCloseTo(2908.0249 / 4, 3);
    expect(result!.schedule!.payoffYears).toBeLessThan(25);
  });

  it.each<[Partial<CalculatorInputs>, keyof ReturnType<typeof evaluateCalculator>["hints"], string]>([
    [{ price: "" }, "price", "Enter the home price."],
    [{ price: "abc" }, "price", "Enter the price as a number, like 450000."],
    [{ price: "0" }, "price", "Enter a price above $0."],
    [{ price: "-5" }, "price", "Enter a price above $0."],
    [{ down: "" }, "down", "Enter a down payment (0 if none)."],
    [{ down: "-1" }, "down", "The down payment can't be negative."],
    [{ down: "500000" }, "down", "The down payment must be less than the home price."],
    [{ down: "600000" }, "down", "The down payment must be less than the home price."],
    [{ down: "100", downUnit: "percent" }, "down", "The down payment must be less than the home price."],
    [{ down: "120", downUnit: "percent" }, "down", "Enter a percent from 0 to 100."],
    [{ rate: "" }, "rate", "Enter the interest rate."],
    [{ rate: "-1" }, "rate", "The rate can't be negative."],
    [{ rate: "75" }, "rate", "Enter a rate of 50% or less."],
  ])("%j gives no result and a hint", (over, field, hint) => {
    const { hints, result } = evaluateCalculator(withInputs(over));
    expect(result).toBeNull();
    expect(hints[field]).toBe(hint);
  });

  it("never produces a non-finite or negative figure, whatever is typed", () => {
    const typed = fc.oneof(fc.string({ maxLength: 12 }), fc.double().map(String), fc.integer({ min: -1e6, max: 2e9 }).map(String));
    fc.assert(
      fc.property(typed, typed, typed, fc.constantFrom<"amount" | "percent">("amount", "percent"), (price, down, rate, downUnit) => {
        const { hints, result } = evaluateCalculator(withInputs({ price, down, rate, downUnit }));
        if (!result) {
          expect(Object.keys(hints).length).toBeGreaterThan(0);
          return;
        }
        const figures = [
          result.price,
          result.downPayment,
          result.downPercent,
          result.loan,
          result.mortgageAmount,
          result.insurance.premium,
          result.monthlyPayment ?? 0,
          result.payment ?? 0,
          result.monthlyWithPremium ?? 0,
          result.paymentWithPremium ?? 0,
        ];
        for (const value of figures) {
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("inputs in the URL", () => {
  it("round-trips through the fragment", () => {
    const inputs = withInputs({
      price: "650000",
      down: "10",
      downUnit: "percent",
      rate: "4.9",
      years: 25,
      frequency: "bi-weekly",
      compounding: "semi-annual",
    });
    const fragment = inputsToFragment(inputs);
    expect(fragment).toBe("price=650000&down=10&unit=percent&rate=4.9&years=25&freq=bi-weekly&comp=semi-annual");
    expect(inputsFromFragment(`#${fragment}`)).toEqual(inputs);
  });

  it("keeps the default options out of the fragment", () => {
    expect(inputsToFragment(DEFAULT_INPUTS)).toBe("price=500000&down=100000&rate=6.5&years=30");
  });

  it("fills absent keys with defaults and ignores unknown choices", () => {
    expect(inputsFromParams(new URLSearchParams("price=600000&years=17&freq=daily"))).toEqual(withInputs({ price: "600000" }));
  });

  it("keeps a submitted empty field empty, so it is hinted rather than defaulted", () => {
    expect(inputsFromParams(new URLSearchParams("price=&down=1&rate=2&years=15")).price).toBe("");
  });

  it("ignores fragments that are not calculator inputs", () => {
    expect(inputsFromFragment("#main")).toBeNull();
    expect(inputsFromFragment("")).toBeNull();
    expect(hasCalculatorParams(new URLSearchParams("utm_source=x"))).toBe(false);
  });

  it("cuts absurdly long values", () => {
    expect(inputsFromParams(new URLSearchParams(`price=${"9".repeat(500)}`)).price).toHaveLength(24);
  });
});

describe("switchDownUnit", () => {
  it("converts dollars to percent and back", () => {
    const percent = switchDownUnit(DEFAULT_INPUTS, "percent");
    expect(percent).toMatchObject({ downUnit: "percent", down: "20" });
    expect(switchDownUnit(percent, "amount")).toMatchObject({ downUnit: "amount", down: "100000" });
    expect(switchDownUnit(withInputs({ down: "33333" }), "percent").down).toBe("6.67");
  });
  it("keeps the text when it cannot convert", () => {
    expect(switchDownUnit(withInputs({ price: "" }), "percent")).toMatchObject({ downUnit: "percent", down: "100000" });
  });
});
