/**
 * The pages' reads of the local copy of the DDF® feed (the sync writes through store.server.ts).
 *
 * Written for a copy of about 20,000 listings: a results page reads only the rows it shows,
 * through the (listed_at), (city, listed_at) and (category, listed_at) indexes; the count and the
 * median, which read all the filter's rows, are kept until the copy changes (summary.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import type {
  ListingCard,
  ListingDetail,
  ListingFilter,
  ListingPage,
  ListingSearch,
  ListingSort,
  ListingStatus,
  OpenHouseListing,
  OpenHouseTime,
} from "~/lib/listing-types";
import type { MapListing } from "../../map-data";
import { listingTombstones, listings, offices, openHouses } from "../../../../db/schema";
import { edmontonDate } from "../../dates";
import { listingPath } from "../../listings";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, type Selectable, select, selectList } from "../../../../platform/db/query";
import { listingCoverPath, listingPhotoPath, photoKnownToFail } from "./photos.server";
import { listingSummary } from "./summary.server";

export type ListingLookup = ListingDetail | { gone: true } | null;

/**
 * The fields a card and the detail view both show, selected once (sharedFields) and finished once
 * (finishShared) so the two views cannot disagree about them. Most come as the views name them;
 * slug, listPrice and listedByAgent are turned into path, price and listedByAgent. A field added to
 * both ListingCard and ListingDetail fails to compile (toCard) until it is selected here.
 *
 * The brokerages' names come from the offices the listing names, in its order (listing office
 * first), so a renamed office shows on every page after one sync; the agent's own listings are
 * those whose listing or co-listing agent has DDF_MEMBER_KEY.
 */
function sharedFields(memberKey: string | null | undefined) {
  return {
    key: listings.listing_key,
    slug: listings.slug,
    // The sync stores only the statuses the site shows (decision 030).
    status: sql<ListingStatus>`${listings.status}`,
    listPrice: listings.list_price,
    address: listings.address,
    city: listings.city,
    beds: listings.bedrooms,
    baths: listings.bathrooms,
    area: listings.living_area,
    areaUnits: listings.living_area_units,
    category: listings.category,
    brokerages: sql<string[]>`array(select ${offices.office_name} from unnest(${listings.office_keys}) with ordinality as k(office_key, n)
      join ${offices} on ${offices.office_key} = k.office_key where ${offices.office_name} is not null order by k.n)`,
    listedByAgent: sql<boolean | null>`${memberKey ?? null}::text = any(${listings.agent_keys})`,
  };
}

function finishShared<R extends RowOf<ReturnType<typeof sharedFields>>>({ slug, listPrice, listedByAgent, ...same }: R) {
  return {
    ...same,
    path: listingPath(same.key, slug),
    // A price of 0 is no price ("Price on request"), whichever way it was stored.
    price: listPrice && listPrice > 0 ? listPrice : null,
    listedByAgent: listedByAgent === true,
  };
}

const detailFields = (memberKey: string | null | undefined) => ({
  ...sharedFields(memberKey),
  mlsNumber: listings.mls_number,
  province: listings.province,
  postalCode: listings.postal_code,
  community: listings.community,
  subType: listings.property_sub_type,
  remarks: listings.public_remarks,
  listingUrl: listings.listing_url,
  photos: listings.photos,
  listedAt: listings.listed_at,
  modifiedAt: listings.modified_at,
  yearBuilt: listings.year_built,
  features: listings.features,
  previousPrice: listings.previous_price,
  rooms: listings.rooms,
  parkingTotal: listings.parking_total,
  lotSizeArea: listings.lot_size_area,
  lotSizeUnits: listings.lot_size_units,
  heating: listings.heating,
  feeIncludes: listings.fee_includes,
  taxAnnualAmount: listings.tax_annual_amount,
  taxYear: listings.tax_year,
  associationFee: listings.association_fee,
  associationFeeFrequency: listings.association_fee_frequency,
  latitude: listings.latitude,
  longitude: listings.longitude,
});

const OPEN_HOUSE_FIELDS = {
  openHouseKey: openHouses.open_house_key,
  date: sql<string>`to_char(${openHouses.date}, 'YYYY-MM-DD')`,
  start: openHouses.start_time,
  end: openHouses.end_time,
  livestreamUrl: openHouses.livestream_url,
} satisfies Record<keyof OpenHouseTime, Selectable>;

