/**
 * The pages' reads of the local copy of the DDF® feed (the sync writes through store.server.ts).
 *
 * Written for a copy of about 20,000 listings: a results page reads only the rows it shows,
 * through the (listed_at), (city, listed_at) and (category, listed_at) indexes; the count and the
 * median, which read all the filter's rows, are kept until the copy changes (summary.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import type { ListingCategory } from "~/lib/schema-values";
import type { ListingPhoto } from "../../../../db/schema";
import type { ListingCard, ListingDetail, ListingFilter, ListingPage, ListingSearch, ListingStatus, OpenHouseListing, OpenHouseTime } from "~/lib/listing-types";
import { edmontonDate } from "../../dates";
import { listingPath } from "../../listings";
import type { Database } from "../db.server";
import { listingCoverPath, listingPhotoPath, photoKnownToFail } from "./photos.server";
import { listingSummary } from "./summary.server";

export type ListingLookup = ListingDetail | { gone: true } | null;

/**
 * The fields a card and the detail view both show, with their columns, mapped once (toShared) so
 * the two views cannot disagree about them. SharedField is computed from the two types: a field
 * added to both fails to compile until it is mapped here.
 */
type SharedField = keyof ListingCard & keyof ListingDetail;

interface SharedRow extends Record<string, unknown> {
  listing_key: string;
  slug: string;
  status: ListingStatus;
  brokerages: string[] | null;
  listed_by_agent: boolean | null;
  list_price: number | null;
  address: string;
  city: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  living_area: number | null;
  living_area_units: string | null;
  category: ListingCategory;
}

/**
 * The columns both views read. The brokerages' names come from the offices the listing names, in
 * its order (listing office first), so a renamed office shows on every page after one sync; the
 * agent's own listings are those whose listing or co-listing agent has DDF_MEMBER_KEY.
 */
function sharedColumns(memberKey: string | null | undefined): SQL {
  return sql`listings.listing_key, slug, status, list_price, address, city, bedrooms, bathrooms, living_area, living_area_units, category,
    array(select o.office_name from unnest(office_keys) with ordinality as k(office_key, n)
      join offices o on o.office_key = k.office_key where o.office_name is not null order by k.n) as brokerages,
    ${memberKey ?? null}::text = any(agent_keys) as listed_by_agent`;
}

function toShared(r: SharedRow): Pick<ListingCard, SharedField> {
  return {
    key: r.listing_key,
    path: listingPath(r.listing_key, r.slug),
    status: r.status,
    brokerages: r.brokerages ?? [],
    listedByAgent: r.listed_by_agent === true,
    // A price of 0 is no price ("Price on request"), whichever way it was stored.
    price: r.list_price && r.list_price > 0 ? r.list_price : null,
    address: r.address,
    city: r.city,
    beds: r.bedrooms,
    baths: r.bathrooms,
    area: r.living_area,
    areaUnits: r.living_area_units,
    category: r.category,
  };
}

interface DetailRow extends SharedRow {
  mls_number: string | null;
  province: string | null;
  postal_code: string | null;
  community: string | null;
  property_sub_type: string | null;
  public_remarks: string | null;
  listing_url: string | null;
  photos: ListingPhoto[] | null;
  listed_at: Date | null;
  modified_at: Date;
}

const DETAIL_COLUMNS = sql.raw(`mls_number, province, postal_code, community, property_sub_type, public_remarks, listing_url, photos, listed_at, modified_at`);

interface OpenHouseRow extends Record<string, unknown> {
  date: string;
  start_time: string | null;
  end_time: string | null;
  livestream_url: string | null;
}

const toOpenHouseTime = (o: OpenHouseRow): OpenHouseTime => ({ date: o.date, start: o.start_time, end: o.end_time, livestreamUrl: o.livestream_url });

