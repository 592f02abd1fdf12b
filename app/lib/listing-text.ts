/**
 * How a listing's facts read wherever it is shown (cards, its page, its title and description),
 * so that a missing value is left out or worded, never shown as "—", "null", "NaN" or "$0".
 */
import { site } from "~/content/site";
import { formatCurrency, formatNumber } from "~/lib/format";
import { LISTING_STATUS_LABELS, type ListingStatus } from "~/lib/listing-types";

/** What a listing without an asking price shows (the feed gives none, or 0). */
export const PRICE_ON_REQUEST = "Price on request";

/** "$525,000", or "Price on request" when the feed has no price (null, 0 or anything unusable). */
export function formatListingPrice(price: number | null | undefined): string {
  return typeof price === "number" && Number.isFinite(price) && price > 0 ? formatCurrency(price) : PRICE_ON_REQUEST;
}

/** The listing brokerage and the co-listing ones, as given, blanks and repeats left out: "A, B"; null when none. */
export function brokerageNames(brokerages: readonly string[]): string | null {
  const names = [...new Set(brokerages.map((b) => b.trim()).filter(Boolean))];
  return names.length ? names.join(", ") : null;
}

/** What the page says when the listing names no brokerage (the feed left the office out). */
export const NO_BROKERAGE = "not provided by the listing";

/** "Listing brokerage: Example Realty, Sample Homes Realty Ltd." (the DDF® rules require it beside the listing). */
export function brokerageLine(brokerages: readonly string[]): string {
  return `Listing brokerage: ${brokerageNames(brokerages) ?? NO_BROKERAGE}`;
}

/** The mark on the agent's own listings. */
export const LISTED_BY_AGENT = `Listed by ${site.agent.name}`;

/** "Conditionally sold", "Sale pending", or null for an available home. */
export function statusLabel(status: ListingStatus): string | null {
  return LISTING_STATUS_LABELS[status] ?? null;
}

/** A count the feed gives, when it says something: null, zero, negative and non-numbers are left out. */
function shownCount(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n) && n > 0;
}

/** "3 beds", "1 bath", "2.5 baths": only what the feed gave (never "0 beds"). */
export function bedsBaths(beds: number | null, baths: number | null): string[] {
  const parts: string[] = [];
  if (shownCount(beds)) parts.push(`${beds} ${beds === 1 ? "bed" : "beds"}`);
  if (shownCount(baths)) parts.push(`${baths} ${baths === 1 ? "bath" : "baths"}`);
  return parts;
}

/** A bedroom or bathroom count for the page's facts, or null to leave the fact out. */
export function countFact(n: number | null): string | null {
  return shownCount(n) ? String(n) : null;
}

/** "1,450 sq ft": the feed's units word shortened where it is the usual one, else shown as sent; null when there is no area. */
export function formatLivingArea(area: number | null, units: string | null): string | null {
  if (area === null || !Number.isFinite(area) || area <= 0) return null;
  const unit =
    units && /square\s*f(ee|oo)t|sq\.?\s*ft/i.test(units)
      ? "sq ft"
      : units && /square\s*met(er|re)s?|m2|m²/i.test(units)
        ? "m²"
        : units?.trim() || "sq ft";
  return `${formatNumber(Math.round(area))} ${unit}`;
}
