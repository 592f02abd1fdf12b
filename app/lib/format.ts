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
 * Digits written here rather than by `Intl.NumberFormat`: the first Intl object a page builds
 * loads the browser's locale data, which took 14-50 ms of one task on this machine (four times
 * that on Lighthouse's simulated phone) while the calculator, the articles and the listing pages
 * hydrated. The output is the same as `Intl.NumberFormat("en-CA")`'s (format.test.ts compares
 * the two on random values): groups of three with commas, and rounding half away from zero on the
 * number's shortest decimal form, as Intl rounds.
 */
function decimalDigits(value: number, fractionDigits: number): { int: string; frac: string } {
  const magnitude = Math.abs(value);
  // From 1e21 the shortest form has an exponent; such a double is a whole number, exact as a BigInt.
  if (magnitude >= 1e21) return { int: BigInt(magnitude).toString(), frac: "0".repeat(fractionDigits) };
  const shortest = magnitude.toString();
  // Below 1e-6 the shortest form has an exponent; such a value rounds to zero at three places.
  const [intPart = "0", fracPart = ""] = shortest.includes("e") ? ["0", ""] : shortest.split(".");
  const kept = (fracPart + "0".repeat(fractionDigits)).slice(0, fractionDigits);
  const roundUp = (fracPart[fractionDigits] ?? "0") >= "5";
  // Up to 15 + 3 digits, beyond a double's exact range: added as a BigInt.
  const scaled = (BigInt(intPart + kept) + BigInt(roundUp ? 1 : 0)).toString().padStart(fractionDigits + 1, "0");
  return { int: scaled.slice(0, scaled.length - fractionDigits), frac: scaled.slice(scaled.length - fractionDigits) };
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A plain number in en-CA: `formatNumber(1234.5)` → "1,234.5" (up to three decimals, no
 * trailing zeros). A value that rounds to zero is "0", never "-0".
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return NO_FIGURE;
  const { int, frac } = decimalDigits(value, 3);
  const trimmed = frac.replace(/0+$/, "");
  const text = groupThousands(int) + (trimmed ? `.${trimmed}` : "");
  return value < 0 && /[1-9]/.test(int + frac) ? `-${text}` : text;
}

/**
 * A dollar amount in en-CA: `formatCurrency(2528.27)` → "$2,528", with `{ cents: true }` →
 * "$2,528.27". Null, undefined and non-finite values give {@link NO_FIGURE}; an amount that rounds
 * to zero is "$0", never "-$0".
 */
export function formatCurrency(value: number | null | undefined, options: { cents?: boolean } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_FIGURE;
  const { int, frac } = decimalDigits(value, options.cents ? 2 : 0);
  const text = `$${groupThousands(int)}${options.cents ? `.${frac}` : ""}`;
  return value < 0 && /[1-9]/.test(int + frac) ? `-${text}` : text;
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

/**
 * A span of time as the agent reads it at a glance: "45 min", "1 h 20 min", "24 h", "2 d 3 h".
 * Days only from two of them: the 24-hour reply promise counts down in hours.
 */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}