/** One listing by its ListingKey; `{ gone: true }` when it left the feed (the page answers 410). */
export async function listingByKey(db: Database, key: string, options: { memberKey?: string | null; today?: string } = {}): Promise<ListingLookup> {
  const rows = await db.rows<DetailRow>(sql`select ${sharedColumns(options.memberKey)}, ${DETAIL_COLUMNS} from listings where listing_key = ${key}`);
  const row = rows[0];
  if (row) {
    const openHouses = await db.rows<OpenHouseRow>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, start_time, end_time, livestream_url from open_houses
      where listing_key = ${key} and date >= ${options.today ?? edmontonDate()}::date
      order by date, start_time nulls last limit 10`);
    return { ...toDetail(row), openHouses: openHouses.map(toOpenHouseTime) };
  }
  const gone = await db.rows(sql`select 1 as gone from listing_tombstones where listing_key = ${key}`);
  return gone.length > 0 ? { gone: true } : null;
}

function toDetail(r: DetailRow): Omit<ListingDetail, "openHouses"> {
  return {
    ...toShared(r),
    mlsNumber: r.mls_number,
    province: r.province,
    postalCode: r.postal_code,
    community: r.community,
    subType: r.property_sub_type,
    remarks: r.public_remarks,
    listingUrl: r.listing_url,
    // Served from this site (photos.server.ts); the index is the photo's place in the feed's list.
    // A photo the media host failed to give lately is left out, so the first one shown loads.
    photos: (r.photos ?? []).flatMap((p, i) =>
      typeof p?.url === "string" && !photoKnownToFail(p.url) ? [{ url: listingPhotoPath(r.listing_key, i, p.url), description: p.description }] : [],
    ),
    cover: (r.photos ?? []).length > 0 ? listingCoverPath(r.listing_key) : null,
    listedAt: r.listed_at ? r.listed_at.toISOString() : null,
    modifiedAt: r.modified_at.toISOString(),
  };
}

/** The filter as SQL conditions (always at least `true`, so callers can add their own). */
function whereOf(f: ListingFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  // One city is an equality the (city, listed_at) index serves in order; several use = any.
  // sql.param keeps the array one parameter (a bare array would be spread into a list).
  if (f.cities?.length === 1) conditions.push(sql`city = ${f.cities[0]}`);
  else if (f.cities?.length) conditions.push(sql`city = any(${sql.param([...f.cities])}::text[])`);
  if (f.category) conditions.push(sql`category = ${f.category}`);
  // "For sale" means available: homes with an accepted offer only when asked for (decision 030).
  if (!f.withAcceptedOffers) conditions.push(sql`status = 'active'`);
  if (f.minPrice !== undefined) conditions.push(sql`list_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conditions.push(sql`list_price <= ${f.maxPrice}`);
  if (f.minBeds !== undefined) conditions.push(sql`bedrooms >= ${f.minBeds}`);
  return sql.join(conditions, sql` and `);
}

interface CardRow extends SharedRow {
  photo: string | null;
}

// listed_at is read only to order the page; a card does not show it.
const cardColumns = (memberKey: string | null | undefined): SQL => sql`${sharedColumns(memberKey)}, photos->0->>'url' as photo, listed_at`;

/**
 * A page of listings, newest first (listed_at descending, undated ones last, then by key), with
 * the filter's total and median asking price.
 *
 * "Newest first, nulls last" is the reverse of a btree's natural order, which no plain index
 * scan yields; so the dated and the undated rows are read as two ordered, limited scans (the
 * dated one walks the listed_at index backwards and stops after offset + size rows) and only
 * those few rows are merged.
 */
export async function searchListings(db: Database, search: ListingSearch & { pageSize: number; memberKey?: string | null }): Promise<ListingPage> {
  const where = whereOf(search);
  const pageSize = Math.max(1, Math.floor(search.pageSize));
  const { total, median } = await listingSummary(db, search, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, Math.floor(search.page));
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { total, page, pageCount, listings: [], medianAskingPrice: median };
  const reach = offset + pageSize;
  const CARD_COLUMNS = cardColumns(search.memberKey);
  const rows = await db.rows<CardRow>(sql`
    select * from (
      (select ${CARD_COLUMNS} from listings where ${where} and listed_at is not null
        order by listed_at desc, listing_key limit ${reach})
      union all
      (select ${CARD_COLUMNS} from listings where ${where} and listed_at is null
        order by listing_key limit ${reach})
    ) as candidates
    order by listed_at desc nulls last, listing_key
    limit ${pageSize} offset ${offset}`);
  return { total, page, pageCount, listings: rows.map(toCard), medianAskingPrice: median };
}

function toCard(r: CardRow): ListingCard {
  // The first photo, or, when the media host failed to give it lately, the first that loads.
  const photo = !r.photo ? null : photoKnownToFail(r.photo) ? listingCoverPath(r.listing_key) : listingPhotoPath(r.listing_key, 0, r.photo);
  return { ...toShared(r), photo };
}

/** The agent's own listings (DDF_MEMBER_KEY is the listing or a co-listing agent), newest first, every shown status. */
export async function agentListings(db: Database, memberKey: string, limit: number): Promise<ListingCard[]> {
  const rows = await db.rows<CardRow>(sql`
    select ${cardColumns(memberKey)} from listings where agent_keys @> array[${memberKey}::text]
    order by listed_at desc nulls last, listing_key limit ${Math.max(1, Math.floor(limit))}`);
  return rows.map(toCard);
}

/**
 * Upcoming open houses (today on, in Edmonton) of the agent's own listings and of the listings in
 * `cities` (the areas the site covers): the agent's own first, then the soonest.
 */
export async function upcomingOpenHouses(
  db: Database,
  options: { memberKey: string | null; cities: readonly string[]; limit: number; today?: string },
): Promise<OpenHouseListing[]> {
  const own = options.memberKey ? sql`listings.agent_keys @> array[${options.memberKey}::text]` : sql`false`;
  const rows = await db.rows<CardRow & OpenHouseRow>(sql`
    select ${cardColumns(options.memberKey)}, to_char(o.date, 'YYYY-MM-DD') as date, o.start_time, o.end_time, o.livestream_url
    from open_houses o join listings on listings.listing_key = o.listing_key
    where o.date >= ${options.today ?? edmontonDate()}::date and (${own} or listings.city = any(${sql.param([...options.cities])}::text[]))
    order by listed_by_agent desc nulls last, o.date, o.start_time nulls last, o.open_house_key
    limit ${Math.max(1, Math.floor(options.limit))}`);
  return rows.map((r) => ({ ...toOpenHouseTime(r), listing: toCard(r) }));
}

/** Every listing page with its last change, for /sitemap-listings.xml (one narrow scan). */
export async function allListingPaths(db: Database): Promise<{ path: string; modifiedAt: Date }[]> {
  const rows = await db.rows<{ listing_key: string; slug: string; modified_at: Date }>(sql`
    select listing_key, slug, modified_at from listings order by listing_key`);
  return rows.map((r) => ({ path: listingPath(r.listing_key, r.slug), modifiedAt: r.modified_at }));
}