/** One listing by its ListingKey; `{ gone: true }` when it left the feed (the page answers 410). */
export async function listingByKey(
  db: Database,
  key: string,
  options: { memberKey?: string | null; today?: string } = {},
): Promise<ListingLookup> {
  const rows = await select(db.rows, detailFields(options.memberKey), sql`from ${listings} where ${listings.listing_key} = ${key}`);
  const row = rows[0];
  if (row) {
    const times = await select(
      db.rows,
      OPEN_HOUSE_FIELDS,
      sql`
      from ${openHouses}
      where ${openHouses.listing_key} = ${key} and ${openHouses.date} >= ${options.today ?? edmontonDate()}::date
      order by ${openHouses.date}, ${openHouses.start_time} nulls last limit 10`,
    );
    return { ...toDetail(row), openHouses: times };
  }
  const gone = await select(
    db.rows,
    { gone: sql<number>`1` },
    sql`from ${listingTombstones} where ${listingTombstones.listing_key} = ${key}`,
  );
  return gone.length > 0 ? { gone: true } : null;
}

function toDetail(detail: RowOf<ReturnType<typeof detailFields>>): Omit<ListingDetail, "openHouses"> {
  const {
    photos,
    listedAt,
    modifiedAt,
    yearBuilt,
    rooms,
    parkingTotal,
    lotSizeArea,
    lotSizeUnits,
    heating,
    feeIncludes,
    features,
    ...rest
  } = detail;
  const { taxAnnualAmount, taxYear, associationFee, associationFeeFrequency, ...row } = rest;
  return {
    ...finishShared(row),
    facts: {
      yearBuilt,
      rooms,
      parkingTotal,
      lotSize: lotSizeArea && lotSizeUnits ? { area: lotSizeArea, units: lotSizeUnits } : null,
      heating,
      feeIncludes,
      features: features ?? {},
    },
    costs: { taxAnnualAmount, taxYear, associationFee, associationFeeFrequency },
    // Served from this site (photos.server.ts); the index is the photo's place in the feed's list.
    // A photo the media host failed to give lately is left out, so the first one shown loads.
    photos: (photos ?? []).flatMap((p, i) =>
      typeof p?.url === "string" && !photoKnownToFail(p.url)
        ? [{ url: listingPhotoPath(row.key, i, p.url), description: p.description }]
        : [],
    ),
    cover: (photos ?? []).length > 0 ? listingCoverPath(row.key) : null,
    listedAt: listedAt ? listedAt.toISOString() : null,
    modifiedAt: modifiedAt.toISOString(),
  };
}

/** The description's words, as the GIN index listings_remarks_words_idx holds them (db/schema/listings.ts: the same expression). */
const remarksWords = sql`to_tsvector('simple'::regconfig, coalesce(${listings.public_remarks}, ''))`;

/**
 * The keywords as a text-search query: every word, each also as the start of a longer one
 * ("garag" finds "garage"). The keywords are letters and digits only (keywordsOf), so nothing in
 * them is query syntax; the query is a bound parameter all the same.
 */
export const keywordQuery = (words: readonly string[]) => words.map((w) => `${w}:*`).join(" & ");

/** The Edmonton day `days` days before `today` ("2026-11-28"), from which "new in the last days" counts. */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The filter as SQL conditions (always at least `true`, so callers can add their own). Every
 * value a visitor typed is a bound parameter; `today` (Edmonton) dates the open houses and the
 * "new in the last days".
 */
