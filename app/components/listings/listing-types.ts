/**
 * What the listing pages receive from their loaders, and the search's filters as read from a
 * query string. Shared by the server's queries and the components, so nothing here touches the
 * database; the values come from the local copy of the DDF® feed.
 */
import { LISTING_CATEGORIES, type ListingCategory } from "../../../db/schema-values";
import { areas, feedCitiesOf } from "~/content/areas";

/** Only what a card shows: a results page of 12 carries a few kilobytes, not the descriptions. */
export interface ListingCard {
  key: string;
  path: string;
  price: number | null;
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

export interface ListingDetail {
  key: string;
  path: string;
  mlsNumber: string | null;
  price: number | null;
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
  brokerage: string | null;
  listingUrl: string | null;
  photos: { url: string; description: string | null }[];
  /** ISO timestamps: they cross from the loader to the browser as text. */
  listedAt: string | null;
  modifiedAt: string;
}

export interface ListingFilter {
  cities?: readonly string[];
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
  const minBeds = whole(params.get("minBeds"), 0, MAX_BEDS) || undefined;
  if (minBeds !== undefined) search.minBeds = minBeds;
  return search;
}

/** True when the search narrows or pages the plain /listings (those variants are not indexed). */
export function isRefined(search: ListingSearch): boolean {
  return search.page > 1 || Boolean(search.cities?.length || search.category || search.minPrice || search.maxPrice || search.minBeds);
}
