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
  /** The feed's OpenHouseKey (an RSVP's page names it); absent on the sample open houses. */
  openHouseKey?: string;
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
  /** The asking price before its last reduction, while the price stays reduced (issue 45); null otherwise. */
  previousPrice: number | null;
  /** ISO timestamps: they cross from the loader to the browser as text. */
  listedAt: string | null;
  modifiedAt: string;
  /** What a buyer asks about the house, as far as the feed carries it (issue 28). */
  facts: ListingFacts;
  /** The feed's figures the monthly-cost panel starts from. */
  costs: ListingCostInputs;
  /** Where the home is (the map behind a tap, issue 45); null when the feed leaves it out or hides the address. */
  latitude: number | null;
  longitude: number | null;
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
  /** Everything else the feed describes the home with (issue 45). */
  features: ListingFeatures;
}

/**
 * The feed's descriptive lists, texts and figures beyond those with columns of their own (issue 45),
 * stored together (the `features` jsonb of a listing): a key is present only when the feed gave it.
 * Lists are CREA's enumerations as written ("Forced air", "Dishwasher", …).
 */
export interface ListingFeatures {
  architecturalStyle?: string[];
  constructionMaterials?: string[];
  foundation?: string[];
  roof?: string[];
  exterior?: string[];
  flooring?: string[];
  basement?: string[];
  cooling?: string[];
  fireplace?: boolean;
  fireplaces?: number;
  fireplaceFeatures?: string[];
  appliances?: string[];
  buildingFeatures?: string[];
  accessibility?: string[];
  security?: string[];
  parking?: string[];
  lotFeatures?: string[];
  lotDimensions?: string;
  fencing?: string[];
  pool?: string[];
  view?: string[];
  waterfront?: string[];
  communityFeatures?: string[];
  zoning?: string;
  zoningDescription?: string;
  associationName?: string;
  utilities?: string[];
  waterSource?: string[];
  sewer?: string[];
  stories?: number;
  bathroomsPartial?: number;
  bedroomsAboveGrade?: number;
  bedroomsBelowGrade?: number;
  aboveGradeArea?: number;
  aboveGradeAreaUnits?: string;
  belowGradeArea?: number;
  belowGradeAreaUnits?: string;
  frontage?: number;
  frontageUnits?: string;
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
  minBaths?: number;
  /** Living area in square feet (a listing given in square metres is compared converted). */
  minArea?: number;
  maxArea?: number;
  /** One of ARCHITECTURAL_STYLES, as the feed's ArchitecturalStyle lists it. */
  style?: string;
  /** SubdivisionName, compared without case. */
  community?: string;
  /** Words that must all be in the listing's description (PublicRemarks), without case. */
  keywords?: readonly string[];
  /** Only homes with an open house from today on. */
  openHouse?: boolean;
  /** Only homes whose asking price the sync saw go down (and not back up). */
  priceReduced?: boolean;
  /** Only homes that entered the feed in the last so many days (one of NEW_WITHIN_DAYS). */
  newWithinDays?: number;
  /** Only homes whose point lies in this box: the map's "Search this area". */
  bounds?: MapBounds;
}

/** A box on the map, in degrees (south < north, west < east; the site's region never crosses the antimeridian). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A bound's decimals in the address: 4 is about 10 m, finer than a map's pixel at any zoom that shows a street. */
export const BOUNDS_DECIMALS = 4;
const COORDINATE = /^-?\d{1,3}(\.\d{1,10})?$/;

/**
 * The `bounds` parameter, "south,west,north,east" in degrees: four numbers in range with south
 * below north and west of east, rounded to BOUNDS_DECIMALS. Null when absent; "invalid" when
 * present and wrong: unlike the other filters, a map always writes a good one, so a bad one is a
 * client's mistake answered 400, not a search quietly widened to the whole region.
 */
export function boundsOf(text: string | null): MapBounds | null | "invalid" {
  if (text === null) return null;
  const parts = text.split(",");
  if (parts.length !== 4 || !parts.every((p) => COORDINATE.test(p))) return "invalid";
  const round = (n: number) => Number(n.toFixed(BOUNDS_DECIMALS)) || 0;
  const [south, west, north, east] = parts.map((p) => round(Number(p))) as [number, number, number, number];
  const latOk = (n: number) => n >= -90 && n <= 90;
  const lngOk = (n: number) => n >= -180 && n <= 180;
  if (!latOk(south) || !latOk(north) || !lngOk(west) || !lngOk(east) || south >= north || west >= east) return "invalid";
  return { south, west, north, east };
}

/** The `bounds` parameter's one spelling. */
export function boundsText(b: MapBounds): string {
  return [b.south, b.west, b.north, b.east].map((n) => String(n)).join(",");
}

/** The orders the search offers: newest first by default, price both ways, largest first. */
export const LISTING_SORTS = ["newest", "price-asc", "price-desc", "size-desc"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: "Newest first",
  "price-asc": "Price, low to high",
  "price-desc": "Price, high to low",
  "size-desc": "Size, largest first",
};

export interface ListingSearch extends ListingFilter {
  page: number;
  sort?: ListingSort;
}

/** The feed's City values the search offers: one per area page, in the catalogue's order. */
export const SEARCH_CITIES: readonly string[] = [...new Set(areas.flatMap(feedCitiesOf))];

/**
 * The styles the search offers: the ArchitecturalStyle members Edmonton-area boards use most
 * (CREA's description names the enumeration, not its members). Only these are accepted, so the
 * search's addresses stay few.
 */
