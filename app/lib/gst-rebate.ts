/**
 * The first-time home buyers' GST rebate on a new home (announced 2025; agreements from
 * May 27, 2025): the 5 % GST is rebated in full up to $50,000 on homes priced at or below
 * $1,000,000, and the rebate shrinks linearly to nothing at $1,500,000.
 * Shared by the GST rebate calculator and the GST article.
 */
import { MAX_AMOUNT, roundCents, toCents } from "./format";

export const GST_RATE_PERCENT = 5;
export const GST_REBATE_MAX = 50_000;
/** Homes priced at or below this get the full rebate (5 % of the price, at most $50,000). */
export const GST_REBATE_FULL_UP_TO = 1_000_000;
/** Homes priced at or above this get no rebate. */
export const GST_REBATE_PHASE_OUT_END = 1_500_000;

/** The GST on a new home of `price` (5 %), to the cent; 0 for invalid input (negative, non-finite, above $1 billion). */
export function gstOnPrice(price: number): number {
  if (!Number.isFinite(price) || price <= 0 || price > MAX_AMOUNT) return 0;
  return roundCents((toCents(price) * GST_RATE_PERCENT) / 100 / 100);
}

/**
 * The rebate on a new home of `price`, to the cent: gstRebate(600_000) = 30,000,
 * gstRebate(800_000) = 40,000, gstRebate(1_250_000) = 25,000, gstRebate(1_500_000) = 0.
 * Negative, NaN or infinite prices give 0.
 */
export function gstRebate(price: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  if (price >= GST_REBATE_PHASE_OUT_END) return 0;
  const fullRebate = Math.min(gstOnPrice(price), GST_REBATE_MAX);
  if (price <= GST_REBATE_FULL_UP_TO) return fullRebate;
  // Linear phase-out: $50,000 at $1,000,000 down to $0 at $1,500,000 ($1 less per $10 of price).
  const remainingShare = (GST_REBATE_PHASE_OUT_END - price) / (GST_REBATE_PHASE_OUT_END - GST_REBATE_FULL_UP_TO);
  return Math.min(fullRebate, roundCents(GST_REBATE_MAX * remainingShare));
}

export type GstRebateBand = "full" | "partial" | "none";

/** Which part of the rule a price falls in, for explanations. */
export function gstRebateBand(price: number): GstRebateBand {
  if (!Number.isFinite(price) || price <= 0 || price >= GST_REBATE_PHASE_OUT_END) return "none";
  return price <= GST_REBATE_FULL_UP_TO ? "full" : "partial";
}
