/**
 * Figures the buyer articles share that no calculator module computes (spec/blog.md §9,
 * "Figures that differ between articles", as the team resolved them). One place, so every
 * article states them the same way.
 */

/** Edmonton residential property tax, municipal plus provincial education, as a share of assessed value (approximate). */
export const EDMONTON_PROPERTY_TAX_PERCENT = 0.76;

/** Illustrative interest rate for worked examples only; never a quote. */
export const ILLUSTRATIVE_RATE_PERCENT = 4;

/** Home Buyers' Plan RRSP withdrawal limit per person (raised from $35,000 in April 2024). */
export const HBP_LIMIT = 60_000;
export const HBP_PREVIOUS_LIMIT = 35_000;

/** First Home Savings Account: annual and lifetime contribution limits. */
export const FHSA_ANNUAL_LIMIT = 8_000;
export const FHSA_LIFETIME_LIMIT = 40_000;

/** First-Time Home Buyers' Tax Credit: the credit amount and its value at the 15 % federal rate. */
export const FTHB_TAX_CREDIT_AMOUNT = 10_000;
export const FTHB_TAX_CREDIT_VALUE = 1_500;

/** Official sources, linked wherever a rule may change. */
export const officialSources = {
  mortgages: "https://www.canada.ca/en/financial-consumer-agency/services/mortgages.html",
  downPayment: "https://www.canada.ca/en/financial-consumer-agency/services/mortgages/down-payment.html",
  homeBuyersPlan: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/rrsps-related-plans/what-home-buyers-plan.html",
  fhsa: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/first-home-savings-account.html",
  reca: "https://www.reca.ca/",
  cityOfEdmonton: "https://www.edmonton.ca/",
  cahpi: "https://www.cahpi.ca/",
} as const;

/**
 * The federal mortgage stress test, as of 2025: qualify at the greater of this floor or the
 * contract rate plus the buffer (percentage points).
 */
export const STRESS_TEST_FLOOR_PERCENT = 5.25;
export const STRESS_TEST_BUFFER_POINTS = 2;

export function qualifyingRate(contractRatePercent: number): number {
  return Math.max(STRESS_TEST_FLOOR_PERCENT, contractRatePercent + STRESS_TEST_BUFFER_POINTS);
}