export const ARCHITECTURAL_STYLES = [
  "Bungalow",
  "Bi-level",
  "2 Level",
  "3 Level",
  "4 Level",
  "5 Level",
  "Split level",
  "Loft",
  "Low rise",
  "High rise",
] as const;
/** "New in the last N days": only these, so the search's addresses stay few. */
export const NEW_WITHIN_DAYS = [1, 3, 7, 14, 30] as const;

export const MAX_PAGE = 10_000;
const MAX_PRICE = 1_000_000_000;
const MAX_BEDS = 20;
const MAX_BATHS = 20;
const MAX_AREA = 100_000;
/** Longest community name kept, and the keywords' limits: bounded, so no address can make the search or the cache work hard. */
export const MAX_COMMUNITY_LENGTH = 60;
export const MAX_KEYWORDS = 5;
export const MAX_KEYWORD_LENGTH = 30;
export const MAX_KEYWORDS_TEXT = 100;

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

/** The keywords of `?q=`: letters and digits only (no wildcard or operator survives), lower case, without repeats, bounded. */
export function keywordsOf(text: string | null): string[] {
  const typed = text ?? "";
  // Cut at the bound, without the word the cut went through.
  const words = (typed.length > MAX_KEYWORDS_TEXT ? typed.slice(0, MAX_KEYWORDS_TEXT).replace(/\s+\S*$/, "") : typed)
    .normalize("NFKC")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return [...new Set((words ?? []).filter((w) => w.length >= 2).map((w) => w.slice(0, MAX_KEYWORD_LENGTH)))].slice(0, MAX_KEYWORDS);
}

/** A community name as typed: spaces collapsed, bounded; only letters, digits and the punctuation names use. */
function communityOf(text: string | null): string | undefined {
  const name = (text ?? "")
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N} .'&-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_COMMUNITY_LENGTH)
    .trim();
  return name || undefined;
}

const range = (min: number | undefined, max: number | undefined): [number | undefined, number | undefined] =>
  min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];

/**
 * The /listings search's filters from its query string. A hand-edited or stale URL never gives
 * an error page: unknown cities, types, styles, orders and periods are dropped, numbers are
 * clamped, a minimum above the maximum swaps them, texts are cut to their bounds. A bad `bounds`
 * is dropped here; /listings answers it 400 (boundsOf).
 */
export function parseListingSearch(params: URLSearchParams): ListingSearch & { city?: string } {
  const city = params.get("city") ?? "";
  const type = params.get("type") ?? "";
  const [minPrice, maxPrice] = range(
    whole(params.get("minPrice"), 0, MAX_PRICE) || undefined,
    whole(params.get("maxPrice"), 0, MAX_PRICE) || undefined,
  );
  const [minArea, maxArea] = range(
    whole(params.get("minArea"), 0, MAX_AREA) || undefined,
    whole(params.get("maxArea"), 0, MAX_AREA) || undefined,
  );
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
  const minBaths = whole(params.get("minBaths"), 0, MAX_BATHS) || undefined;
  if (minBaths !== undefined) search.minBaths = minBaths;
  if (minArea !== undefined) search.minArea = minArea;
  if (maxArea !== undefined) search.maxArea = maxArea;
  const style = ARCHITECTURAL_STYLES.find((s) => s === params.get("style"));
  if (style) search.style = style;
  const community = communityOf(params.get("community"));
  if (community) search.community = community;
  const keywords = keywordsOf(params.get("q"));
  if (keywords.length > 0) search.keywords = keywords;
  if (params.get("openHouse") === "1") search.openHouse = true;
  if (params.get("reduced") === "1") search.priceReduced = true;
  const days = NEW_WITHIN_DAYS.find((d) => String(d) === params.get("new"));
  if (days) search.newWithinDays = days;
  const bounds = boundsOf(params.get("bounds"));
  if (bounds && bounds !== "invalid") search.bounds = bounds;
  const sort = LISTING_SORTS.find((s) => s === params.get("sort"));
  if (sort && sort !== "newest") search.sort = sort;
  return search;
}

/**
 * The one spelling of a search's address: its filters in a fixed order, without blanks, defaults,
 * unknown parameters or values the search drops. /listings answers any other spelling with a
 * redirect to this one, so a shared cache and the server's own keep one copy per search, and a
 * bot inventing parameters makes redirects, not renders (decision 054).
 */
export function listingSearchQuery(search: ListingSearch): string {
  const q = new URLSearchParams();
  const add = (name: string, value: string | number | undefined | false) => {
    if (value !== undefined && value !== false && value !== "") q.append(name, String(value));
  };
  if (search.cities?.length === 1) add("city", search.cities[0]);
  add("type", search.category);
  add("minPrice", search.minPrice);
  add("maxPrice", search.maxPrice);
  add("minBeds", search.minBeds);
  add("minBaths", search.minBaths);
  add("minArea", search.minArea);
  add("maxArea", search.maxArea);
  add("style", search.style);
  add("community", search.community);
  add("q", search.keywords?.join(" "));
  add("openHouse", search.openHouse && "1");
  add("reduced", search.priceReduced && "1");
  add("new", search.newWithinDays);
  add("bounds", search.bounds && boundsText(search.bounds));
  add("status", search.withAcceptedOffers && "all");
  add("sort", search.sort !== "newest" && search.sort);
  add("page", search.page > 1 && search.page);
  return q.toString();
}

/** True when the search narrows, orders or pages the plain /listings (those variants are not indexed). */
export function isRefined(search: ListingSearch): boolean {
  return listingSearchQuery(search) !== "";
}

/** How many of the agent's own listings the home page and /about show (the "My listings" section). */
export const AGENT_LISTINGS_SHOWN = 6;
