/**
 * The monthly-cost panel's figures against the calculator's own functions (issue 28): a grid of
 * prices under and over the insured limit, condo fees of every CREA frequency, tax given and not.
 */
import { describe, expect, it } from "vitest";
import {
  EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
  INSURED_GDS_LIMIT_PERCENT,
  TRADITIONAL_GDS_PERCENT,
  qualifyingRate,
} from "~/lib/mortgage-rules";
import { incomeTableAssumptions } from "~/content/blog/data/quick-mortgage-guide-for-homebuyers";
import { maxMortgageForIncome } from "./affordability";
import { roundCents } from "./format";
import { buyerFiguresOf, calculatorHref, costQuery, readCostParams } from "./listing-cost-view";
import { condoFeeOf, listingMonthlyCosts, QUALIFYING_MONTHLY_HEATING, type ListingMonthlyCosts } from "./listing-costs";
import type { ListingCostInputs } from "./listing-types";
import { CALCULATOR_DEFAULTS, LOAN_TERMS } from "./mortgage";
import {
  DOWN_PAYMENT_RULE,
  LONG_AMORTIZATION_SURCHARGE_PERCENT,
  STANDARD_AMORTIZATION_YEARS,
  minimumDownPayment,
  mortgageInsurancePremium,
} from "./mortgage-insurance";
import { costViewOf } from "./listing-cost-view";
import { DEFAULT_INPUTS, evaluateCalculator, inputsFromParams } from "./mortgage-inputs";

const NO_COSTS: ListingCostInputs = { taxAnnualAmount: null, taxYear: null, associationFee: null, associationFeeFrequency: null };
const PRICES = [
  1, 99_999.99, 250_000, 499_999, 500_000, 500_001, 749_900, 999_999, 1_000_000, 1_499_999, 1_500_000, 1_500_001, 2_750_000, 12_000_000,
];
const FREQUENCIES: [written: string, perMonth: (fee: number) => number | null][] = [
  ["Monthly", (f) => f],
  ["Bi-Monthly", (f) => f / 2],
  ["BiMonthly", (f) => f / 2],
  ["Quarterly", (f) => f / 3],
  ["Semi-Annually", (f) => f / 6],
  ["Annually", (f) => f / 12],
  ["Semi-Monthly", (f) => f * 2],
  ["Bi-Weekly", (f) => (f * 26) / 12],
  ["Weekly", (f) => (f * 52) / 12],
  ["Daily", (f) => (f * 365) / 12],
  ["One Time", () => null],
  ["Seasonal", () => null],
  ["Every full moon", () => null],
];

/** What the calculator shows for the same numbers: its monthly payment with the premium added when insured. */
function calculatorPayment(price: number, down: number, rate: number, years: number, firstTimeBuyer = false): number | null {
  const result = evaluateCalculator({
    ...DEFAULT_INPUTS,
    price: String(price),
    down: String(down),
    rate: String(rate),
    years: LOAN_TERMS.find((y) => y === years)!,
    firstTimeBuyer,
  }).result;
  return result ? (result.monthlyWithPremium ?? result.monthlyPayment) : null;
}

function checkCase(costs: ListingMonthlyCosts, c: ListingMonthlyCosts["chosen"], condoMonthly: number) {
  const calc = evaluateCalculator({
    ...DEFAULT_INPUTS,
    price: String(costs.price),
    down: String(c.down),
    rate: String(costs.ratePercent),
    years: costs.years,
    firstTimeBuyer: costs.firstTimeBuyerOrNewBuild,
  }).result!;
  expect(c.insurance).toEqual(calc.insurance);
  // Only figures a buyer can get (issue 39): never the calculator's "a lender would offer at most 25 years".
  if (c.insurance.status === "required") expect(c.insurance.longAmortization).not.toBe("not-eligible");
  expect(c.mortgageAmount).toBe(calc.mortgageAmount);
  expect(c.payment).toBeCloseTo(calculatorPayment(costs.price, c.down, costs.ratePercent, costs.years, costs.firstTimeBuyerOrNewBuild)!, 9);
  expect(c.total).toBeCloseTo(c.payment + costs.tax.monthly + condoMonthly, 9);
  expect(c.qualifying.ratePercent).toBe(qualifyingRate(costs.ratePercent));
  expect(c.qualifying.gdsPercent).toBe(c.insurance.status === "required" ? INSURED_GDS_LIMIT_PERCENT : TRADITIONAL_GDS_PERCENT);
  // The income is the smallest $1,000 the affordability rule allows the mortgage at.
  const assumptions = {
    qualifyingRatePercent: c.qualifying.ratePercent,
    amortizationYears: costs.years,
    monthlyHeating: QUALIFYING_MONTHLY_HEATING + condoMonthly / 2,
    propertyTaxPercent: ((costs.tax.monthly * 12) / c.mortgageAmount) * 100,
  };
  const income = c.qualifying.income!;
  expect(income % 1_000).toBe(0);
  expect(maxMortgageForIncome(income, c.qualifying.gdsPercent, assumptions)).toBeGreaterThanOrEqual(c.mortgageAmount);
  expect(maxMortgageForIncome(income - 1_000, c.qualifying.gdsPercent, assumptions)).toBeLessThan(c.mortgageAmount);
}

