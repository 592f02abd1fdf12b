/**
 * What the sync reads of a DDF® Property record (the feed's field names, RESO Data Dictionary),
 * and how one becomes a row of the local copy (db/schema.ts `listings`). Every field named here
 * is one CREA's published description of the entity declares (tests/fixtures/ddf/crea-web-api.json;
 * crea-fields.test.ts fails otherwise): a server built on ASP.NET Core OData answers 400 to a
 * `$select` naming anything else, and the whole sync would load nothing.
 */
import type { ListingCategory } from "~/lib/schema-values";
import type { ListingStatus } from "~/lib/listing-types";
import type { ListingPhoto, listings, openHouses } from "../../../../db/schema";
import { addressSlug, httpsUrlOf } from "../../listings";
import {
  type DdfPropertyFacts,
  FEATURE_LISTS,
  FEATURE_NUMBERS,
  FEATURE_TEXTS,
  FEATURE_UNITS,
  listingFactsOf,
} from "./property-facts.server";

export interface DdfMedia {
  MediaKey?: string | null;
  MediaURL?: string | null;
  MediaCategory?: string | null;
  Order?: number | null;
  PreferredPhotoYN?: boolean | null;
  LongDescription?: string | null;
  ModificationTimestamp?: string | null;
}

/** The Property fields the site uses (the facts and costs in property-facts.server.ts); the feed sends many more, which are ignored. */
export interface DdfProperty extends DdfPropertyFacts {
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
  /** OfficeKey of the listing brokerage; its name is OfficeName on the Office resource. */
  ListOfficeKey?: string | null;
  CoListOfficeKey?: string | null;
  CoListOfficeKey2?: string | null;
  CoListOfficeKey3?: string | null;
  /** MemberKey of the listing agent and co-listing agents (DDF_MEMBER_KEY marks the site's own agent). */
  ListAgentKey?: string | null;
  CoListAgentKey?: string | null;
  CoListAgentKey2?: string | null;
  CoListAgentKey3?: string | null;
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
  "ListOfficeKey",
  "CoListOfficeKey",
  "CoListOfficeKey2",
  "CoListOfficeKey3",
  "ListAgentKey",
  "CoListAgentKey",
  "CoListAgentKey2",
  "CoListAgentKey3",
  "Latitude",
  "Longitude",
  "OriginalEntryTimestamp",
  "ModificationTimestamp",
  "InternetEntireListingDisplayYN",
  "InternetAddressDisplayYN",
  "Media",
  "TaxAnnualAmount",
  "TaxYear",
  "AssociationFee",
  "AssociationFeeFrequency",
  "AssociationFeeIncludes",
  "YearBuilt",
  // Like Media, a collection served inline with the Property: CREA's description documents no $expand.
  "Rooms",
  "ParkingTotal",
  "LotSizeArea",
  "LotSizeUnits",
  "Heating",
  // The rest of what a buyer asks about (issue 45), stored together in `features`.
  ...(Object.keys(FEATURE_LISTS) as (keyof typeof FEATURE_LISTS)[]),
  ...(Object.keys(FEATURE_TEXTS) as (keyof typeof FEATURE_TEXTS)[]),
  ...(Object.keys(FEATURE_NUMBERS) as (keyof typeof FEATURE_NUMBERS)[]),
  ...(Object.keys(FEATURE_UNITS) as (keyof typeof FEATURE_UNITS)[]),
  "FireplaceYN",
] as const satisfies readonly (keyof DdfProperty)[];

export type ListingRow = typeof listings.$inferInsert;

/** The site's grouping: the three property-type pages, by sub-type first, then by structure. */
export function categoryOf(p: Pick<DdfProperty, "PropertySubType" | "StructureType" | "CommonInterest">): ListingCategory {
  const sub = (p.PropertySubType ?? "").toLowerCase();
  const structures = (p.StructureType ?? []).map((s) => s.toLowerCase());
  if (structures.some((s) => s.includes("row") || s.includes("townhouse")) || sub.includes("townhouse")) return "townhouse";
  if (
    sub.includes("condo") ||
    sub.includes("apartment") ||
    structures.some((s) => s.includes("apartment")) ||
    (p.CommonInterest ?? "").toLowerCase().includes("condo")
  ) {
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
    // Only shown statuses are stored (displayable), as the pages name them.
    status: listingStatusOf(p.StandardStatus),
    // 0 is how some boards send "price on request": it is no price, not a free home.
    list_price: p.ListPrice && p.ListPrice > 0 ? p.ListPrice : null,
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
    office_keys: keysOf(p.ListOfficeKey, p.CoListOfficeKey, p.CoListOfficeKey2, p.CoListOfficeKey3),
    agent_keys: keysOf(p.ListAgentKey, p.CoListAgentKey, p.CoListAgentKey2, p.CoListAgentKey3),
    listing_url: p.ListingURL ?? null,
    photos: photosOf(p.Media),
    latitude: addressShown ? (p.Latitude ?? null) : null,
    longitude: addressShown ? (p.Longitude ?? null) : null,
    ...listingFactsOf(p, now),
    listed_at: p.OriginalEntryTimestamp ? new Date(p.OriginalEntryTimestamp) : null,
    modified_at: new Date(p.ModificationTimestamp),
    synced_at: now,
  };
}

