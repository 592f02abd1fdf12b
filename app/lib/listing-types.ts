/**
 * What the listing pages receive from their loaders, and the search's filters as read from a
 * query string. Shared by the server's queries and the components, so nothing here touches the
 * database; the values come from the local copy of the DDF® feed.
 */
import { LISTING_CATEGORIES, type ListingCategory } from "./schema-values";
import { areas, feedCitiesOf } from "~/content/areas";

/**
 * How a listing's StandardStatus reads on the public pages (docs/decisions/030): available, or an
 * accepted offer in one of the two stages Canadian buyers know. Every other status the feed may
 * carry (sold, expired, withdrawn, …) is left off the site: such a listing is removed and its page
 * answers 410.
 */
export const LISTING_STATUSES = ["active", "under-contract", "pending"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** The label beside a listing whose offer is accepted; none for an available home. */
export const LISTING_STATUS_LABELS: Record<ListingStatus, string | null> = {
  active: null,
  "under-contract": "Conditionally sold",
  pending: "Sale pending",
};

/** Only what a card shows: a results page of 12 carries a few kilobytes, not the descriptions. */
export interface ListingCard {
  key: string;
  path: string;
  /** The asking price; null when the feed has none or gives 0 (shown as "Price on request"). */
  price: number | null;
  status: ListingStatus;
  /** OfficeName of the listing office, then of each co-listing office (the DDF rules require it shown). */
  brokerages: string[];
  /** ListAgentKey or a CoListAgentKey is the agent's own CREA member key (DDF_MEMBER_KEY). */
  listedByAgent: boolean;
  address: string;
  city: string | null;
  beds: number | null;
  baths: number | null;
  area: number | null;
  areaUnits: string | null;
  photo: string | null;
  category: ListingCategory;
}

export interface ListingPage {
  total: number;
  page: number;
  pageCount: number;
  listings: ListingCard[];
  /** Median asking price over every listing matching the filter (not just this page); null when none has a price. */
  medianAskingPrice: number | null;
}

/** One open house of a listing, in Edmonton's time (the feed gives local date and times). */
export interface OpenHouseTime {
  /** "2026-11-28". */
  date: string;
  /** "13:00", or null when the feed leaves it out. */
  start: string | null;
  end: string | null;
  /** LivestreamOpenHouseURL, when it is an https link. */
  livestreamUrl: string | null;
}

/** An upcoming open house with the home it is at, for /open-house. */
export interface OpenHouseListing extends OpenHouseTime {
  listing: ListingCard;
}

export interface ListingDetail {
  key: string;
  path: string;
  mlsNumber: string | null;
  price: number | null;
  status: ListingStatus;
  brokerages: string[];
  listedByAgent: boolean;
  /** Upcoming open houses, soonest first (none past). */
  openHouses: OpenHouseTime[];
  address: string;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  community: string | null;
  beds: number | null;
  baths: number | null;
  area: number | null;
  areaUnits: string | null;
  category: ListingCategory;
  subType: string | null;
  remarks: string | null;
  listingUrl: string | null;
  /** Photos in the feed's order, less those the media host is known to fail (the first shown is one that loads). */
  photos: { url: string; description: string | null }[];
  /** For og:image: the address of the first of the listing's photos that loads; null without photos. */
  cover: string | null;
  /** ISO timestamps: they cross from the loader to the browser as text. */
  listedAt: string | null;
  modifiedAt: string;
  /** What a buyer asks about the house, as far as the feed carries it (issue 28). */
  facts: ListingFacts;
  /** The feed's figures the monthly-cost panel starts from. */
  costs: ListingCostInputs;
}

/** One room as the feed lists it (CREA's PropertyRoom): its type, level and dimensions as written. */
export interface ListingRoom {
  type: string;
  level: string | null;
  dimensions: string | null;
}

/** The facts of a listing page; each null or empty when the feed does not carry it (never shown then). */
export interface ListingFacts {
  yearBuilt: number | null;
  rooms: ListingRoom[];
  parkingTotal: number | null;
  lotSize: { area: number; units: string } | null;
  heating: string[];
  /** What the condo fee covers (AssociationFeeIncludes). */
  feeIncludes: string[];
}

/** The monthly-cost panel's figures from the feed: the property tax (with its year) and the condo fee (with how often it is charged). */
export interface ListingCostInputs {
  taxAnnualAmount: number | null;
  taxYear: number | null;
  associationFee: number | null;
  /** CREA's FeeFrequency as the feed writes it ("Monthly", "Quarterly", "Annually", …). */
  associationFeeFrequency: string | null;
}

export interface ListingFilter {
  cities?: readonly string[];
  /** Also homes with an accepted offer (labelled); by default only available ones, as "for sale" says. */
  withAcceptedOffers?: boolean;
  category?: ListingCategory;
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
}

export interface ListingSearch extends ListingFilter {
  page: number;
}

/** The feed's City values the search offers: one per area page, in the catalogue's order. */
export const SEARCH_CITIES: readonly string[] = [...new Set(areas.flatMap(feedCitiesOf))];

export const MAX_PAGE = 10_000;
const MAX_PRICE = 1_000_000_000;
const MAX_BEDS = 20;

function whole(value: string | null, min: number, max: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = Number(value.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(n)) return undefined;
  return Math.min(max, Math.max(min, Math.floor(n)));
}

/** The page number of `?page=`: anything that is not a whole number from 1 up reads as 1. */
export function pageParam(params: URLSearchParams): number {
  return whole(params.get("page"), 1, MAX_PAGE) ?? 1;
}

/**
 * The /listings search's filters from its query string. A hand-edited or stale URL never gives
 * an error page: unknown cities and types are dropped, numbers are clamped, and a minimum above
 * the maximum swaps them.
 */
export function parseListingSearch(params: URLSearchParams): ListingSearch & { city?: string } {
  const city = params.get("city") ?? "";
  const type = params.get("type") ?? "";
  let minPrice = whole(params.get("minPrice"), 0, MAX_PRICE) || undefined;
  let maxPrice = whole(params.get("maxPrice"), 0, MAX_PRICE) || undefined;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const search: ListingSearch & { city?: string } = { page: pageParam(params) };
  if (SEARCH_CITIES.includes(city)) {
    search.city = city;
    search.cities = [city];
  }
  if ((LISTING_CATEGORIES as readonly string[]).includes(type)) search.category = type as ListingCategory;
  if (minPrice !== undefined) search.minPrice = minPrice;
  if (maxPrice !== undefined) search.maxPrice = maxPrice;
  if (params.get("status") === "all") search.withAcceptedOffers = true;
  const minBeds = whole(params.get("minBeds"), 0, MAX_BEDS) || undefined;
  if (minBeds !== undefined) search.minBeds = minBeds;
  return search;
}

/** True when the search narrows or pages the plain /listings (those variants are not indexed). */
export function isRefined(search: ListingSearch): boolean {
  return search.page > 1 || Boolean(search.withAcceptedOffers || search.cities?.length || search.category || search.minPrice || search.maxPrice || search.minBeds);
}

/** How many of the agent's own listings the home page and /about show (the "My listings" section). */
export const AGENT_LISTINGS_SHOWN = 6;
