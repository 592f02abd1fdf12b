/**
 * The mortgage calculator's inputs as the visitor typed them, how they travel (the GET form's
 * query without JavaScript, the URL fragment with it) and what they add up to.
 *
 * Inputs stay strings until evaluated: an empty or half-typed field is a state to explain with a
 * short hint, never a number to compute with (Number("") is 0, which would show a payment for
 * a price nobody entered).
 */
import { MAX_AMOUNT, formatCurrency, roundCents } from "./format";
import {
  CALCULATOR_DEFAULTS,
  LOAN_TERMS,
  MAX_RATE_PERCENT,
  PAYMENT_FREQUENCIES,
  amortizationSchedule,
  frequencyInfo,
  monthlyPayment,
  periodicPayment,
  type AmortizationSchedule,
  type Compounding,
  type FrequencyInfo,
  type LoanTerm,
  type PaymentFrequency,
} from "./mortgage";
import { minimumDownPayment, mortgageInsurancePremium, type InsuranceQuote } from "./mortgage-insurance";
import { type ParsedNumber, parseNumber } from "./parse-number";

export type DownUnit = "amount" | "percent";

export interface CalculatorInputs {
  price: string;
  down: string;
  downUnit: DownUnit;
  rate: string;
  years: LoanTerm;
  frequency: PaymentFrequency;
  compounding: Compounding;
  /** Asked only with under 20 % down and 30 years: who may amortize an insured loan that long. */
  firstTimeBuyer: boolean;
  newBuild: boolean;
}

export const DEFAULT_INPUTS: CalculatorInputs = {
  price: String(CALCULATOR_DEFAULTS.price),
  down: String(CALCULATOR_DEFAULTS.downPayment),
  downUnit: "amount",
  rate: String(CALCULATOR_DEFAULTS.ratePercent),
  years: CALCULATOR_DEFAULTS.years,
  frequency: "monthly",
  compounding: "monthly",
  firstTimeBuyer: false,
  newBuild: false,
};

/** Names of the form fields, which are also the query and fragment keys. */
export const FIELD = {
  price: "price",
  down: "down",
  downUnit: "unit",
  rate: "rate",
  years: "years",
  frequency: "freq",
  compounding: "comp",
  firstTimeBuyer: "ftb",
  newBuild: "new",
} as const satisfies Record<keyof CalculatorInputs, string>;

/** A typed value longer than this is not a number anyone means; it is cut, not parsed. */
const MAX_TEXT_LENGTH = 24;

function text(params: URLSearchParams, key: string, fallback: string): string {
  const value = params.get(key);
  return value === null ? fallback : value.trim().slice(0, MAX_TEXT_LENGTH);
}

function choice<T extends string | number>(params: URLSearchParams, key: string, allowed: readonly T[], fallback: T): T {
  const value = params.get(key);
  return allowed.find((a) => String(a) === value) ?? fallback;
}

/**
 * Inputs from a query string or fragment. Absent keys take the defaults (so #price=600000 is a
 * complete link); present but empty text stays empty (and is hinted); unknown choices fall back.
 */
export function inputsFromParams(params: URLSearchParams): CalculatorInputs {
  return {
    price: text(params, FIELD.price, DEFAULT_INPUTS.price),
    down: text(params, FIELD.down, DEFAULT_INPUTS.down),
    downUnit: choice<DownUnit>(params, FIELD.downUnit, ["amount", "percent"], DEFAULT_INPUTS.downUnit),
    rate: text(params, FIELD.rate, DEFAULT_INPUTS.rate),
    years: choice<LoanTerm>(params, FIELD.years, LOAN_TERMS, DEFAULT_INPUTS.years),
    frequency: choice<PaymentFrequency>(
      params,
      FIELD.frequency,
      PAYMENT_FREQUENCIES.map((f) => f.id),
      DEFAULT_INPUTS.frequency,
    ),
    compounding: choice<Compounding>(params, FIELD.compounding, ["monthly", "semi-annual"], DEFAULT_INPUTS.compounding),
    // Checkboxes: present (value "1", as the form sends them) or absent.
    firstTimeBuyer: params.get(FIELD.firstTimeBuyer) === "1",
    newBuild: params.get(FIELD.newBuild) === "1",
  };
}

/** True when the params carry at least one calculator input (otherwise they are someone else's). */
export function hasCalculatorParams(params: URLSearchParams): boolean {
  return Object.values(FIELD).some((key) => params.has(key));
}