describe("listingMonthlyCosts", () => {
  it("shows no panel for a price on request", () => {
    for (const price of [null, 0, -5, Number.NaN]) expect(listingMonthlyCosts({ price, costs: NO_COSTS })).toBeNull();
  });

  it("starts at the smallest legal down payment with the calculator's default rate, over 25 years: the longest an insured buyer can get (issue 39)", () => {
    const costs = listingMonthlyCosts({ price: 525_000, costs: NO_COSTS })!;
    expect(costs.ratePercent).toBe(CALCULATOR_DEFAULTS.ratePercent);
    expect(costs.years).toBe(STANDARD_AMORTIZATION_YEARS);
    expect(costs.years).toBe(25);
    expect(costs.yearsAskedNotAllowed).toBeNull();
    expect(costs.chosen.down).toBe(minimumDownPayment(525_000));
    expect(costs.chosen.down).toBe(27_500);
    expect(costs.twentyPercentDown).toBe(105_000);
    expect(costs.chosen.insurance).toMatchObject({ status: "required", ratePercent: 4 });
    expect(costs.twenty?.insurance.status).toBe("not-required");
    // From the insured limit the minimum is 20 %: no insurance, so the calculator's 30 years stand.
    expect(listingMonthlyCosts({ price: 1_600_000, costs: NO_COSTS })!.years).toBe(CALCULATOR_DEFAULTS.years);
  });

  it("gives 30 years with CMHC's 0.20 % surcharge (4.00 % + 0.20 % = 4.20 %) to a first-time buyer or a new build, and only 25 to anyone else", () => {
    const eligible = listingMonthlyCosts({ price: 525_000, costs: NO_COSTS, firstTimeBuyerOrNewBuild: true })!;
    expect(eligible.years).toBe(30);
    expect(LONG_AMORTIZATION_SURCHARGE_PERCENT).toBe(0.2);
    expect(eligible.chosen.insurance).toEqual({
      status: "required",
      ltvPercent: expect.any(Number),
      ratePercent: 4.2,
      premium: roundCents((525_000 - 27_500) * 0.042),
      longAmortization: "surcharged",
    });
    checkCase(eligible, eligible.chosen, 0);
    // Asked for 30 years without saying so: shown at 25, at the 25-year premium, and the view says why.
    const asked = listingMonthlyCosts({ price: 525_000, costs: NO_COSTS, amortizationYears: 30 })!;
    expect([asked.years, asked.yearsAskedNotAllowed]).toEqual([25, 30]);
    expect(asked.chosen.insurance).toEqual(mortgageInsurancePremium({ price: 525_000, downPayment: 27_500, amortizationYears: 25 }));
    expect(asked.chosen.insurance.ratePercent).toBe(4);
    const view = costViewOf(525_000, NO_COSTS, new URLSearchParams("down=27500&rate=6.5&years=30"))!;
    expect(view.fields.years).toBe("25");
    expect(view.messages.join(" ")).toMatch(
      /30 years with under 20% down is only for first-time buyers and newly built homes: shown at 25 years/,
    );
    const ticked = costViewOf(525_000, NO_COSTS, new URLSearchParams("down=27500&rate=6.5&years=30&new=1"))!;
    expect([ticked.costs.years, ticked.messages, ticked.fields.new]).toEqual([30, [], "1"]);
    expect(ticked.calculatorHref).toBe("/mortgage-calculator?price=525000&down=27500&rate=6.5&years=30&new=1");
    // 20 % down needs no insurance: 30 years for anyone.
    expect(listingMonthlyCosts({ price: 525_000, costs: NO_COSTS, down: 105_000, amortizationYears: 30 })!.years).toBe(30);
  });

  it("states the 25-year limit and the surcharge with CMHC's premium schedule and its date", () => {
    const text = (q: string) =>
      costViewOf(525_000, NO_COSTS, new URLSearchParams(q))!
        .notes.flatMap((n) => n.parts.map((p) => (typeof p === "string" ? p : `[${p.cite.name}, ${p.cite.asOf}]`)))
        .join("");
    expect(text("")).toMatch(
      /others at most 25 years \[Department of Finance Canada, \d{4}-\d{2}-\d{2}\]; then the premium carries a 0\.20% surcharge \[Canada Mortgage and Housing Corporation, premiums, \d{4}-\d{2}-\d{2}\]/,
    );
    expect(text("ftb=1")).toContain("(4.20% of the loan here, for 30 years)");
  });

  it.each(PRICES)("agrees with the calculator at $%d, at the minimum and at 20 %% down, every term, tax given and estimated", (price) => {
    for (const [years, firstTimeBuyerOrNewBuild] of LOAN_TERMS.flatMap(
      (y) =>
        [
          [y, false],
          [y, true],
        ] as const,
    )) {
      for (const costsIn of [NO_COSTS, { ...NO_COSTS, taxAnnualAmount: 4_321.5, taxYear: 2025 }]) {
        const costs = listingMonthlyCosts({ price, costs: costsIn, rate: 5.4, amortizationYears: years, firstTimeBuyerOrNewBuild })!;
        const insured = price < DOWN_PAYMENT_RULE.insuredPriceLimit;
        expect(costs.years).toBe(insured && !firstTimeBuyerOrNewBuild ? Math.min(years, 25) : years);
        expect(costs.minimumDown).toBe(minimumDownPayment(price));
        expect(costs.twentyPercentDown).toBe(roundCents(price * 0.2));
        if (costsIn.taxAnnualAmount)
          expect(costs.tax).toEqual({
            annual: 4_321.5,
            monthly: roundCents(4_321.5 / 12),
            year: 2025,
            estimated: false,
            ratePercent: null,
          });
        else
          expect(costs.tax).toMatchObject({
            estimated: true,
            year: null,
            ratePercent: EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
            annual: roundCents((price * EDMONTON_TOTAL_PROPERTY_TAX_PERCENT) / 100),
          });
        checkCase(costs, costs.chosen, 0);
        if (price >= DOWN_PAYMENT_RULE.insuredPriceLimit) {
          // From the insured limit the minimum is 20 %: one case, uninsured.
          expect(costs.twenty).toBeNull();
          expect(costs.chosen.insurance.status).toBe("not-required");
        } else {
          expect(costs.chosen.insurance.status).toBe("required");
          checkCase(costs, costs.twenty!, 0);
        }
      }
    }
  });

  it.each(FREQUENCIES)("turns a condo fee paid %s into a monthly figure, or none", (frequency, perMonth) => {
    const costsIn = { ...NO_COSTS, associationFee: 420, associationFeeFrequency: frequency };
    const expected = perMonth(420);
    expect(condoFeeOf(costsIn)).toEqual({ amount: 420, frequency, monthly: expected === null ? null : roundCents(expected) });
    for (const price of [310_000, 1_600_000]) {
      const costs = listingMonthlyCosts({ price, costs: costsIn })!;
      checkCase(costs, costs.chosen, expected === null ? 0 : roundCents(expected));
    }
  });

  it("leaves out a fee of nothing, and says so when the frequency is missing", () => {
    expect(condoFeeOf({ ...NO_COSTS, associationFee: 0, associationFeeFrequency: "Monthly" })).toBeNull();
    expect(condoFeeOf({ ...NO_COSTS, associationFee: 300, associationFeeFrequency: null })).toEqual({
      amount: 300,
      frequency: null,
      monthly: null,
    });
    expect(condoFeeOf({ ...NO_COSTS, associationFee: 300, associationFeeFrequency: " monthly " })).toEqual({
      amount: 300,
      frequency: "monthly",
      monthly: 300,
    });
  });

  it("takes the buyer's down payment, rate and amortization, and falls back from unusable ones", () => {
    const mine = listingMonthlyCosts({ price: 600_000, costs: NO_COSTS, down: 60_000, rate: 4.79, amortizationYears: 25 })!;
    expect([mine.chosen.down, mine.ratePercent, mine.years]).toEqual([60_000, 4.79, 25]);
    checkCase(mine, mine.chosen, 0);
    const bad = listingMonthlyCosts({ price: 600_000, costs: NO_COSTS, down: 1_000, rate: 99, amortizationYears: 17 })!;
    expect([bad.chosen.down, bad.ratePercent, bad.years]).toEqual([
      minimumDownPayment(600_000),
      CALCULATOR_DEFAULTS.ratePercent,
      STANDARD_AMORTIZATION_YEARS,
    ]);
    expect(listingMonthlyCosts({ price: 600_000, costs: NO_COSTS, down: 600_000 })!.chosen.down).toBe(minimumDownPayment(600_000));
    expect(listingMonthlyCosts({ price: 600_000, costs: NO_COSTS, down: 120_000 })!.twenty).toBeNull();
  });

  it("counts the tax's year only when the feed gives a real one", () => {
    expect(listingMonthlyCosts({ price: 400_000, costs: { ...NO_COSTS, taxAnnualAmount: 3_600, taxYear: null } })!.tax).toMatchObject({
      year: null,
      estimated: false,
      monthly: 300,
    });
  });

  it("uses the mortgage guide's heating assumption", () => {
    expect(QUALIFYING_MONTHLY_HEATING).toBe(incomeTableAssumptions.monthlyHeating);
  });
});

