/**
 * Home-buying arithmetic for Canadian buyers: payments, down payment, mortgage default
 * insurance and the amortization schedule. Pure functions, shared by the calculator page and
 * the blog articles, so a figure in an article can never disagree with the tool.
 *
 * Invalid input (a negative or non-finite amount, a rate outside 0–50 %, a term that is not a
 * whole number of years from 1 to 50) is signalled by returning `null`, never NaN or Infinity:
 * callers must decide what to show instead, and TypeScript makes them.
 */
import { MAX_AMOUNT, toCents } from "./format";

export { formatCurrency, formatPercent, NO_FIGURE } from "./format";

/** The calculator's defaults (spec §9): they give a payment of $2,528 a month. */
export const CALCULATOR_DEFAULTS = { price: 500_000, downPayment: 100_000, ratePercent: 6.5, years: 30 } as const;

/** The loan terms (amortization periods) the calculator offers, in years (spec §2). */
export const LOAN_TERMS = [15, 20, 25, 30] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];

/** Highest annual rate accepted, in percent. */
export const MAX_RATE_PERCENT = 50;
/** Longest amortization accepted, in years. */
export const MAX_YEARS = 50;

/**
 * How often interest compounds.
 * - "monthly": the spec's formula, monthly rate = annual rate / 12 (what most US-style
 *   calculators do, and the calculator's default so its figures match the spec).
 * - "semi-annual": the Canadian convention for fixed-rate mortgages (Interest Act): compounded
 *   twice a year, not in advance.
 */
export type Compounding = "monthly" | "semi-annual";
export const COMPOUNDING_OPTIONS: readonly { id: Compounding; label: string; timesPerYear: number }[] = [
  { id: "monthly", label: "Monthly", timesPerYear: 12 },
  { id: "semi-annual", label: "Semi-annual (Canadian)", timesPerYear: 2 },
];

export type PaymentFrequency = "monthly" | "semi-monthly" | "bi-weekly" | "accelerated-bi-weekly" | "weekly" | "accelerated-weekly";

export interface FrequencyInfo {
  id: PaymentFrequency;
  label: string;
  paymentsPerYear: number;
  /**
   * Accelerated payments are the monthly payment divided by 2 (bi-weekly) or 4 (weekly):
   * over a year that is one extra monthly payment, which shortens the amortization.
   */
  monthlyDivisor: number | null;
}

export const PAYMENT_FREQUENCIES: readonly FrequencyInfo[] = [
  { id: "monthly", label: "Monthly", paymentsPerYear: 12, monthlyDivisor: null },
  { id: "semi-monthly", label: "Semi-monthly", paymentsPerYear: 24, monthlyDivisor: null },
  { id: "bi-weekly", label: "Bi-weekly", paymentsPerYear: 26, monthlyDivisor: null },
  { id: "accelerated-bi-weekly", label: "Accelerated bi-weekly", paymentsPerYear: 26, monthlyDivisor: 2 },
  { id: "weekly", label: "Weekly", paymentsPerYear: 52, monthlyDivisor: null },
  { id: "accelerated-weekly", label: "Accelerated weekly", paymentsPerYear: 52, monthlyDivisor: 4 },
];

export function frequencyInfo(frequency: PaymentFrequency): FrequencyInfo {
  // The list covers every member of the union; the fallback only satisfies the type checker.
  return PAYMENT_FREQUENCIES.find((f) => f.id === frequency) ?? PAYMENT_FREQUENCIES[0]!;
}

function compoundingTimesPerYear(compounding: Compounding): number {
  return compounding === "semi-annual" ? 2 : 12;
}

export function isValidAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT;
}

function isValidRate(annualRatePercent: number): boolean {
  return Number.isFinite(annualRatePercent) && annualRatePercent >= 0 && annualRatePercent <= MAX_RATE_PERCENT;
}

export function isValidYears(years: number): boolean {
  return Number.isInteger(years) && years >= 1 && years <= MAX_YEARS;
}

/**
 * The interest rate per payment period, as a fraction: (1 + r/m)^(m/k) − 1 for an annual rate r
 * compounded m times a year and k payments a year. Monthly compounding with monthly payments is
 * exactly r/12 (the spec); semi-annual gives the Canadian (1 + r/2)^(2/k) − 1.
 */
export function periodicRate(annualRatePercent: number, paymentsPerYear: number, compounding: Compounding = "monthly"): number | null {
  if (!isValidRate(annualRatePercent) || !Number.isInteger(paymentsPerYear) || paymentsPerYear < 1 || paymentsPerYear > 365) return null;
  const r = annualRatePercent / 100;
  const m = compoundingTimesPerYear(compounding);
  if (m === paymentsPerYear) return r / m;
  // expm1/log1p keep precision for small rates, where 1 + r/m loses digits.
  return Math.expm1((m / paymentsPerYear) * Math.log1p(r / m));
}

/** The level payment that repays `principal` in `n` periods at periodic rate `i`. */
function levelPayment(principal: number, i: number, n: number): number {
  if (i === 0) return principal / n;
  // P·i / (1 − (1 + i)^−n), written with expm1/log1p so tiny rates do not cancel to 0/0.
  return (principal * i) / -Math.expm1(-n * Math.log1p(i));
}