/** Inputs from a location hash ("#price=…&down=…"), or null when it holds none (e.g. "#main"). */
export function inputsFromFragment(hash: string): CalculatorInputs | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return hasCalculatorParams(params) ? inputsFromParams(params) : null;
}

/**
 * The fragment for sharing, without the "#": the four main inputs always, the options only
 * when they differ from the defaults, to keep links short.
 */
export function inputsToFragment(inputs: CalculatorInputs): string {
  const params = new URLSearchParams();
  params.set(FIELD.price, inputs.price);
  params.set(FIELD.down, inputs.down);
  if (inputs.downUnit !== DEFAULT_INPUTS.downUnit) params.set(FIELD.downUnit, inputs.downUnit);
  params.set(FIELD.rate, inputs.rate);
  params.set(FIELD.years, String(inputs.years));
  if (inputs.frequency !== DEFAULT_INPUTS.frequency) params.set(FIELD.frequency, inputs.frequency);
  if (inputs.compounding !== DEFAULT_INPUTS.compounding) params.set(FIELD.compounding, inputs.compounding);
  if (inputs.firstTimeBuyer) params.set(FIELD.firstTimeBuyer, "1");
  if (inputs.newBuild) params.set(FIELD.newBuild, "1");
  return params.toString();
}

export interface CalculatorHints {
  price?: string;
  down?: string;
  rate?: string;
}

export interface CalculatorResult {
  price: number;
  downPayment: number;
  /** Down payment as a percent of the price. */
  downPercent: number;
  /** Price − down payment, before any insurance premium. */
  loan: number;
  minimumDown: number;
  belowMinimum: boolean;
  insurance: InsuranceQuote;
  /** The loan plus the insurance premium when one is required: what is borrowed with the premium added. */
  mortgageAmount: number;
  ratePercent: number;
  years: LoanTerm;
  compounding: Compounding;
  /**
   * The headline (spec §2, §9): the amortised monthly payment on price − down payment, shown only
   * when positive and finite (spec §4). Any insurance premium is not in it.
   */
  monthlyPayment: number | null;
  /** When default insurance is required: the monthly payment with its premium added to the mortgage. */
  monthlyWithPremium: number | null;
  frequency: FrequencyInfo;
  /** The payment at the chosen frequency on the loan, like the headline: no premium in it. */
  payment: number | null;
  /** The schedule and totals of the loan, like the headline: no premium in it. */
  schedule: AmortizationSchedule | null;
  /** When default insurance is required: the payment at the chosen frequency with the premium added to the mortgage. */
  paymentWithPremium: number | null;
  /** When default insurance is required: the schedule and totals with the premium added to the mortgage. */
  scheduleWithPremium: AmortizationSchedule | null;
}

export interface CalculatorOutcome {
  hints: CalculatorHints;
  /** Null while any hint stands. */
  result: CalculatorResult | null;
}

function priceHint(parsed: ParsedNumber): string | undefined {
  if (parsed.kind === "empty") return "Enter the home price.";
  if (parsed.kind === "invalid") return "Enter the price as a number, like 450000.";
  if (parsed.value <= 0) return "Enter a price above $0.";
  if (parsed.value > MAX_AMOUNT) return `Enter a price up to ${formatCurrency(MAX_AMOUNT)}.`;
  return undefined;
}

function rateHint(parsed: ParsedNumber): string | undefined {
  if (parsed.kind === "empty") return "Enter the interest rate.";
  if (parsed.kind === "invalid") return "Enter the rate as a number, like 6.5.";
  if (parsed.value < 0) return "The rate can't be negative.";
  if (parsed.value > MAX_RATE_PERCENT) return `Enter a rate of ${MAX_RATE_PERCENT}% or less.`;
  return undefined;
}

/** The down payment in dollars, or a hint. `price` is null when the price itself is not usable. */
function downPaymentOrHint(parsed: ParsedNumber, unit: DownUnit, price: number | null): { value: number } | { hint: string } | null {
  if (parsed.kind === "empty") return { hint: "Enter a down payment (0 if none)." };
  if (parsed.kind === "invalid")
    return {
      hint: unit === "percent" ? "Enter the down payment as a percent, like 20." : "Enter the down payment as a number, like 100000.",
    };
  if (parsed.value < 0) return { hint: "The down payment can't be negative." };
  if (unit === "percent" && parsed.value > 100) return { hint: "Enter a percent from 0 to 100." };
  if (price === null) return null;
  const value = unit === "percent" ? roundCents((price * parsed.value) / 100) : parsed.value;
  if (value >= price) return { hint: "The down payment must be less than the home price." };
  return { value };
}

