/**
 * A saved search's criteria (issue 32): read from the same query string as /listings, shown as a
 * label and as hidden form fields, turned back into the search's own page, and matched against a
 * listing in TypeScript by the alerts job. Pure (the browser may import it); the matching must
 * agree with the search's SQL (whereOf in app/lib/server/listings/queries.server.ts), and a test
 * runs both on the same listings.
 */
import type { AlertCriteria } from "./alert-values";
import { type ListingStatus, SEARCH_CITIES, parseListingSearch } from "./listing-types";
import type { ListingCategory } from "./schema-values";

/**
 * The criteria of a query string: `city` may repeat (an area page searches all its feed cities),
 * each one the search offers; the rest read exactly as parseListingSearch reads them (unknown
 * values dropped, numbers clamped, a minimum above the maximum swapped). Paging and "with accepted
 * offers" are not criteria: alerts are about homes for sale.
 */
export function parseAlertCriteria(params: URLSearchParams): AlertCriteria {
  const search = parseListingSearch(params);
  const criteria: AlertCriteria = {};
  const cities = [...new Set(params.getAll("city"))].filter((c) => SEARCH_CITIES.includes(c));
  if (cities.length > 0) criteria.cities = cities;
  if (search.category) criteria.category = search.category;
  if (search.minPrice !== undefined) criteria.minPrice = search.minPrice;
  if (search.maxPrice !== undefined) criteria.maxPrice = search.maxPrice;
  if (search.minBeds !== undefined) criteria.minBeds = search.minBeds;
  return criteria;
}

/** The criteria as [name, value] pairs of the /listings query string (a form's hidden inputs, a link's query). */
export function criteriaFields(c: AlertCriteria): [string, string][] {
  const fields: [string, string][] = (c.cities ?? []).map((city) => ["city", city]);
  if (c.category) fields.push(["type", c.category]);
  if (c.minPrice !== undefined) fields.push(["minPrice", String(c.minPrice)]);
  if (c.maxPrice !== undefined) fields.push(["maxPrice", String(c.maxPrice)]);
  if (c.minBeds !== undefined) fields.push(["minBeds", String(c.minBeds)]);
  return fields;
}

const PLURALS: Record<ListingCategory, string> = {
  "single-family": "Houses",
  condominium: "Condos",
  townhouse: "Townhouses",
  other: "Other properties",
};

const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-CA")}`;

/** "A", "A or B", "A, B or C". */
function either(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** What the buyer asked for, in words: "Houses in Edmonton, $300,000–$500,000, 3+ bedrooms"; "All homes for sale" when nothing narrows it. */
export function criteriaLabel(c: AlertCriteria): string {
  const what = c.category ? PLURALS[c.category] : "Homes";
  const parts = [c.cities?.length ? `${what} in ${either(c.cities)}` : c.category ? what : null];
  if (c.minPrice !== undefined && c.maxPrice !== undefined) parts.push(`${dollars(c.minPrice)}–${dollars(c.maxPrice)}`);
  else if (c.minPrice !== undefined) parts.push(`from ${dollars(c.minPrice)}`);
  else if (c.maxPrice !== undefined) parts.push(`up to ${dollars(c.maxPrice)}`);
  if (c.minBeds !== undefined) parts.push(`${c.minBeds}+ bedroom${c.minBeds === 1 ? "" : "s"}`);
  const shown = parts.filter((p): p is string => p !== null);
  if (shown.length === 0) return "All homes for sale";
  // "from $300,000" alone needs its subject.
  if (parts[0] === null) shown.unshift("Homes");
  return shown.join(", ");
}

/** The search's results page: /listings with its filters (the page filters on one city only, so several leave it out). */
export function criteriaSearchPath(c: AlertCriteria): string {
  const fields = criteriaFields(c).filter(([name]) => name !== "city");
  if (c.cities?.length === 1) fields.unshift(["city", c.cities[0]!]);
  const query = new URLSearchParams(fields).toString();
  return query ? `/listings?${query}` : "/listings";
}

/** What matching reads of a listing: its stored values (price: list_price as stored, 0 included; status as the site stores it). */
export interface MatchedListing {
  city: string | null;
  category: ListingCategory;
  price: number | null;
  beds: number | null;
  status: ListingStatus | string | null;
}

/**
 * Whether the search shows the listing as an available home: the conditions of whereOf, one by
 * one (a null city, price or bed count fails any condition on it, as SQL's comparisons with null do).
 */
export function matchesCriteria(c: AlertCriteria, listing: MatchedListing): boolean {
  if (listing.status !== "active") return false;
  if (c.cities?.length && (listing.city === null || !c.cities.includes(listing.city))) return false;
  if (c.category && listing.category !== c.category) return false;
  if (c.minPrice !== undefined && (listing.price === null || !(listing.price >= c.minPrice))) return false;
  if (c.maxPrice !== undefined && (listing.price === null || !(listing.price <= c.maxPrice))) return false;
  if (c.minBeds !== undefined && (listing.beds === null || !(listing.beds >= c.minBeds))) return false;
  return true;
}
