/**
 * Figures the buyer articles share that no calculator module computes (spec/blog.md §9,
 * "Figures that differ between articles", as the team resolved them). One place, so every
 * article states them the same way.
 */

/**
 * Edmonton residential property tax (spec: "about 0.76 %"). That is the City's municipal portion:
 * in 2025 a homeowner paid about $763 in municipal tax per $100,000 of assessed value. The
 * provincial education tax is collected on the same bill and was about a quarter of a typical
 * single detached home's total ($98 of about $394 a month), so the whole bill is about
 * 0.763 % ÷ 0.75 ≈ 1.02 % of assessed value. Source: City of Edmonton, 2025 tax bylaw news
 * release (30 April 2025) and its property tax pages; checked 2026-11-23 (2025 is the latest
 * year both figures were published for).
 */
export const EDMONTON_PROPERTY_TAX_PERCENT = 0.76;
/** The education tax's share of a typical Edmonton residential tax bill (2025). */
export const EDMONTON_EDUCATION_TAX_SHARE = 0.25;
/** The whole bill, municipal plus education, as a percent of assessed value, to two decimals (1.02). */
export const EDMONTON_TOTAL_PROPERTY_TAX_PERCENT = Math.round((0.763 / (1 - EDMONTON_EDUCATION_TAX_SHARE)) * 100) / 100;
export const EDMONTON_PROPERTY_TAX_AS_OF = "2026-11-23";

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
  edmontonPropertyTax: "https://www.edmonton.ca/residential_neighbourhoods/property_tax_assessment/tax-breakdown.aspx",
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