/** A figure worth showing: positive and finite, else null. */
function positive(value: number | null): number | null {
  return value !== null && value > 0 && Number.isFinite(value) ? value : null;
}

/** Everything the calculator shows, from what was typed. Never NaN, Infinity or a negative. */
export function evaluateCalculator(inputs: CalculatorInputs): CalculatorOutcome {
  const hints: CalculatorHints = {};
  const parsedPrice = parseNumber(inputs.price);
  const parsedRate = parseNumber(inputs.rate);
  hints.price = priceHint(parsedPrice);
  hints.rate = rateHint(parsedRate);
  const price = !hints.price && parsedPrice.kind === "number" ? parsedPrice.value : null;
  const down = downPaymentOrHint(parseNumber(inputs.down), inputs.downUnit, price);
  if (down && "hint" in down) hints.down = down.hint;
  for (const key of Object.keys(hints) as (keyof CalculatorHints)[]) if (hints[key] === undefined) delete hints[key];

  if (price === null || !down || "hint" in down || hints.rate || parsedRate.kind !== "number") return { hints, result: null };

  const ratePercent = parsedRate.value;
  const downPayment = down.value;
  const { years, compounding } = inputs;
  const loan = roundCents(price - downPayment);
  const minimumDown = minimumDownPayment(price) ?? 0;
  // mortgageInsurancePremium only fails on input already ruled out above; "unavailable" is the safe reading.
  const firstTimeBuyerOrNewBuild = inputs.firstTimeBuyer || inputs.newBuild;
  const insurance: InsuranceQuote = mortgageInsurancePremium({
    price,
    downPayment,
    amortizationYears: years,
    firstTimeBuyerOrNewBuild,
  }) ?? {
    status: "unavailable",
    ltvPercent: (loan / price) * 100,
    ratePercent: null,
    premium: 0,
  };
  const mortgageAmount = roundCents(loan + insurance.premium);
  // Two cases, each worked the same way: the loan alone (the spec's headline) and, when insurance
  // is required, the loan with its premium added. Every figure shown is one or the other.
  const insured = insurance.status === "required";
  const terms = { principal: loan, annualRatePercent: ratePercent, years, frequency: inputs.frequency, compounding };
  const termsWithPremium = { ...terms, principal: mortgageAmount };
  const monthly = monthlyPayment(loan, ratePercent, years, compounding);
  const withPremium = insured ? monthlyPayment(mortgageAmount, ratePercent, years, compounding) : null;
  return {
    hints,
    result: {
      price,
      downPayment,
      downPercent: (downPayment / price) * 100,
      loan,
      minimumDown,
      belowMinimum: downPayment < minimumDown,
      insurance,
      mortgageAmount,
      ratePercent,
      years,
      compounding,
      monthlyPayment: positive(monthly),
      monthlyWithPremium: positive(withPremium),
      frequency: frequencyInfo(inputs.frequency),
      payment: positive(periodicPayment(terms)),
      schedule: amortizationSchedule(terms),
      paymentWithPremium: insured ? positive(periodicPayment(termsWithPremium)) : null,
      scheduleWithPremium: insured ? amortizationSchedule(termsWithPremium) : null,
    },
  };
}

/**
 * Switches the down payment between dollars and percent, converting the typed value when the
 * price allows (so 100000 on a 500000 home becomes 20, and back). Otherwise the text is kept.
 */
export function switchDownUnit(inputs: CalculatorInputs, unit: DownUnit): CalculatorInputs {
  if (unit === inputs.downUnit) return inputs;
  const price = parseNumber(inputs.price);
  const down = parseNumber(inputs.down);
  if (price.kind !== "number" || price.value <= 0 || down.kind !== "number" || down.value < 0) return { ...inputs, downUnit: unit };
  const converted =
    unit === "percent"
      ? Math.round((down.value / price.value) * 100 * 100) / 100 // percent, 2 decimals
      : Math.round((price.value * down.value) / 100); // whole dollars
  return { ...inputs, downUnit: unit, down: String(converted) };
}
