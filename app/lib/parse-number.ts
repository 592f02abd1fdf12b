/**
 * What a visitor typed into a calculator's number field, as a number. Its own module so the
 * article calculators (land title fees, GST rebate) can parse input without loading the
 * mortgage calculator's (mortgage-inputs.ts).
 */

export type ParsedNumber = { kind: "empty" } | { kind: "invalid" } | { kind: "number"; value: number };

/**
 * A typed number. Thousands separators, a leading "$" and a trailing "%" are forgiven (people
 * paste "$500,000"); anything else that is not a plain decimal is invalid.
 */
export function parseNumber(raw: string): ParsedNumber {
  const cleaned = raw.trim().replace(/^\$/, "").replace(/%$/, "").replace(/[,\s]/g, "");
  if (cleaned === "") return { kind: "empty" };
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return { kind: "invalid" };
  const value = Number(cleaned);
  return Number.isFinite(value) ? { kind: "number", value } : { kind: "invalid" };
}
