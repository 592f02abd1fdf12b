/**
 * What a listed home costs a month (issue 28): the mortgage payment at the buyer's down payment
 * (the smallest legal one by default) and at 20 %, over an amortization the buyer can get (issue 39:
 * 25 years when insured unless first-time buyer or new build, then 30 with CMHC's surcharge), the default-insurance premium added to the
 * mortgage, the home's property tax and condo fee per month, the total, and the household income
 * needed to qualify at the stress-test rate. Every figure comes from the calculator's own
 * functions (mortgage.ts, mortgage-insurance.ts, affordability.ts) and rules, so the panel can
 * never disagree with /mortgage-calculator. Pure and browser-safe: the page recomputes it as the
 * buyer types, without a request.
 */
import { maxMortgageForIncome } from "./affordability";
import { roundCents } from "./format";
import { CALCULATOR_DEFAULTS, LOAN_TERMS, MAX_RATE_PERCENT, monthlyPayment, type LoanTerm } from "./mortgage";
import {
  DOWN_PAYMENT_RULE,
  longestAmortizationYears,
  minimumDownPayment,
  mortgageInsurancePremium,
  type InsuranceQuote,
} from "./mortgage-insurance";
import type { ListingCostInputs } from "./listing-types";
import {
  EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
  INSURED_GDS_LIMIT_PERCENT,
  TRADITIONAL_GDS_PERCENT,
  qualifyingRate,
} from "~/lib/mortgage-rules";

/**
 * Heating per month in the debt-service ratio: the mortgage guide's stated assumption
 * (incomeTableAssumptions.monthlyHeating; listing-costs.test.ts checks the two agree). Kept as a
 * number here so the listing page's script does not load the guide's article data.
 */
export const QUALIFYING_MONTHLY_HEATING = 100;

/** Months per period of CREA's FeeFrequency values (RESO's lookup), keyed without case, spaces or hyphens. */
const MONTHS_PER_PERIOD: Readonly<Record<string, number>> = {
  monthly: 1,
  bimonthly: 2, // every other month
  quarterly: 3,
  semiannually: 6,
  annually: 12,
  semimonthly: 1 / 2,
  biweekly: 12 / 26,
  weekly: 12 / 52,
  daily: 12 / 365,
};

export interface CondoFee {
  amount: number;
  /** The feed's frequency as written (null when it gave none). */
  frequency: string | null;
  /** Null when the frequency is not a regular period ("One Time", "Seasonal", unknown or missing): no monthly figure is made up. */
  monthly: number | null;
}

/** The fee per month from its CREA frequency; null when that frequency has no regular period. */
export function condoFeeOf(costs: ListingCostInputs): CondoFee | null {
  const amount = costs.associationFee;
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return null;
  const frequency = costs.associationFeeFrequency?.trim() || null;
  const months = frequency ? MONTHS_PER_PERIOD[frequency.toLowerCase().replace(/[\s_-]/g, "")] : undefined;
  return { amount, frequency, monthly: months === undefined ? null : roundCents(amount / months) };
}

export interface PropertyTax {
  monthly: number;
  annual: number;
  /** The feed's TaxYear; null when it gave the amount without its year, or for an estimate. */
  year: number | null;
  /** True when the feed has no tax and the City of Edmonton's rate gives an estimate on the price. */
  estimated: boolean;
  /** The rate an estimate is worked at, percent of the price a year. */
  ratePercent: number | null;
}

export function propertyTaxOf(price: number, costs: ListingCostInputs): PropertyTax {
  const annual = costs.taxAnnualAmount;
  if (annual !== null && Number.isFinite(annual) && annual > 0) {
    const year = costs.taxYear !== null && Number.isInteger(costs.taxYear) && costs.taxYear > 1900 ? costs.taxYear : null;
    return { annual, monthly: roundCents(annual / 12), year, estimated: false, ratePercent: null };
  }
  const estimate = roundCents((price * EDMONTON_TOTAL_PROPERTY_TAX_PERCENT) / 100);
  return {
    annual: estimate,
    monthly: roundCents(estimate / 12),
    year: null,
    estimated: true,
    ratePercent: EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
  };
}