/**
 * The standard amortised monthly payment (spec §9): principal × i / (1 − (1 + i)^−n) with
 * i = annual rate / 12 and n = years × 12; a zero rate gives principal / n.
 * With `compounding: "semi-annual"` i is the Canadian (1 + r/2)^(1/6) − 1.
 * Not rounded (format for display); null for invalid input; 0 for a zero principal.
 *
 * monthlyPayment(400_000, 6.5, 30) ≈ 2528.27; monthlyPayment(500_000, 5, 25, "semi-annual") ≈ 2908.02.
 */
export function monthlyPayment(
  principal: number,
  annualRatePercent: number,
  years: number,
  compounding: Compounding = "monthly",
): number | null {
  if (!isValidAmount(principal) || !isValidYears(years)) return null;
  const i = periodicRate(annualRatePercent, 12, compounding);
  if (i === null) return null;
  return levelPayment(principal, i, years * 12);
}

export interface LoanTerms {
  principal: number;
  annualRatePercent: number;
  /** Amortization period in whole years. */
  years: number;
  frequency?: PaymentFrequency;
  compounding?: Compounding;
}

/**
 * The payment at the chosen frequency (not rounded). Regular frequencies amortise over the same
 * number of years; accelerated ones are the monthly payment / 2 or / 4 and finish sooner.
 */
export function periodicPayment({
  principal,
  annualRatePercent,
  years,
  frequency = "monthly",
  compounding = "monthly",
}: LoanTerms): number | null {
  const info = frequencyInfo(frequency);
  if (info.monthlyDivisor !== null) {
    const monthly = monthlyPayment(principal, annualRatePercent, years, compounding);
    return monthly === null ? null : monthly / info.monthlyDivisor;
  }
  if (!isValidAmount(principal) || !isValidYears(years)) return null;
  const i = periodicRate(annualRatePercent, info.paymentsPerYear, compounding);
  if (i === null) return null;
  return levelPayment(principal, i, years * info.paymentsPerYear);
}

export interface ScheduleYear {
  /** 1 for the first year of payments. */
  year: number;
  /** Payments made in that year. */
  payments: number;
  principalPaid: number;
  interestPaid: number;
  /** Balance owing at the end of the year. */
  endingBalance: number;
}

export interface AmortizationSchedule {
  /** The regular payment, rounded to the cent as a lender would charge it. */
  payment: number;
  paymentsPerYear: number;
  /** Payments until the balance is zero (fewer than years × frequency when accelerated). */
  numberOfPayments: number;
  /** The last payment, which clears whatever the rounded payments leave. */
  finalPayment: number;
  /** Time to pay off in years (numberOfPayments / paymentsPerYear). */
  payoffYears: number;
  years: ScheduleYear[];
  totalInterest: number;
  totalPaid: number;
}

/**
 * The schedule a lender would print: payments rounded to the cent, interest charged on the
 * balance each period and rounded to the cent, and a last payment that brings the balance to
 * exactly zero. Summarised per year. Null for invalid input.
 */
export function amortizationSchedule(terms: LoanTerms): AmortizationSchedule | null {
  const { principal, annualRatePercent, years, frequency = "monthly", compounding = "monthly" } = terms;
  const payment = periodicPayment(terms);
  if (payment === null) return null;
  const { paymentsPerYear } = frequencyInfo(frequency);
  const i = periodicRate(annualRatePercent, paymentsPerYear, compounding);
  if (i === null) return null;

  // Whole cents throughout: sums of cents are exact, so the schedule adds up to the penny.
  const paymentCents = toCents(payment);
  const scheduledPayments = years * paymentsPerYear;
  let balance = toCents(principal);
  let totalInterest = 0;
  let totalPaid = 0;
  let count = 0;
  let finalPayment = 0;
  const rows: ScheduleYear[] = [];
  let row: ScheduleYear = { year: 1, payments: 0, principalPaid: 0, interestPaid: 0, endingBalance: 0 };

  while (balance > 0 && count < scheduledPayments) {
    count += 1;
    const interest = Math.round(balance * i);
    // The scheduled last payment clears the remainder the cent rounding leaves.
    let principalPart = count === scheduledPayments ? balance : Math.min(paymentCents - interest, balance);
    // A rounded payment can never fall below the interest for valid terms; keep it safe anyway.
    if (principalPart < 0) principalPart = 0;
    balance -= principalPart;
    const paid = principalPart + interest;
    totalInterest += interest;
    totalPaid += paid;
    finalPayment = paid;
    row.payments += 1;
    row.principalPaid += principalPart;
    row.interestPaid += interest;
    if (row.payments === paymentsPerYear || balance === 0) {
      row.endingBalance = balance;
      rows.push(row);
      row = { year: row.year + 1, payments: 0, principalPaid: 0, interestPaid: 0, endingBalance: 0 };
    }
  }

  return {
    payment: paymentCents / 100,
    paymentsPerYear,
    numberOfPayments: count,
    finalPayment: finalPayment / 100,
    payoffYears: count / paymentsPerYear,
    years: rows.map((r) => ({
      ...r,
      principalPaid: r.principalPaid / 100,
      interestPaid: r.interestPaid / 100,
      endingBalance: r.endingBalance / 100,
    })),
    totalInterest: totalInterest / 100,
    totalPaid: totalPaid / 100,
  };
}

/** Total interest over the life of the loan, to the cent, per {@link amortizationSchedule}. */
export function totalInterest(terms: LoanTerms): number | null {
  return amortizationSchedule(terms)?.totalInterest ?? null;
}
