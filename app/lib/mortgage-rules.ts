/**
 * The rules the calculators, the listing pages' costs and the buyer articles share (spec/blog.md
 * §9, "Figures that differ between articles", as the team resolved them): the stress test, the
 * debt-service limits, Edmonton's property tax, the federal programs' limits. One place, so every
 * page states them the same way; the articles import them from here. The official source of every
 * rule-based figure (these and those computed elsewhere in ~/lib) is here too, with the date it was
 * last checked: `ruleSources`.
 */

import { THIRTY_YEAR_INSURED_RULE } from "~/lib/insured-amortization-rule";

/** Official sources, linked wherever a rule may change. */
export const officialSources = {
  mortgages: "https://www.canada.ca/en/financial-consumer-agency/services/mortgages.html",
  downPayment: "https://www.canada.ca/en/financial-consumer-agency/services/mortgages/down-payment.html",
  homeBuyersPlan: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/rrsps-related-plans/what-home-buyers-plan.html",
  fhsa: "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/first-home-savings-account.html",
  homeBuyersAmount:
    "https://www.canada.ca/en/revenue-agency/services/tax/individuals/topics/about-your-tax-return/tax-return/completing-a-tax-return/deductions-credits-expenses/line-31270-home-buyers-amount.html",
  insuredDebtService: "https://www.cmhc-schl.gc.ca/media-newsroom/notices/2021/cmhc-reviews-underwriting-criteria",
  mortgageInsurance:
    "https://www.cmhc-schl.gc.ca/en/professionals/industry-innovation-and-leadership/industry-expertise/resources-for-mortgage-professionals/mortgage-loan-insurance-and-premiums",
  landTitles: "https://www.alberta.ca/register-land-title-document-plan",
  alberta: "https://www.alberta.ca/",
  financeCanada: "https://www.canada.ca/en/department-finance.html",
  gstRebateRelease:
    "https://www.canada.ca/en/department-finance/news/2025/05/government-tables-a-motion-to-bring-down-costs-for-canadians.html",
  exciseTaxAct: "https://laws-lois.justice.gc.ca/eng/acts/E-15/",
  cra: "https://www.canada.ca/en/revenue-agency.html",
  reca: "https://www.reca.ca/",
  cityOfEdmonton: "https://www.edmonton.ca/",
  edmontonPropertyTax: "https://www.edmonton.ca/residential_neighbourhoods/property_tax_assessment/tax-breakdown.aspx",
  cahpi: "https://www.cahpi.ca/",
} as const;

/** Government domains whose pages may be cited as the official source of a rule. */
export const OFFICIAL_SOURCE_DOMAINS = ["canada.ca", "gc.ca", "alberta.ca", "edmonton.ca"] as const;

/** True for an https URL on a government domain (canada.ca, *.gc.ca, alberta.ca, edmonton.ca and their subdomains). */
export function isOfficialSourceUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === "https:" && OFFICIAL_SOURCE_DOMAINS.some((d) => parsed.hostname === d || parsed.hostname.endsWith(`.${d}`));
}

/**
 * Where a rule-based figure comes from, and when it was last checked against that source.
 * Articles cite it with `<Cite source={...} />` ("(source: NAME, as of DATE)"); when a figure is
 * re-checked, change its `asOf` here and every article that states it shows the new date.
 */
export interface OfficialSource {
  /** The link text: the publisher, and the page where several figures share one publisher. */
  name: string;
  url: string;
  /** ISO date (YYYY-MM-DD) the figure was last checked against the source. */
  asOf: string;
  /** Shown after the name, e.g. which year's rates. */
  detail?: string;
}

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
const edmontonPropertyTaxSource: OfficialSource = {
  name: "City of Edmonton",
  url: officialSources.edmontonPropertyTax,
  asOf: EDMONTON_PROPERTY_TAX_AS_OF,
  detail: "2025 rates",
};

/**
 * When the federal program limits, the down payment rule, the stress test and the insurance
 * premiums were last checked: the buyer and mortgage guides' update of July 8, 2025, which
 * stated them as current.
 */
const FEDERAL_RULES_CHECKED = "2025-07-08";
const federalSource = (name: string, url: string): OfficialSource => ({ name, url, asOf: FEDERAL_RULES_CHECKED });

/** Illustrative interest rate for worked examples only; never a quote. */
export const ILLUSTRATIVE_RATE_PERCENT = 4;