describe("readCostParams", () => {
  const read = (query: string, price: number | null = 525_000) => readCostParams(new URLSearchParams(query), price);

  it("reads good values as the calculator does", () => {
    expect(read("down=$50,000&rate=5.4%&years=25")).toEqual({
      down: 50_000,
      rate: 5.4,
      amortizationYears: 25,
      firstTimeBuyer: false,
      newBuild: false,
      messages: [],
    });
    expect(read("ftb=1&new=1")).toEqual({ firstTimeBuyer: true, newBuild: true, messages: [] });
    expect(read("")).toEqual({ firstTimeBuyer: false, newBuild: false, messages: [] });
  });

  it("drops bad ones with a message, never an error", () => {
    for (const query of ["down=abc", "down=-5", "down=525000", "down=100", "rate=x", "rate=51", "rate=-1", "years=17", "years=abc"]) {
      const params = read(query);
      expect(params.messages, query).toHaveLength(1);
      expect(Object.keys(params).sort(), query).toEqual(["firstTimeBuyer", "messages", "newBuild"]);
    }
    expect(read("down=abc", null)).toEqual({ firstTimeBuyer: false, newBuild: false, messages: [] });
  });
});

describe("the links and the figures sent", () => {
  it("opens the calculator with the same numbers", () => {
    const costs = listingMonthlyCosts({ price: 525_000, costs: NO_COSTS, down: 50_000, rate: 5.4, amortizationYears: 25 })!;
    const href = calculatorHref(costs);
    expect(href).toBe("/mortgage-calculator?price=525000&down=50000&rate=5.4&years=25");
    const inputs = inputsFromParams(new URL(href, "https://x.test").searchParams);
    expect(calculatorPayment(525_000, 50_000, 5.4, 25)).toBe(evaluateCalculator(inputs).result!.monthlyWithPremium);
    expect(costQuery(costs)).toBe("down=50000&rate=5.4&years=25");
  });

  it("sends the buyer's case rounded as the panel shows it", () => {
    const costs = listingMonthlyCosts({ price: 525_000, costs: { ...NO_COSTS, associationFee: 300, associationFeeFrequency: "Monthly" } })!;
    expect(buyerFiguresOf(costs)).toEqual({
      down: 27_500,
      rate: 6.5,
      amortizationYears: 25,
      monthlyTotal: Math.round(costs.chosen.total),
      includesTax: true,
      includesCondoFee: true,
    });
    expect(
      buyerFiguresOf(
        listingMonthlyCosts({ price: 525_000, costs: { ...NO_COSTS, associationFee: 300, associationFeeFrequency: "Seasonal" } })!,
      ).includesCondoFee,
    ).toBe(false);
  });
});
