/**
 * What the sync reads of a DDF® Property record (the feed's field names, RESO Data Dictionary),
 * and how one becomes a row of the local copy (db/schema.ts `listings`).
 */
import type { ListingCategory } from "../../../../db/schema-values";
import type { ListingPhoto, listings } from "../../../../db/schema";
import { addressSlug } from "../../listings";

export interface DdfMedia {
  MediaKey?: string | null;
  MediaURL?: string | null;
  MediaCategory?: string | null;
  Order?: number | null;
  PreferredPhotoYN?: boolean | null;
  LongDescription?: string | null;
  ModificationTimestamp?: string | null;
}

/** The Property fields the site uses; the feed sends many more, which are ignored. */
export interface DdfProperty {
  ListingKey: string;
  ListingId?: string | null;
  ListingURL?: string | null;
  StandardStatus?: string | null;
  ListPrice?: number | null;
  UnparsedAddress?: string | null;
  City?: string | null;
  StateOrProvince?: string | null;
  PostalCode?: string | null;
  SubdivisionName?: string | null;
  BedroomsTotal?: number | null;
  BathroomsTotalInteger?: number | null;
  LivingArea?: number | null;
  LivingAreaUnits?: string | null;
  PropertySubType?: string | null;
  StructureType?: string[] | null;
  CommonInterest?: string | null;
  PublicRemarks?: string | null;
  ListOfficeName?: string | null;
  Latitude?: number | null;
  Longitude?: number | null;
  OriginalEntryTimestamp?: string | null;
  ModificationTimestamp: string;
  InternetEntireListingDisplayYN?: boolean | null;
  InternetAddressDisplayYN?: boolean | null;
  Media?: DdfMedia[] | null;
}

/** The fields asked for ($select), so a page of 100 listings carries only what is stored. */
export const PROPERTY_FIELDS = [
  "ListingKey",
  "ListingId",
  "ListingURL",
  "StandardStatus",
  "ListPrice",
  "UnparsedAddress",
  "City",
  "StateOrProvince",
  "PostalCode",
  "SubdivisionName",
  "BedroomsTotal",
  "BathroomsTotalInteger",
  "LivingArea",
  "LivingAreaUnits",
  "PropertySubType",
  "StructureType",
  "CommonInterest",
  "PublicRemarks",
  "ListOfficeName",
  "Latitude",
  "Longitude",
  "OriginalEntryTimestamp",
  "ModificationTimestamp",
  "InternetEntireListingDisplayYN",
  "InternetAddressDisplayYN",
  "Media",
] as const satisfies readonly (keyof DdfProperty)[];

export type ListingRow = typeof listings.$inferInsert;

/** The site's grouping: the three property-type pages, by sub-type first, then by structure. */
export function categoryOf(p: Pick<DdfProperty, "PropertySubType" | "StructureType" | "CommonInterest">): ListingCategory {
  const sub = (p.PropertySubType ?? "").toLowerCase();
  const structures = (p.StructureType ?? []).map((s) => s.toLowerCase());
  if (structures.some((s) => s.includes("row") || s.includes("townhouse")) || sub.includes("townhouse")) return "townhouse";
  if (sub.includes("condo") || sub.includes("apartment") || structures.some((s) => s.includes("apartment")) || (p.CommonInterest ?? "").toLowerCase().includes("condo")) {
    return "condominium";
  }
  if (sub.includes("single family") || structures.includes("house")) return "single-family";
  return "other";
}

/** Photos in the feed's order (Order, then the preferred one first among equals); other media are left out. */
export function photosOf(media: DdfMedia[] | null | undefined): ListingPhoto[] {
  return (media ?? [])
    .filter((m) => m.MediaURL && (!m.MediaCategory || /photo/i.test(m.MediaCategory)))
    .sort((a, b) => (a.Order ?? 0) - (b.Order ?? 0) || Number(Boolean(b.PreferredPhotoYN)) - Number(Boolean(a.PreferredPhotoYN)))
    .map((m) => ({ url: m.MediaURL!, description: m.LongDescription?.trim() || null }));
}

/** The street part of UnparsedAddress: the feed may append the city, province and postal code. */
export function streetAddressOf(p: Pick<DdfProperty, "UnparsedAddress" | "City">): string {
  const full = (p.UnparsedAddress ?? "").trim();
  if (!full) return "Address not published";
  const city = p.City?.trim();
  if (city) {
    const at = full.toLowerCase().indexOf(`, ${city.toLowerCase()}`);
    if (at > 0) return full.slice(0, at).trim();
  }
  return full;
}

/**
 * A Property as a row of the local copy. A listing whose seller withheld the address
 * (InternetAddressDisplayYN false) is stored without it, so no page can show it.
 */
export function toListingRow(p: DdfProperty, now = new Date()): ListingRow {
  const addressShown = p.InternetAddressDisplayYN !== false;
  const address = addressShown ? streetAddressOf(p) : "Address not published";
  return {
    listing_key: p.ListingKey,
    mls_number: p.ListingId ?? null,
    slug: addressSlug(addressShown ? address : `mls ${p.ListingId ?? p.ListingKey}`, p.City),
    status: p.StandardStatus ?? null,
    list_price: p.ListPrice ?? null,
    address,
    city: p.City?.trim() || null,
    province: p.StateOrProvince ?? null,
    postal_code: addressShown ? (p.PostalCode ?? null) : null,
    community: p.SubdivisionName ?? null,
    bedrooms: p.BedroomsTotal ?? null,
    bathrooms: p.BathroomsTotalInteger ?? null,
    living_area: p.LivingArea ?? null,
    living_area_units: p.LivingAreaUnits ?? null,
    category: categoryOf(p),
    property_sub_type: p.PropertySubType ?? null,
    public_remarks: p.PublicRemarks ?? null,
    office_name: p.ListOfficeName ?? null,
    listing_url: p.ListingURL ?? null,
    photos: photosOf(p.Media),
    latitude: addressShown ? (p.Latitude ?? null) : null,
    longitude: addressShown ? (p.Longitude ?? null) : null,
    listed_at: p.OriginalEntryTimestamp ? new Date(p.OriginalEntryTimestamp) : null,
    modified_at: new Date(p.ModificationTimestamp),
    synced_at: now,
  };
}

/** Whether a record may be shown at all (the seller allowed Internet display). */
export function displayable(p: Pick<DdfProperty, "InternetEntireListingDisplayYN">): boolean {
  return p.InternetEntireListingDisplayYN !== false;
}