/** Home Buyers' Plan RRSP withdrawal limit per person (raised from $35,000 in April 2024). */
export const HBP_LIMIT = 60_000;
export const HBP_PREVIOUS_LIMIT = 35_000;
const homeBuyersPlanSource = federalSource("Canada Revenue Agency, Home Buyers' Plan", officialSources.homeBuyersPlan);

/** First Home Savings Account: annual and lifetime contribution limits. */
export const FHSA_ANNUAL_LIMIT = 8_000;
export const FHSA_LIFETIME_LIMIT = 40_000;
const fhsaSource = federalSource("Canada Revenue Agency, First Home Savings Account", officialSources.fhsa);

/** First-Time Home Buyers' Tax Credit: the credit amount and its value at the 15 % federal rate. */
export const FTHB_TAX_CREDIT_AMOUNT = 10_000;
export const FTHB_TAX_CREDIT_VALUE = 1_500;
const homeBuyersAmountSource = federalSource("Canada Revenue Agency, home buyers' amount", officialSources.homeBuyersAmount);

/**
 * The federal mortgage stress test, as of 2025: qualify at the greater of this floor or the
 * contract rate plus the buffer (percentage points).
 */
export const STRESS_TEST_FLOOR_PERCENT = 5.25;
export const STRESS_TEST_BUFFER_POINTS = 2;
const stressTestSource = federalSource("Financial Consumer Agency of Canada, mortgages", officialSources.mortgages);

export function qualifyingRate(contractRatePercent: number): number {
  return Math.max(STRESS_TEST_FLOOR_PERCENT, contractRatePercent + STRESS_TEST_BUFFER_POINTS);
}

/**
 * Debt-service ratios (spec §9): lenders' traditional targets, GDS at most 32 % and TDS at most
 * 40-44 % of gross monthly income, and the limits for an insured (high-ratio) mortgage, which
 * CMHC restored on July 5, 2021: GDS up to 39 % and TDS up to 44 % for borrowers with a strong
 * history of managing their payments.
 */
export const TRADITIONAL_GDS_PERCENT = 32;
export const TRADITIONAL_TDS_PERCENT = { low: 40, high: 44 } as const;
export const INSURED_GDS_LIMIT_PERCENT = 39;
export const INSURED_TDS_LIMIT_PERCENT = 44;
const insuredDebtServiceSource = federalSource(
  "Canada Mortgage and Housing Corporation, underwriting criteria",
  officialSources.insuredDebtService,
);

/**
 * The official source of every rule-based figure the articles state, with the date it was last
 * checked. Rules computed in ~/lib: DOWN_PAYMENT_RULE and INSURANCE_PREMIUM_BANDS (mortgage-insurance.ts),
 * THIRTY_YEAR_INSURED_RULE (insured-amortization-rule.ts, which holds its own source and date), the land title
 * fees (fees.ts, in force since October 20, 2024; stated in the hidden-costs article of
 * January 4, 2025) and the GST rebate (gst-rebate.ts, the proposal as announced May 27, 2025;
 * stated in the GST article of June 30, 2025, which also states the 5 % GST rate).
 */
export const ruleSources = {
  downPayment: federalSource("Financial Consumer Agency of Canada, down payment", officialSources.downPayment),
  stressTest: stressTestSource,
  insuredDebtService: insuredDebtServiceSource,
  mortgageInsurance: federalSource("Canada Mortgage and Housing Corporation, premiums", officialSources.mortgageInsurance),
  thirtyYearAmortization: {
    name: "Department of Finance Canada",
    url: THIRTY_YEAR_INSURED_RULE.source.url,
    asOf: THIRTY_YEAR_INSURED_RULE.asOf,
  },
  homeBuyersPlan: homeBuyersPlanSource,
  fhsa: fhsaSource,
  homeBuyersAmount: homeBuyersAmountSource,
  landTitleFees: { name: "Government of Alberta, Land Titles", url: officialSources.landTitles, asOf: "2025-01-04" },
  gstRebate: { name: "Department of Finance Canada", url: officialSources.gstRebateRelease, asOf: "2025-06-30" },
  gstRate: { name: "Excise Tax Act", url: officialSources.exciseTaxAct, asOf: "2025-06-30" },
  edmontonPropertyTax: edmontonPropertyTaxSource,
} as const satisfies Record<string, OfficialSource>;

export type RuleSourceKey = keyof typeof ruleSources;