/** The keys given, in order, without blanks or repeats. */
function keysOf(...keys: (string | null | undefined)[]): string[] {
  return [...new Set(keys.map((k) => k?.trim()).filter((k): k is string => Boolean(k)))];
}

/**
 * How each StandardStatus the feed carries is shown (docs/decisions/030). CREA's replication list
 * holds only listings on the market; of RESO's statuses those are the available ones and the two
 * stages of an accepted offer. Anything else (Closed, Expired, Withdrawn, Canceled, Hold, Coming
 * Soon, Delete, Incomplete, or a status added later) is left off the site, like a removed listing.
 */
const SHOWN_STATUSES: Readonly<Record<string, ListingStatus>> = {
  active: "active",
  "active under contract": "under-contract",
  pending: "pending",
};

/** The status as the pages show it, or null when the listing is not shown at all. */
export function listingStatusOf(standardStatus: string | null | undefined): ListingStatus | null {
  return SHOWN_STATUSES[(standardStatus ?? "").trim().toLowerCase()] ?? null;
}

/** Whether a record may be shown at all: the seller allowed Internet display and its status is one the site shows. */
export function displayable(p: Pick<DdfProperty, "InternetEntireListingDisplayYN" | "StandardStatus">): boolean {
  return p.InternetEntireListingDisplayYN !== false && listingStatusOf(p.StandardStatus) !== null;
}

/** The Office fields the site reads: the brokerage's name for the listings that name its key. */
export interface DdfOffice {
  OfficeKey: string;
  OfficeName?: string | null;
  ModificationTimestamp: string;
}
export const OFFICE_FIELDS = ["OfficeKey", "OfficeName", "ModificationTimestamp"] as const satisfies readonly (keyof DdfOffice)[];

/** The OpenHouse fields the site reads. The resource has no replication function and no timestamp. */
export interface DdfOpenHouse {
  OpenHouseKey: string;
  ListingKey?: string | null;
  /** The day, in local time ("2026-11-28", or a date-time at midnight). */
  OpenHouseDate?: string | null;
  /** Local time, "13:00:00.00". */
  OpenHouseStartTime?: string | null;
  OpenHouseEndTime?: string | null;
  OpenHouseType?: string | null;
  OpenHouseStatus?: string | null;
  LivestreamOpenHouseURL?: string | null;
}
export const OPEN_HOUSE_FIELDS = [
  "OpenHouseKey",
  "ListingKey",
  "OpenHouseDate",
  "OpenHouseStartTime",
  "OpenHouseEndTime",
  "OpenHouseType",
  "OpenHouseStatus",
  "LivestreamOpenHouseURL",
] as const satisfies readonly (keyof DdfOpenHouse)[];

export type OpenHouseRow = typeof openHouses.$inferInsert;

/**
 * An open house as a row of the local copy, or null when it is not one a visitor can attend:
 * no listing or date, cancelled or ended, or not public (broker and office tours are for agents).
 */
export function toOpenHouseRow(o: DdfOpenHouse, now = new Date()): OpenHouseRow | null {
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(o.OpenHouseDate ?? "")?.[1];
  if (!o.OpenHouseKey || !o.ListingKey || !date) return null;
  const status = (o.OpenHouseStatus ?? "").trim().toLowerCase();
  if (status === "cancelled" || status === "canceled" || status === "ended") return null;
  const type = (o.OpenHouseType ?? "").trim().toLowerCase();
  if (type && type !== "public") return null;
  return {
    open_house_key: o.OpenHouseKey,
    listing_key: o.ListingKey,
    date,
    start_time: clockOf(o.OpenHouseStartTime),
    end_time: clockOf(o.OpenHouseEndTime),
    livestream_url: httpsUrlOf(o.LivestreamOpenHouseURL),
    synced_at: now,
  };
}

/** "13:00:00.00" -> "13:00"; anything else -> null. */
function clockOf(text: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec((text ?? "").trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, "0")}:${m[2]}`;
}