export interface DownPaymentCase {
  down: number;
  downPercent: number;
  /** Price less the down payment, before any premium. */
  loan: number;
  insurance: InsuranceQuote;
  /** What is borrowed: the loan with the premium added when insurance is required (as the calculator does). */
  mortgageAmount: number;
  /** Principal and interest a month on the mortgage amount. */
  payment: number;
  /** Payment, property tax and the condo fee when it has a monthly figure. */
  total: number;
  qualifying: {
    /** The stress-test rate the income is worked at. */
    ratePercent: number;
    /** The Gross Debt Service limit applied: the insured one under 20 % down, the traditional target otherwise. */
    gdsPercent: number;
    insured: boolean;
    /** Gross household income a year, rounded up to $1,000; null when the figures give none. */
    income: number | null;
  };
}

export interface CostChoice {
  /** Dollars. */
  down: number;
  ratePercent: number;
  years: LoanTerm;
  /** A buyer is a first-time buyer or the home is newly built: an insured mortgage may then run 30 years, at CMHC's surcharge. */
  firstTimeBuyerOrNewBuild: boolean;
}

export interface ListingMonthlyCosts {
  price: number;
  ratePercent: number;
  /** The amortization the figures are for: one the buyer can get at the chosen down payment (issue 39). */
  years: LoanTerm;
  firstTimeBuyerOrNewBuild: boolean;
  /** The amortization the buyer asked for when it is longer than they can get (shown at `years` instead); null otherwise. */
  yearsAskedNotAllowed: LoanTerm | null;
  minimumDown: number;
  twentyPercentDown: number;
  /** At the buyer's down payment (the minimum unless they chose another). */
  chosen: DownPaymentCase;
  /** The 20 % case beside it; null when the chosen one already is 20 % (or the minimum is 20 %, from the insured limit). */
  twenty: DownPaymentCase | null;
  tax: PropertyTax;
  condoFee: CondoFee | null;
}

/** Rounded up: an income "needed" must not promise a qualification a lower one would not give. */
const INCOME_STEP = 1_000;

/**
 * The smallest income (to $1,000) at which maxMortgageForIncome allows `mortgageAmount`: the
 * affordability code's own rule (principal and interest at the qualifying rate, property tax and
 * the fixed monthly costs within `gdsPercent` of gross monthly income), searched rather than
 * re-derived so the rule lives in one place. Half the condo fee counts as a fixed housing cost,
 * as the mortgage guide defines GDS; the real tax is passed as a share of the mortgage amount,
 * which is how that code carries tax.
 */
function incomeNeeded(
  mortgageAmount: number,
  gdsPercent: number,
  qualifyingRatePercent: number,
  years: number,
  monthlyTax: number,
  condoMonthly: number | null,
): number | null {
  if (!(mortgageAmount > 0)) return null;
  const assumptions = {
    qualifyingRatePercent,
    amortizationYears: years,
    monthlyHeating: QUALIFYING_MONTHLY_HEATING + (condoMonthly ?? 0) / 2,
    propertyTaxPercent: ((monthlyTax * 12) / mortgageAmount) * 100,
  };
  const allows = (income: number) => maxMortgageForIncome(income, gdsPercent, assumptions) >= mortgageAmount;
  let high = INCOME_STEP;
  while (!allows(high)) {
    high *= 2;
    if (high > 1e10) return null;
  }
  let low = 0;
  while (high - low > INCOME_STEP) {
    const mid = Math.round((low + high) / 2 / INCOME_STEP) * INCOME_STEP;
    if (mid === low || mid === high) break;
    if (allows(mid)) high = mid;
    else low = mid;
  }
  return high;
}