function whereOf(f: ListingFilter, today: string): SQL {
  const conditions: SQL[] = [sql`true`];
  // One city is an equality the (city, listed_at) index serves in order; several use = any.
  // sql.param keeps the array one parameter (a bare array would be spread into a list).
  if (f.cities?.length === 1) conditions.push(sql`${listings.city} = ${f.cities[0]}`);
  else if (f.cities?.length) conditions.push(sql`${listings.city} = any(${sql.param([...f.cities])}::text[])`);
  if (f.category) conditions.push(sql`${listings.category} = ${f.category}`);
  // "For sale" means available: homes with an accepted offer only when asked for (decision 030).
  if (!f.withAcceptedOffers) conditions.push(sql`${listings.status} = 'active'`);
  if (f.minPrice !== undefined) conditions.push(sql`${listings.list_price} >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conditions.push(sql`${listings.list_price} <= ${f.maxPrice}`);
  if (f.minBeds !== undefined) conditions.push(sql`${listings.bedrooms} >= ${f.minBeds}`);
  if (f.minBaths !== undefined) conditions.push(sql`${listings.bathrooms} >= ${f.minBaths}`);
  if (f.minArea !== undefined) conditions.push(sql`${listings.living_area_sqft} >= ${f.minArea}`);
  if (f.maxArea !== undefined) conditions.push(sql`${listings.living_area_sqft} <= ${f.maxArea}`);
  if (f.style) conditions.push(sql`${listings.architectural_style} @> ${JSON.stringify([f.style])}::jsonb`);
  if (f.community) conditions.push(sql`lower(${listings.community}) = lower(${f.community})`);
  if (f.keywords?.length) conditions.push(sql`${remarksWords} @@ to_tsquery('simple'::regconfig, ${keywordQuery(f.keywords)})`);
  if (f.openHouse)
    conditions.push(
      sql`exists (select 1 from ${openHouses} where ${openHouses.listing_key} = ${listings.listing_key} and ${openHouses.date} >= ${today}::date)`,
    );
  if (f.priceReduced) conditions.push(sql`${listings.previous_price} is not null`);
  if (f.newWithinDays !== undefined) {
    conditions.push(sql`${listings.listed_at} >= (${daysBefore(today, f.newWithinDays)}::date)::timestamp at time zone 'America/Edmonton'`);
  }
  if (f.bounds) {
    const b = f.bounds;
    conditions.push(sql`${listings.latitude} between ${b.south} and ${b.north} and ${listings.longitude} between ${b.west} and ${b.east}`);
  }
  return sql.join(conditions, sql` and `);
}

/** How many saved searches one statement matches (a union of that many short reads by key). */
const FILTERS_PER_STATEMENT = 200;

/**
 * Which of its `keys` each filter matches, by the search's own conditions (whereOf): the listing
 * alerts (issue 32) match a saved search exactly as /listings finds its homes, keywords, open
 * houses and map area included. Each filter is one read of its few keys by primary key, and a
 * few hundred of them go as one statement. Result: for each filter, in order, the keys it matches.
 */
export async function listingsMatching(
  db: Pick<Database, "rows">,
  reads: readonly { filter: ListingFilter; keys: readonly string[] }[],
  today: string = edmontonDate(),
): Promise<string[][]> {
  const matched: string[][] = reads.map(() => []);
  const asked = reads.flatMap((r, i) => (r.keys.length > 0 ? [{ ...r, i }] : []));
  for (let start = 0; start < asked.length; start += FILTERS_PER_STATEMENT) {
    const parts = asked.slice(start, start + FILTERS_PER_STATEMENT).map(
      (r) =>
        sql`(select ${r.i}::int as filter, ${listings.listing_key} as key from ${listings}
            where ${listings.listing_key} = any(${sql.param([...r.keys])}::text[]) and ${whereOf(r.filter, today)})`,
    );
    const rows = await db.rows<{ filter: number; key: string }>(sql.join(parts, sql` union all `));
    for (const row of rows) matched[row.filter]!.push(row.key);
  }
  return matched;
}

/** The search's ORDER BY: newest first (undated ones last), price either way, size (those without one last); ties by key. */
function orderOf(sort: ListingSort): SQL {
  if (sort === "price-asc") return sql`${listings.list_price} asc nulls last, ${listings.listing_key}`;
  if (sort === "price-desc") return sql`${listings.list_price} desc nulls last, ${listings.listing_key}`;
  if (sort === "size-desc") return sql`${listings.living_area_sqft} desc nulls last, ${listings.listing_key}`;
  return sql`${listings.listed_at} desc nulls last, ${listings.listing_key}`;
}

const cardFields = (memberKey: string | null | undefined) => ({
  ...sharedFields(memberKey),
  photo: sql<string | null>`${listings.photos}->0->>'url'`,
});

function toCard({ photo, ...row }: RowOf<ReturnType<typeof cardFields>>): ListingCard {
  // The first photo, or, when the media host failed to give it lately, the first that loads.
  return {
    ...finishShared(row),
    photo: !photo ? null : photoKnownToFail(photo) ? listingCoverPath(row.key) : listingPhotoPath(row.key, 0, photo),
  };
}

/** The output columns of the subquery `name` whose select list is `fields`, typed as those fields are. */
function columnsOf<F extends Record<string, Selectable>>(name: string, fields: F): { [K in keyof F]: SQL<RowOf<F>[K]> } {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, sql`${sql.identifier(name)}.${sql.identifier(key)}`])) as {
    [K in keyof F]: SQL<RowOf<F>[K]>;
  };
}

/**
 * A page of listings, newest first (listed_at descending, undated ones last, then by key) or in
 * the order asked for (price either way, size: those without one last), with the filter's total
 * and median asking price.
 *
 * The page's keys are found first, from the search's columns alone (listings_search_idx: an
 * index-only scan, not the wide rows), and only its twelve cards are then read by key.
 * "Newest first, nulls last" is the reverse of a btree's natural order, which no plain index
 * scan yields; so its dated and undated keys are read as two ordered, limited scans (the dated
 * one walks a listed_at index backwards and stops after offset + size rows) and only those few
 * are merged.
 */
export async function searchListings(
  db: Database,
  search: ListingSearch & { pageSize: number; memberKey?: string | null; today?: string },
): Promise<ListingPage> {
  const today = search.today ?? edmontonDate();
  const where = whereOf(search, today);
  const pageSize = Math.max(1, Math.floor(search.pageSize));
  const { total, median } = await listingSummary(db, search, where, today);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, Math.floor(search.page));
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { total, page, pageCount, listings: [], medianAskingPrice: median };
  const sort = search.sort ?? "newest";
  const reach = offset + pageSize;
  const pageKeys =
    sort === "newest"
      ? sql`select key from (
          (select ${listings.listing_key} as key, ${listings.listed_at} as listed_at from ${listings}
            where ${where} and ${listings.listed_at} is not null order by ${listings.listed_at} desc, ${listings.listing_key} limit ${reach})
          union all
          (select ${listings.listing_key}, null from ${listings}
            where ${where} and ${listings.listed_at} is null order by ${listings.listing_key} limit ${reach})
        ) as candidates
        order by listed_at desc nulls last, key limit ${pageSize} offset ${offset}`
      : sql`select ${listings.listing_key} from ${listings} where ${where} order by ${orderOf(sort)} limit ${pageSize} offset ${offset}`;
  const rows = await select(
    db.rows,
    cardFields(search.memberKey),
    sql`from ${listings} where ${listings.listing_key} in (${pageKeys}) order by ${orderOf(sort)}`,
  );
  return { total, page, pageCount, listings: rows.map(toCard), medianAskingPrice: median };
}

/**
 * Every listing the filter matches that has a point, for the map (its `bounds` left out: the map
 * shows the whole search, "Search this area" narrows the list). Four narrow columns.
 */
export async function mapListings(db: Database, filter: ListingFilter, today: string = edmontonDate()): Promise<MapListing[]> {
  const rows = await select(
    db.rows,
    { key: listings.listing_key, latitude: listings.latitude, longitude: listings.longitude, price: listings.list_price },
    sql`from ${listings} where ${whereOf({ ...filter, bounds: undefined }, today)}
      and ${listings.latitude} is not null and ${listings.longitude} is not null`,
  );
  return rows.map((r) => ({ key: r.key, latitude: r.latitude!, longitude: r.longitude!, price: r.price }));
}

/** One listing's card, for a map marker's pop-up; null when the feed no longer has it. */
export async function listingCard(db: Database, key: string, memberKey?: string | null): Promise<ListingCard | null> {
  const [row] = await select(db.rows, cardFields(memberKey), sql`from ${listings} where ${listings.listing_key} = ${key}`);
  return row ? toCard(row) : null;
}

/** The agent's own listings (DDF_MEMBER_KEY is the listing or a co-listing agent), newest first, every shown status. */
export async function agentListings(db: Database, memberKey: string, limit: number): Promise<ListingCard[]> {
  const rows = await select(
    db.rows,
    cardFields(memberKey),
    sql`
    from ${listings} where ${listings.agent_keys} @> array[${memberKey}::text]
    order by ${listings.listed_at} desc nulls last, ${listings.listing_key} limit ${Math.max(1, Math.floor(limit))}`,
  );
  return rows.map(toCard);
}

/** "Similar homes" are priced within 20 % of the home, or within 35 % when that finds fewer than 3. */
const SIMILAR_BAND = 0.2;
const SIMILAR_WIDER_BAND = 0.35;
const SIMILAR_ENOUGH = 3;

/**
 * Homes like `listing`, for its page: available ones (decision 030) of the same city and category,
 * priced near it (SIMILAR_BAND, widened when that finds too few), nearest price first, then by
 * key; never the home itself. A home without a price or a city has none.
 *
 * It runs on every listing page view, so it reads no more than it shows: each side of the price is
 * one ordered, limited scan outwards from it along the partial (city, category, list_price) index
 * of available homes, and only those 2 × limit rows are merged. The narrow band's homes are the
 * nearest of the wide band's, so one read of the wide band answers both.
 */
export async function similarListings(
  db: Database,
  listing: Pick<ListingDetail, "key" | "category" | "city" | "price">,
  options: { memberKey?: string | null; limit?: number } = {},
): Promise<ListingCard[]> {
  const { key, category, city, price } = listing;
  if (!city || !price || price <= 0) return [];
  const limit = Math.max(1, Math.floor(options.limit ?? 6));
  const where = sql`${listings.city} = ${city} and ${listings.category} = ${category} and ${listings.status} = 'active' and ${listings.listing_key} <> ${key}`;
  const fields = cardFields(options.memberKey);
  const nearby = columnsOf("nearby", fields);
  const rows = await select(
    db.rows,
    nearby,
    sql`
    from (
      (select ${selectList(fields)} from ${listings}
        where ${where} and ${listings.list_price} >= ${price} and ${listings.list_price} <= ${price * (1 + SIMILAR_WIDER_BAND)}
        order by ${listings.list_price}, ${listings.listing_key} limit ${limit})
      union all
      (select ${selectList(fields)} from ${listings}
        where ${where} and ${listings.list_price} < ${price} and ${listings.list_price} >= ${price * (1 - SIMILAR_WIDER_BAND)}
        order by ${listings.list_price} desc, ${listings.listing_key} limit ${limit})
    ) as nearby
    order by abs(${nearby.listPrice} - ${price}::double precision), ${nearby.key}
    limit ${limit}`,
  );
  const cards = rows.map(toCard);
  const near = cards.filter((c) => c.price !== null && Math.abs(c.price - price) <= price * SIMILAR_BAND);
  return near.length >= SIMILAR_ENOUGH ? near : cards;
}

/**
 * Upcoming open houses (today on, in Edmonton) of the agent's own listings and of the listings in
 * `cities` (the areas the site covers): the agent's own first, then the soonest.
 */
export async function upcomingOpenHouses(
  db: Database,
  options: { memberKey: string | null; cities: readonly string[]; limit: number; today?: string },
): Promise<OpenHouseListing[]> {
  const own = options.memberKey ? sql`${listings.agent_keys} @> array[${options.memberKey}::text]` : sql`false`;
  const card = cardFields(options.memberKey);
  const rows = await select(
    db.rows,
    { ...card, ...OPEN_HOUSE_FIELDS },
    sql`
    from ${openHouses} join ${listings} on ${listings.listing_key} = ${openHouses.listing_key}
    where ${openHouses.date} >= ${options.today ?? edmontonDate()}::date and (${own} or ${listings.city} = any(${sql.param([...options.cities])}::text[]))
    order by ${card.listedByAgent} desc nulls last, ${openHouses.date}, ${openHouses.start_time} nulls last, ${openHouses.open_house_key}
    limit ${Math.max(1, Math.floor(options.limit))}`,
  );
  return rows.map(({ openHouseKey, date, start, end, livestreamUrl, ...listing }) => ({
    openHouseKey,
    date,
    start,
    end,
    livestreamUrl,
    listing: toCard(listing),
  }));
}

/** Every listing page with its last change, for /sitemap-listings.xml (one narrow scan). */
export async function allListingPaths(db: Database): Promise<{ path: string; modifiedAt: Date }[]> {
  const rows = await select(
    db.rows,
    { key: listings.listing_key, slug: listings.slug, modifiedAt: listings.modified_at },
    sql`
    from ${listings} order by ${listings.listing_key}`,
  );
  return rows.map((r) => ({ path: listingPath(r.key, r.slug), modifiedAt: r.modifiedAt }));
}
