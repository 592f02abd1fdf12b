/**
 * The pages' reads of the local copy of the DDF® feed (the sync writes through store.server.ts).
 *
 * Written for a copy of about 20,000 listings: a results page reads only the rows it shows,
 * through the (listed_at), (city, listed_at) and (category, listed_at) indexes; the count and the
 * median, which read all the filter's rows, are kept until the copy changes (summary.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import type { ListingCategory } from "../../../../db/schema-values";
import type { ListingPhoto } from "../../../../db/schema";
import type { ListingCard, ListingDetail, ListingFilter, ListingPage, ListingSearch } from "~/components/listings/listing-types";
import { listingPath } from "../../listings";
import type { Database } from "../db.server";
import { listingPhotoPath } from "./photos.server";
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
  list_price: number | null;
  address: string;
  city: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  living_area: number | null;
  living_area_units: string | null;
  category: ListingCategory;
}

const SHARED_COLUMNS = "listing_key, slug, list_price, address, city, bedrooms, bathrooms, living_area, living_area_units, category";

function toShared(r: SharedRow): Pick<ListingCard, SharedField> {
  return {
    key: r.listing_key,
    path: listingPath(r.listing_key, r.slug),
    price: r.list_price,
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
  office_name: string | null;
  listing_url: string | null;
  photos: ListingPhoto[] | null;
  listed_at: Date | null;
  modified_at: Date;
}

const DETAIL_COLUMNS = sql.raw(
  `${SHARED_COLUMNS}, mls_number, province, postal_code, community, property_sub_type, public_remarks, office_name, listing_url, photos, listed_at, modified_at`,
);

/** One listing by its ListingKey; `{ gone: true }` when it left the feed (the page answers 410). */
export async function listingByKey(db: Database, key: string): Promise<ListingLookup> {
  const rows = await db.rows<DetailRow>(sql`select ${DETAIL_COLUMNS} from listings where listing_key = ${key}`);
  const row = rows[0];
  if (row) return toDetail(row);
  const gone = await db.rows(sql`select 1 as gone from listing_tombstones where listing_key = ${key}`);
  return gone.length > 0 ? { gone: true } : null;
}

function toDetail(r: DetailRow): ListingDetail {
  return {
    ...toShared(r),
    mlsNumber: r.mls_number,
    province: r.province,
    postalCode: r.postal_code,
    community: r.community,
    subType: r.property_sub_type,
    remarks: r.public_remarks,
    brokerage: r.office_name,
    listingUrl: r.listing_url,
    // Served from this site (photos.server.ts); the index is the photo's place in the feed's list.
    photos: (r.photos ?? []).flatMap((p, i) =>
      typeof p?.url === "string" ? [{ url: listingPhotoPath(r.listing_key, i, p.url), description: p.description }] : [],
    ),
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
  if (f.minPrice !== undefined) conditions.push(sql`list_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) conditions.push(sql`list_price <= ${f.maxPrice}`);
  if (f.minBeds !== undefined) conditions.push(sql`bedrooms >= ${f.minBeds}`);
  return sql.join(conditions, sql` and `);
}

interface CardRow extends SharedRow {
  photo: string | null;
}

// listed_at is read only to order the page; a card does not show it.
const CARD_COLUMNS = sql.raw(`${SHARED_COLUMNS}, photos->0->>'url' as photo, listed_at`);

/**
 * A page of listings, newest first (listed_at descending, undated ones last, then by key), with
 * the filter's total and median asking price.
 *
 * "Newest first, nulls last" is the reverse of a btree's natural order, which no plain index
 * scan yields; so the dated and the undated rows are read as two ordered, limited scans (the
 * dated one walks the listed_at index backwards and stops after offset + size rows) and only
 * those few rows are merged.
 */
export async function searchListings(db: Database, search: ListingSearch & { pageSize: number }): Promise<ListingPage> {
  const where = whereOf(search);
  const pageSize = Math.max(1, Math.floor(search.pageSize));
  const { total, median } = await listingSummary(db, search, where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, Math.floor(search.page));
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { total, page, pageCount, listings: [], medianAskingPrice: median };
  const reach = offset + pageSize;
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
  return { ...toShared(r), photo: r.photo ? listingPhotoPath(r.listing_key, 0, r.photo) : null };
}

/** Every listing page with its last change, for /sitemap-listings.xml (one narrow scan). */
export async function allListingPaths(db: Database): Promise<{ path: string; modifiedAt: Date }[]> {
  const rows = await db.rows<{ listing_key: string; slug: string; modified_at: Date }>(sql`
    select listing_key, slug, modified_at from listings order by listing_key`);
  return rows.map((r) => ({ path: listingPath(r.listing_key, r.slug), modifiedAt: r.modified_at }));
}