function downPaymentCase(price: number, down: number, choice: CostChoice, tax: PropertyTax, condo: CondoFee | null): DownPaymentCase {
  const loan = roundCents(price - down);
  const insurance: InsuranceQuote = mortgageInsurancePremium({
    price,
    downPayment: down,
    amortizationYears: choice.years,
    firstTimeBuyerOrNewBuild: choice.firstTimeBuyerOrNewBuild,
  }) ?? { status: "unavailable", ltvPercent: (loan / price) * 100, ratePercent: null, premium: 0 };
  const mortgageAmount = roundCents(loan + insurance.premium);
  const payment = monthlyPayment(mortgageAmount, choice.ratePercent, choice.years) ?? 0;
  const insured = insurance.status === "required";
  const gdsPercent = insured ? INSURED_GDS_LIMIT_PERCENT : TRADITIONAL_GDS_PERCENT;
  const stressRate = qualifyingRate(choice.ratePercent);
  return {
    down,
    downPercent: (down / price) * 100,
    loan,
    insurance,
    mortgageAmount,
    payment,
    total: payment + tax.monthly + (condo?.monthly ?? 0),
    qualifying: {
      ratePercent: stressRate,
      gdsPercent,
      insured,
      income: incomeNeeded(mortgageAmount, gdsPercent, stressRate, choice.years, tax.monthly, condo?.monthly ?? null),
    },
  };
}

/**
 * The amortization the panel shows: the one asked for when the buyer can get it, else the longest
 * they can (25 years for an insured mortgage unless first-time buyer or new build); without one
 * asked, the calculator's default within that same limit. Never a term no lender may offer.
 */
function yearsFor(
  price: number,
  down: number,
  firstTimeBuyerOrNewBuild: boolean,
  asked: LoanTerm | undefined,
): { years: LoanTerm; notAllowed: LoanTerm | null } {
  const longest = longestAmortizationYears({ price, downPayment: down, firstTimeBuyerOrNewBuild });
  const wanted = asked ?? CALCULATOR_DEFAULTS.years;
  if (wanted <= longest) return { years: wanted, notAllowed: null };
  return { years: longest, notAllowed: asked ?? null };
}

/** The default choice for a price: the smallest legal down payment, the calculator's rate, and its amortization where a buyer can get it (25 years when insured). */
export function defaultChoice(price: number, firstTimeBuyerOrNewBuild = false): CostChoice {
  const down = minimumDownPayment(price) ?? 0;
  return {
    down,
    ratePercent: CALCULATOR_DEFAULTS.ratePercent,
    years: yearsFor(price, down, firstTimeBuyerOrNewBuild, undefined).years,
    firstTimeBuyerOrNewBuild,
  };
}

/** Every figure of the panel; null without a usable price (a price on request shows no panel). */
export function listingMonthlyCosts({
  price,
  costs,
  down,
  rate,
  amortizationYears,
  firstTimeBuyerOrNewBuild = false,
}: {
  price: number | null;
  costs: ListingCostInputs;
  down?: number;
  rate?: number;
  amortizationYears?: number;
  firstTimeBuyerOrNewBuild?: boolean;
}): ListingMonthlyCosts | null {
  if (price === null || !Number.isFinite(price) || price <= 0) return null;
  const minimumDown = minimumDownPayment(price);
  if (minimumDown === null) return null;
  const fallback = defaultChoice(price, firstTimeBuyerOrNewBuild);
  const ratePercent = rate !== undefined && Number.isFinite(rate) && rate >= 0 && rate <= MAX_RATE_PERCENT ? rate : fallback.ratePercent;
  const chosenDown = down !== undefined && Number.isFinite(down) && down >= minimumDown && down < price ? roundCents(down) : minimumDown;
  const { years, notAllowed } = yearsFor(
    price,
    chosenDown,
    firstTimeBuyerOrNewBuild,
    LOAN_TERMS.find((y) => y === amortizationYears),
  );
  const choice: CostChoice = { down: chosenDown, ratePercent, years, firstTimeBuyerOrNewBuild };
  const tax = propertyTaxOf(price, costs);
  const condoFee = condoFeeOf(costs);
  const twentyPercentDown = roundCents((price * DOWN_PAYMENT_RULE.uninsuredPercent) / 100);
  const chosen = downPaymentCase(price, chosenDown, choice, tax, condoFee);
  const twenty = chosenDown === twentyPercentDown ? null : downPaymentCase(price, twentyPercentDown, choice, tax, condoFee);
  return {
    price,
    ratePercent,
    years,
    firstTimeBuyerOrNewBuild,
    yearsAskedNotAllowed: notAllowed,
    minimumDown,
    twentyPercentDown,
    chosen,
    twenty,
    tax,
    condoFee,
  };
}
