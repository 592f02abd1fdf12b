/**
 * A saved search's criteria (issue 32, extended by issue 45): read from the same query string as
 * /listings, shown as a label and as hidden form fields, and turned back into the search's own
 * page. Pure (the browser may import it). The alerts job matches them with the search's own SQL
 * (listingsMatching in app/lib/server/listings/queries.server.ts), so a saved search finds what
 * the search shows.
 */
import type { AlertCriteria } from "./alert-values";
import {
  ARCHITECTURAL_STYLES,
  SEARCH_CITIES,
  boundsText,
  keywordsOf,
  type ListingSearch,
  listingSearchQuery,
  parseListingSearch,
} from "./listing-types";
import type { ListingCategory } from "./schema-values";

/**
 * The criteria of a query string: `city` may repeat (an area page searches all its feed cities),
 * each one the search offers; the rest read exactly as parseListingSearch reads them (unknown
 * values dropped, numbers clamped, a minimum above the maximum swapped, a bad map area dropped).
 * Paging and "with accepted offers" are not criteria: alerts are about homes for sale.
 */
export function parseAlertCriteria(params: URLSearchParams): AlertCriteria {
  const { cities: _one, city: _city, page: _page, withAcceptedOffers: _all, keywords, ...search } = parseListingSearch(params);
  const criteria: AlertCriteria = {};
  const cities = [...new Set(params.getAll("city"))].filter((c) => SEARCH_CITIES.includes(c));
  if (cities.length > 0) criteria.cities = cities;
  // The search's own fields, in its order; only those it kept are present.
  Object.assign(criteria, search);
  if (keywords) criteria.keywords = [...keywords];
  return criteria;
}

/** The criteria as the search's filters (page 1, available homes only). */
function searchOf(c: AlertCriteria): ListingSearch {
  const { cities: _cities, keywords, ...rest } = c;
  return { ...rest, ...(Array.isArray(keywords) ? { keywords } : {}), page: 1 };
}

/** The criteria as [name, value] pairs of the /listings query string (a form's hidden inputs, a link's query). */
export function criteriaFields(c: AlertCriteria): [string, string][] {
  const cities: [string, string][] = (c.cities ?? []).map((city) => ["city", city]);
  return [...cities, ...new URLSearchParams(listingSearchQuery(searchOf(c)))];
}

const PLURALS: Record<ListingCategory, string> = {
  "single-family": "Houses",
  condominium: "Condos",
  townhouse: "Townhouses",
  other: "Other properties",
};

const dollars = (n: number) => `$${Math.round(n).toLocaleString("en-CA")}`;
const feet = (n: number) => `${Math.round(n).toLocaleString("en-CA")} sq ft`;

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
  if (c.minBaths !== undefined) parts.push(`${c.minBaths}+ bathroom${c.minBaths === 1 ? "" : "s"}`);
  if (c.minArea !== undefined && c.maxArea !== undefined) parts.push(`${feet(c.minArea)}–${feet(c.maxArea)}`);
  else if (c.minArea !== undefined) parts.push(`from ${feet(c.minArea)}`);
  else if (c.maxArea !== undefined) parts.push(`up to ${feet(c.maxArea)}`);
  if (c.style) parts.push(c.style);
  if (c.community) parts.push(`in ${c.community}`);
  if (c.keywords?.length) parts.push(`with “${c.keywords.join(" ")}”`);
  if (c.openHouse) parts.push("open houses");
  if (c.priceReduced) parts.push("price reduced");
  if (c.newWithinDays !== undefined) parts.push(c.newWithinDays === 1 ? "new in the last day" : `new in the last ${c.newWithinDays} days`);
  if (c.bounds) parts.push("in an area of the map");
  const shown = parts.filter((p): p is string => p !== null);
  if (shown.length === 0) return "All homes for sale";
  // "from $300,000" alone needs its subject.
  if (parts[0] === null) shown.unshift("Homes");
  return shown.join(", ");
}

/** The search's results page: /listings with its filters (the page filters on one city only, so several leave it out). */
export function criteriaSearchPath(c: AlertCriteria): string {
  const query = listingSearchQuery({ ...searchOf(c), ...(c.cities?.length === 1 ? { cities: c.cities } : {}) });
  return query ? `/listings?${query}` : "/listings";
}

/**
 * The criteria as stored: only what the search reads, read again from its own query string, cities
 * sorted, so one search is stored one way and an identical sign-up finds it. Whatever a stored or
 * posted value was, what comes out is something /listings accepts.
 */
export function canonicalAlertCriteria(c: AlertCriteria): AlertCriteria {
  const safe: AlertCriteria = {
    ...(Array.isArray(c.cities) ? { cities: c.cities.filter((x) => typeof x === "string") } : {}),
    ...(typeof c.category === "string" ? { category: c.category } : {}),
  };
  const params = new URLSearchParams(criteriaFields(safe));
  const put = (name: string, value: unknown) => {
    if (typeof value === "number" || (typeof value === "string" && value !== "")) params.set(name, String(value));
  };
  put("minPrice", c.minPrice);
  put("maxPrice", c.maxPrice);
  put("minBeds", c.minBeds);
  put("minBaths", c.minBaths);
  put("minArea", c.minArea);
  put("maxArea", c.maxArea);
  put(
    "style",
    ARCHITECTURAL_STYLES.find((s) => s === c.style),
  );
  put("community", typeof c.community === "string" ? c.community : undefined);
  if (Array.isArray(c.keywords)) put("q", keywordsOf(c.keywords.filter((w) => typeof w === "string").join(" ")).join(" "));
  if (c.openHouse === true) params.set("openHouse", "1");
  if (c.priceReduced === true) params.set("reduced", "1");
  put("new", c.newWithinDays);
  const b = c.bounds;
  if (b && [b.south, b.west, b.north, b.east].every((n) => typeof n === "number" && Number.isFinite(n))) put("bounds", boundsText(b));
  put("sort", c.sort);
  const criteria = parseAlertCriteria(params);
  if (criteria.cities) criteria.cities = [...criteria.cities].sort();
  return criteria;
}
