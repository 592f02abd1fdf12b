/**
 * Money and percent formatting for every figure the site shows (calculators and articles), in
 * Canadian English: "$2,528", "$2,528.27", "6.5%".
 */

/**
 * Largest amount any function accepts: far above any home, far below float trouble. Here rather
 * than in mortgage.ts so the fee and rebate calculators can check it without loading the
 * mortgage arithmetic.
 */
export const MAX_AMOUNT = 1_000_000_000;

/** What a figure that cannot be computed is shown as: never "NaN", "Infinity" or "-$0". */
export const NO_FIGURE = "—";

/**
 * The shared formatters, each built on its first use: building an Intl formatter loads locale
 * data, several milliseconds on a cold phone, and every page loads this module (decision 027)
 * while most never format a figure.
 */
let wholeDollars: Intl.NumberFormat | undefined;
let withCents: Intl.NumberFormat | undefined;
let plainNumber: Intl.NumberFormat | undefined;

/**
 * A plain number in en-CA: `formatNumber(1234.5)` → "1,234.5" (up to three decimals). One
 * shared formatter: `toLocaleString` builds a new one on every call, which adds up on a page
 * that formats many figures while it hydrates.
 */
export function formatNumber(value: number): string {
  plainNumber ??= new Intl.NumberFormat("en-CA");
  return plainNumber.format(value);
}

/**
 * A dollar amount in en-CA: `formatCurrency(2528.27)` → "$2,528", with `{ cents: true }` →
 * "$2,528.27". Null, undefined and non-finite values give {@link NO_FIGURE}.
 */
export function formatCurrency(value: number | null | undefined, options: { cents?: boolean } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_FIGURE;
  const formatter = options.cents
    ? (withCents ??= new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 2, minimumFractionDigits: 2 }))
    : (wholeDollars ??= new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0, minimumFractionDigits: 0 }));
  const text = formatter.format(value);
  // A tiny negative rounds to "-$0" (or "-$0.00"): that is zero to a reader.
  return /^-\$0(\.00)?$/.test(text) ? formatter.format(0) : text;
}

/**
 * A percentage with up to `maxDigits` decimals and no trailing zeros: 6.5 → "6.5%",
 * 20 → "20%", 7.4567 → "7.46%".
 */
export function formatPercent(value: number | null | undefined, maxDigits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_FIGURE;
  const factor = 10 ** maxDigits;
  const rounded = Math.round(value * factor) / factor;
  return `${rounded === 0 ? 0 : rounded}%`;
}

/** Rounds a dollar amount to the cent (half away from zero, on the cent value). */
export function roundCents(value: number): number {
  return toCents(value) / 100;
}

/**
 * A dollar amount as whole cents. Binary floating point stores 0.05 × 333,333 as
 * 16,666.650000000001; snapping to cents first keeps "per $5,000 or portion" and "5 %"
 * rules from tipping over by a hair.
 */
export function toCents(value: number): number {
  const cents = Math.round(Math.abs(value) * 100);
  return value < 0 ? -cents : cents;
}
