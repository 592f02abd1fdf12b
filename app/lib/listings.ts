/**
 * Listings from the DDF® feed as the pages show them (issue 12): the page address of a listing
 * and the search's filters. Shared by the server and the browser bundle: no database here.
 */
import type { ListingCategory } from "~/lib/schema-values";

/** "10123 Jasper Avenue NW, Edmonton" -> "10123-jasper-avenue-nw-edmonton". */
export function addressSlug(address: string, city?: string | null): string {
  const text = [address, city].filter(Boolean).join(" ");
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "listing";
}

/**
 * Widths, in pixels, of the narrower copies of a listing photo the site serves besides the feed's
 * own (app/lib/server/listings/photos.server.ts): a card on a phone, a phone's page, a desktop's.
 */
export const PHOTO_WIDTHS = [480, 800, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/**
 * The address of a listing photo's copy `width` pixels wide, from the photo's own address. The
 * copies are WebP, about half the bytes of the same photo as JPEG (decision record 026).
 */
export function photoAtWidth(photoPath: string, width: PhotoWidth): string {
  return photoPath.replace(/\.jpg$/, `-w${width}.webp`);
}

/** A `srcset` of a listing photo's copies up to `widest` pixels, for the browser to pick by screen. */
export function photoSrcSet(photoPath: string, widest: PhotoWidth = 1200): string {
  return PHOTO_WIDTHS.filter((w) => w <= widest)
    .map((w) => `${photoAtWidth(photoPath, w)} ${w}w`)
    .join(", ");
}

/**
 * A listing's page: /listings/{ListingKey}-{address-slug}. The key comes first and alone decides
 * which listing it is; a page asked for with an old or wrong slug redirects to this one.
 */
export function listingPath(listingKey: string, slug: string): string {
  return `/listings/${encodeURIComponent(listingKey)}-${slug}`;
}

/** The ListingKey at the front of a /listings/{key}-{slug} segment (keys are digits or letters, no dashes). */
export function listingKeyOf(segment: string): string | null {
  const key = /^([A-Za-z0-9_]+)(?:-|$)/.exec(segment)?.[1];
  return key ?? null;
}

export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  "single-family": "Single family home",
  condominium: "Condominium",
  townhouse: "Townhouse",
  other: "Other",
};

/** Only an https link is offered to visitors (never javascript:, data: or plain http). */
export function httpsUrlOf(text: string | null | undefined): string | null {
  const raw = (text ?? "").trim().replace(/^"|"$/g, "");
  try {
    const url = new URL(raw);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
