/**
 * Down payment and mortgage default insurance: the federal minimum down payment, the premium
 * bands, and who may take an insured mortgage over more than 25 years.
 */
import { roundCents, toCents } from "./format";
import { LOAN_TERMS, isValidAmount, isValidYears, type LoanTerm } from "./mortgage";

/** The federal minimum down payment rule (in force since December 15, 2024). */
export const DOWN_PAYMENT_RULE = {
  /** 5 % on the first $500,000 of the price. */
  firstTierLimit: 500_000,
  firstTierPercent: 5,
  /** 10 % on the part between $500,000 and $1,500,000. */
  secondTierPercent: 10,
  /** From $1,500,000 the whole price needs 20 % down (insured mortgages stop there). */
  insuredPriceLimit: 1_500_000,
  uninsuredPercent: 20,
} as const;

/**
 * The minimum down payment on a home of `price`: 5 % of the first $500,000, 10 % of the rest
 * below $1,500,000, 20 % of the whole price from $1,500,000. Null for an invalid price.
 * minimumDownPayment(500_000) = 25,000; minimumDownPayment(1_000_000) = 75,000.
 */
export function minimumDownPayment(price: number): number | null {
  if (!isValidAmount(price)) return null;
  const cents = toCents(price);
  const rule = DOWN_PAYMENT_RULE;
  if (cents >= rule.insuredPriceLimit * 100) return Math.round((cents * rule.uninsuredPercent) / 100) / 100;
  const firstTier = Math.min(cents, rule.firstTierLimit * 100);
  const rest = cents - firstTier;
  return Math.round((firstTier * rule.firstTierPercent) / 100 + (rest * rule.secondTierPercent) / 100) / 100;
}

/**
 * Mortgage default insurance premium rates by loan-to-value (CMHC, Sagen and Canada Guaranty
 * publish the same table), as a percent of the loan. Each band covers LTVs up to and
 * including `maxLtvPercent`.
 */
export const INSURANCE_PREMIUM_BANDS: readonly { maxLtvPercent: number; ratePercent: number }[] = [
  { maxLtvPercent: 65, ratePercent: 0.6 },
  { maxLtvPercent: 75, ratePercent: 1.7 },
  { maxLtvPercent: 80, ratePercent: 2.4 },
  { maxLtvPercent: 85, ratePercent: 2.8 },
  { maxLtvPercent: 90, ratePercent: 3.1 },
  { maxLtvPercent: 95, ratePercent: 4.0 },
];

/** Added to the premium rate when the amortization is longer than 25 years (the 30-year option; CMHC's premium schedule). */
export const LONG_AMORTIZATION_SURCHARGE_PERCENT = 0.2;
export const STANDARD_AMORTIZATION_YEARS = 25;

/** True when a down payment of `downPayment` on `price` needs default insurance: under 20 % of the price, compared in cents. */
export function needsInsurance(price: number, downPayment: number): boolean {
  return toCents(downPayment) * 100 < toCents(price) * DOWN_PAYMENT_RULE.uninsuredPercent;
}

/**
 * The longest amortization a buyer can get (the rule of insured-amortization-rule.ts, in one
 * place): an insured mortgage (under 20 % down) is limited to 25 years unless a buyer is a
 * first-time buyer or the home is newly built; otherwise the longest term the calculator offers.
 */
export function longestAmortizationYears({
  price,
  downPayment,
  firstTimeBuyerOrNewBuild,
}: {
  price: number;
  downPayment: number;
  firstTimeBuyerOrNewBuild: boolean;
}): LoanTerm {
  const longest = LOAN_TERMS[LOAN_TERMS.length - 1]!;
  return needsInsurance(price, downPayment) && !firstTimeBuyerOrNewBuild ? STANDARD_AMORTIZATION_YEARS : longest;
}

/**
 * The premium rate in percent for a loan of `loan` on a home of `price`; null above 95 %
 * loan-to-value (not insurable) or for invalid input.
 */
