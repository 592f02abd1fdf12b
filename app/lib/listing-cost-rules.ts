/**
 * The rules the listing page's monthly-cost panel states, with their official sources and the
 * dates they were checked (as the calculator page and the articles cite them). The loader sends
 * them with the page's data: the panel's words need the numbers, not the modules that hold them,
 * so the listing page's script stays small (issue 28's budget).
 */
import {
  INSURED_GDS_LIMIT_PERCENT,
  STRESS_TEST_BUFFER_POINTS,
  STRESS_TEST_FLOOR_PERCENT,
  TRADITIONAL_GDS_PERCENT,
  ruleSources,
} from "~/lib/mortgage-rules";
import { QUALIFYING_MONTHLY_HEATING } from "./listing-costs";
import { LOAN_TERMS } from "./mortgage";
import { DOWN_PAYMENT_RULE, LONG_AMORTIZATION_SURCHARGE_PERCENT, STANDARD_AMORTIZATION_YEARS } from "./mortgage-insurance";
import { FIELD } from "./mortgage-inputs";

export const LISTING_COST_RULES = {
  downPayment: DOWN_PAYMENT_RULE,
  standardAmortizationYears: STANDARD_AMORTIZATION_YEARS,
  longAmortizationSurchargePercent: LONG_AMORTIZATION_SURCHARGE_PERCENT,
  loanTerms: LOAN_TERMS,
  monthlyHeating: QUALIFYING_MONTHLY_HEATING,
  insuredGdsPercent: INSURED_GDS_LIMIT_PERCENT,
  traditionalGdsPercent: TRADITIONAL_GDS_PERCENT,
  stressTestFloorPercent: STRESS_TEST_FLOOR_PERCENT,
  stressTestBufferPoints: STRESS_TEST_BUFFER_POINTS,
  /** The form's field names: the calculator's own query keys. */
  fields: { down: FIELD.down, rate: FIELD.rate, years: FIELD.years, ftb: FIELD.firstTimeBuyer, new: FIELD.newBuild },
  sources: {
    downPayment: ruleSources.downPayment,
    mortgageInsurance: ruleSources.mortgageInsurance,
    thirtyYearAmortization: ruleSources.thirtyYearAmortization,
    edmontonPropertyTax: ruleSources.edmontonPropertyTax,
    stressTest: ruleSources.stressTest,
    insuredDebtService: ruleSources.insuredDebtService,
  },
} as const;

export type ListingCostRules = typeof LISTING_COST_RULES;