export function insurancePremiumRate(
  loan: number,
  price: number,
  amortizationYears: number = STANDARD_AMORTIZATION_YEARS,
  longAmortizationAllowed = true,
): number | null {
  if (!isValidAmount(loan) || !isValidAmount(price) || price <= 0 || !isValidYears(amortizationYears)) return null;
  // Compare in integers (loan × 100 ≤ price × band) so that exactly 95 % is in the 95 % band.
  const loanCents = toCents(loan);
  const priceCents = toCents(price);
  const band = INSURANCE_PREMIUM_BANDS.find((b) => loanCents * 100 <= priceCents * b.maxLtvPercent);
  if (!band) return null;
  const surcharge = amortizationYears > STANDARD_AMORTIZATION_YEARS && longAmortizationAllowed ? LONG_AMORTIZATION_SURCHARGE_PERCENT : 0;
  // Sum in hundredths of a percent: 2.8 + 0.2 must be 3, not 2.9999999999999996.
  return Math.round((band.ratePercent + surcharge) * 100) / 100;
}

export type InsuranceQuote =
  /** 20 % or more down: a conventional mortgage, no insurance needed. */
  | { status: "not-required"; ltvPercent: number; ratePercent: 0; premium: 0 }
  /**
   * Under 20 % down: the premium is added to the mortgage. `longAmortization` (over 25 years only):
   * "surcharged" when the buyer may take it (first-time buyer or new build; +0.20 %), "not-eligible"
   * otherwise (insured loans are then limited to 25 years; the premium is the 25-year one).
   */
  | { status: "required"; ltvPercent: number; ratePercent: number; premium: number; longAmortization?: "surcharged" | "not-eligible" }
  /** Under the minimum down payment: no insurer (and so no lender) will take the loan. */
  | { status: "unavailable"; ltvPercent: number; ratePercent: null; premium: 0 };

/**
 * Mortgage default insurance on a purchase: required when the down payment is under 20 % of
 * the price; the premium is the loan × the rate for its loan-to-value band (+0.20 % for a
 * 30-year amortization, open only to first-time buyers and new builds) and is added to the mortgage. Alberta charges no sales tax on it.
 * Null for invalid input (including a down payment not below the price).
 */
export function mortgageInsurancePremium({
  price,
  downPayment,
  amortizationYears = STANDARD_AMORTIZATION_YEARS,
  firstTimeBuyerOrNewBuild = false,
}: {
  price: number;
  downPayment: number;
  amortizationYears?: number;
  /** At least one buyer is a first-time buyer, or the home is newly built (THIRTY_YEAR_INSURED_RULE, insured-amortization-rule.ts). */
  firstTimeBuyerOrNewBuild?: boolean;
}): InsuranceQuote | null {
  if (!isValidAmount(price) || !isValidAmount(downPayment) || price <= 0 || downPayment >= price || !isValidYears(amortizationYears))
    return null;
  const loan = roundCents(price - downPayment);
  const ltvPercent = (loan / price) * 100;
  const minimum = minimumDownPayment(price);
  if (minimum === null) return null;
  if (!needsInsurance(price, downPayment)) {
    return { status: "not-required", ltvPercent, ratePercent: 0, premium: 0 };
  }
  if (toCents(downPayment) < toCents(minimum)) return { status: "unavailable", ltvPercent, ratePercent: null, premium: 0 };
  const ratePercent = insurancePremiumRate(loan, price, amortizationYears, firstTimeBuyerOrNewBuild);
  if (ratePercent === null) return { status: "unavailable", ltvPercent, ratePercent: null, premium: 0 };
  const premium = roundCents((loan * ratePercent) / 100);
  if (amortizationYears <= STANDARD_AMORTIZATION_YEARS) return { status: "required", ltvPercent, ratePercent, premium };
  const allowed = amortizationYears <= longestAmortizationYears({ price, downPayment, firstTimeBuyerOrNewBuild });
  return { status: "required", ltvPercent, ratePercent, premium, longAmortization: allowed ? "surcharged" : "not-eligible" };
}
