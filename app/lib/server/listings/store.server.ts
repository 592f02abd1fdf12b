/**
 * Writes to the local copy of the feed. Only the sync calls these; the pages read through
 * queries.server.ts. Each call is one statement, so a page of the feed is stored whole or not
 * at all, and a sync cut short leaves every listing either as it was or as the feed has it now.
 */
import { type Column, type SQL, sql } from "drizzle-orm";
import { SEARCH_COLUMNS, listingChanges, listingTombstones, listings, offices, openHouses } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import type { DdfOffice, ListingRow, OpenHouseRow } from "./property.server";

/** The columns an upsert writes (every one the feed fills), as keys of the schema's `listings`. */
const COLUMNS = [
  "listing_key",
  "mls_number",
  "slug",
  "status",
  "list_price",
  "address",
  "city",
  "province",
  "postal_code",
  "community",
  "bedrooms",
  "bathrooms",
  "living_area",
  "living_area_units",
  "category",
  "property_sub_type",
  "public_remarks",
  "office_keys",
  "agent_keys",
  "listing_url",
  "photos",
  "latitude",
  "longitude",
  "year_built",
  "rooms",
  "parking_total",
  "lot_size_area",
  "lot_size_units",
  "heating",
  "fee_includes",
  "tax_annual_amount",
  "tax_year",
  "association_fee",
  "association_fee_frequency",
  "features",
  "listed_at",
  "modified_at",
  "synced_at",
] as const satisfies readonly (keyof ListingRow)[];

/** The open houses' columns, in the order replaceOpenHouses lists each row's values. */
const OPEN_HOUSE_COLUMNS = [
  openHouses.open_house_key,
  openHouses.listing_key,
  openHouses.date,
  openHouses.start_time,
  openHouses.end_time,
  openHouses.livestream_url,
  openHouses.synced_at,
];

/** `"a", "b", …`: the bare names of columns, for an insert's column list. */
const names = (columns: readonly Column[]): SQL => sql.join(columns.map(name), sql`, `);
/** `"a" = excluded."a", …`: an upsert's update of these columns to the values of the row that conflicted. */
const fromExcluded = (columns: readonly Column[]): SQL =>
  sql.join(
    columns.map((c) => sql`${name(c)} = excluded.${name(c)}`),
    sql`, `,
  );

function valueOf(row: ListingRow, column: (typeof COLUMNS)[number]): SQL {
  const value = row[column];
  if (column === "photos" || column === "rooms") return sql`${JSON.stringify(value ?? [])}::jsonb`;
  if (column === "features") return sql`${JSON.stringify(value ?? {})}::jsonb`;
  if (value instanceof Date) return sql`${value.toISOString()}::timestamptz`;
  // sql.param keeps an array one parameter (a bare array would be spread into a list).
  if (Array.isArray(value)) return sql`${sql.param(value)}::text[]`;
  return sql`${value ?? null}`;
}

/** The columns of a listing_changes row, in the order the statements below list them. */
const CHANGE_COLUMNS = names([
  listingChanges.listing_key,
  listingChanges.kind,
  listingChanges.old_price,
  listingChanges.new_price,
  listingChanges.old_status,
  listingChanges.new_status,
]);

export interface StoreOptions {
  /**
   * Record what changed in listing_changes (the alerts' source), in the same statement as the
   * change. Default true; false for the very first full load, when every listing would be "new".
   */
  recordChanges?: boolean;
}

/**
 * Inserts or replaces listings (a page of the feed, at most 100), in one statement. A listing
 * that comes back after it was removed loses its tombstone, so its page answers again. The same
 * statement records each listing that is new (no row before it: a revived one counts), whose
 * price or whose status changed: its CTEs all read the table as it was before the statement.
 */
export async function upsertListings(db: Database, rows: readonly ListingRow[], options: StoreOptions = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          COLUMNS.map((c) => valueOf(row, c)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  // sql.param keeps the array one parameter (a bare array would be spread into a list).
  const keys = sql.param(rows.map((r) => r.listing_key));
  const l = listings;
  // The data-modifying CTEs run whether or not anything reads them (PostgreSQL runs every one once).
  const changes =
    options.recordChanges === false
      ? sql``
      : sql`,
    before as (select ${l.listing_key} as listing_key, ${l.list_price} as list_price, ${l.status} as status from ${l} where ${l.listing_key} = any(${keys}::text[])),
    changed as (insert into ${listingChanges} (${CHANGE_COLUMNS})
      select s.listing_key, 'new', null::double precision, s.list_price, null::text, s.status from stored s where not exists (select 1 from before b where b.listing_key = s.listing_key)
      union all
      select s.listing_key, 'price', b.list_price, s.list_price, b.status, s.status from stored s join before b on b.listing_key = s.listing_key where s.list_price is distinct from b.list_price
      union all
      select s.listing_key, 'status', b.list_price, s.list_price, b.status, s.status from stored s join before b on b.listing_key = s.listing_key where s.status is distinct from b.status)`;
  const stored = await select(db.rows, { n: sql<number>`count(*)::integer` }, sql`from stored`, {
    with: sql`revived as (delete from ${listingTombstones} where ${listingTombstones.listing_key} = any(${keys}::text[]) returning ${name(listingTombstones.listing_key)}),
    stored as (insert into ${l} (${names(COLUMNS.map((c) => l[c]))}) values ${values}
      on conflict (${name(l.listing_key)}) do update set ${fromExcluded(COLUMNS.filter((c) => c !== "listing_key").map((c) => l[c]))}, ${priceReduction}
      returning ${name(l.listing_key)}, ${name(l.list_price)}, ${name(l.status)})${changes}`,
  });
  return stored[0]?.n ?? 0;
}

/**
 * "Price reduced" (issue 45): the feed gives only the asking price now, so the sync remembers the
 * price before a reduction it sees; a rise, or no price, clears it. In the upsert's update, where
 * the table's own columns are the row as it was.
 */
const priceReduction = sql`${name(listings.previous_price)} = case
    when excluded.${name(listings.list_price)} < ${listings.list_price} then ${listings.list_price}
    when excluded.${name(listings.list_price)} is null or excluded.${name(listings.list_price)} > ${listings.list_price} then null
    else ${listings.previous_price} end,
  ${name(listings.price_reduced_at)} = case
    when excluded.${name(listings.list_price)} < ${listings.list_price} then excluded.${name(listings.synced_at)}
    when excluded.${name(listings.list_price)} is null or excluded.${name(listings.list_price)} > ${listings.list_price} then null
    else ${listings.price_reduced_at} end`;

/** A listing to remove, with the feed's StandardStatus when that is why it goes ("Closed", "Expired"…; null: it left the feed's list). */
export type Removal = string | { key: string; status: string | null };

/**
 * Removes listings that left the feed (one statement): their rows go, a tombstone keeps the key
 * for the 410, and (unless told not to) each listing that was stored is recorded as removed,
 * with its last price and status and the feed's status when known.
 */
export async function removeListings(db: Database, removals: readonly Removal[], options: StoreOptions = {}): Promise<number> {
  if (removals.length === 0) return 0;
  const keys = removals.map((r) => (typeof r === "string" ? r : r.key));
  const statuses = removals.map((r) => (typeof r === "string" ? null : r.status));
  const l = listings;
  const changes =
    options.recordChanges === false
      ? sql``
      : sql`,
    feed as (select * from unnest(${sql.param(keys)}::text[], ${sql.param(statuses)}::text[]) as f(listing_key, status)),
    changed as (insert into ${listingChanges} (${CHANGE_COLUMNS})
      select g.listing_key, 'removed', g.list_price, null::double precision, g.status, (select f.status from feed f where f.listing_key = g.listing_key limit 1) from gone g)`;
  const removed = await returning(
    db.rows,
    { listing_key: listingTombstones.listing_key },
    sql`
    with gone as (delete from ${l} where ${l.listing_key} = any(${sql.param(keys)}::text[]) returning ${name(l.listing_key)}, ${name(l.list_price)}, ${name(l.status)})${changes}
    insert into ${listingTombstones} (${name(listingTombstones.listing_key)}) select ${name(l.listing_key)} from gone
    on conflict (${name(listingTombstones.listing_key)}) do update set ${name(listingTombstones.removed_at)} = now()`,
  );
  return removed.length;
}

/** Every stored key with its ModificationTimestamp, to compare with the feed's full list. */
export async function storedListingVersions(db: Database): Promise<Map<string, number>> {
  const rows = await select(db.rows, { listing_key: listings.listing_key, modified_at: listings.modified_at }, sql`from ${listings}`);
  return new Map(rows.map((r) => [r.listing_key, r.modified_at.getTime()]));
}

export async function countListings(db: Database): Promise<number> {
  const rows = await select(db.rows, { n: sql<number>`count(*)::int` }, sql`from ${listings}`);
  return rows[0]?.n ?? 0;
}

/** Listing changes (upserts and removals) stored by sync runs since the last tidy, per database. */
const untidied = new WeakMap<Database, number>();

/**
 * After a sync run: once the runs since the last tidy have changed at least 50 listings and a
 * tenth of the copy (PostgreSQL's autovacuum thresholds), vacuums the listings table and analyses
 * the search's columns. Returns whether it did.
 *
 * Why: a search reads its count, median and page from listings_search_idx as an index-only scan,
 * which skips the wide rows only on pages a vacuum has marked all-visible; and the planner picks
 * that index, or the listed_at one for a page of the newest, only with statistics. PGlite runs no
 * autovacuum, and the daily vacuum (server/runtime.ts) may come a day after a first full load:
 * until then the planner took the table for empty and read every matching wide row twice per
 * search. Only the search's columns are analysed: the whole table (with the remarks' words, an
 * expression index) took four times as long, and every other statement waits for it on PGlite.
 * A restart forgets the count; the vacuum a minute after start-up covers that.
 */
export async function tidyListingsAfterSync(db: Database, changed: number, stored: number): Promise<boolean> {
  const pending = (untidied.get(db) ?? 0) + changed;
  if (pending < 50 + stored / 10) {
    untidied.set(db, pending);
    return false;
  }
  await db.rows(sql`vacuum ${listings}`);
  await db.rows(
    sql`analyze ${listings} (${sql.join(
      SEARCH_COLUMNS.map((c) => sql.identifier(c)),
      sql`, `,
    )})`,
  );
  untidied.set(db, 0);
  return true;
}

/** Inserts or replaces offices (a page of the feed), in one statement. */
export async function upsertOffices(db: Database, records: readonly DdfOffice[], now: Date): Promise<number> {
  if (records.length === 0) return 0;
  const values = sql.join(
    records.map(
      (o) =>
        sql`(${o.OfficeKey}, ${o.OfficeName?.trim() || null}, ${new Date(o.ModificationTimestamp).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await returning(
    db.rows,
    { office_key: offices.office_key },
    sql`
    insert into ${offices} (${names([offices.office_key, offices.office_name, offices.modified_at, offices.synced_at])}) values ${values}
    on conflict (${name(offices.office_key)}) do update set ${fromExcluded([offices.office_name, offices.modified_at, offices.synced_at])}`,
  );
  return rows.length;
}

/** Removes offices that left the feed (one statement). */
export async function removeOffices(db: Database, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await returning(
    db.rows,
    { office_key: offices.office_key },
    sql`delete from ${offices} where ${offices.office_key} = any(${sql.param([...keys])}::text[])`,
  );
  return rows.length;
}

/** Every stored office key with its ModificationTimestamp. */
export async function storedOfficeVersions(db: Database): Promise<Map<string, number>> {
  const rows = await select(db.rows, { office_key: offices.office_key, modified_at: offices.modified_at }, sql`from ${offices}`);
  return new Map(rows.map((r) => [r.office_key, r.modified_at.getTime()]));
}

/**
 * Makes the stored open houses from `from` on exactly the feed's list: the resource has no
 * replication function, so the whole list is fetched and what is not in it goes (cancelled, or
 * moved), and past days with it; no page shows them. The list is stored 500 rows a statement (a
 * board's feed can list thousands; one statement holds at most 65,535 parameters), then the
 * rest is deleted, so between the statements a page sees the old list or a superset, never less.
 * The feed's pages may repeat a record (CREA's documentation says so): the last copy counts.
 */
export async function replaceOpenHouses(db: Database, rows: readonly OpenHouseRow[], from: string): Promise<void> {
  const unique = [...new Map(rows.map((r) => [r.open_house_key, r])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    const batch = unique.slice(i, i + 500);
    await db.rows(sql`
      insert into ${openHouses} (${names(OPEN_HOUSE_COLUMNS)})
      values ${sql.join(
        batch.map(
          (r) =>
            sql`(${r.open_house_key}, ${r.listing_key}, ${r.date}::date, ${r.start_time ?? null}, ${r.end_time ?? null}, ${r.livestream_url ?? null}, ${(r.synced_at ?? new Date()).toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )}
      on conflict (${name(openHouses.open_house_key)}) do update set ${fromExcluded(OPEN_HOUSE_COLUMNS.filter((c) => c !== openHouses.open_house_key))}`);
  }
  const keys = sql.param(unique.map((r) => r.open_house_key));
  await db.rows(
    sql`delete from ${openHouses} where ${openHouses.date} < ${from}::date or not (${openHouses.open_house_key} = any(${keys}::text[]))`,
  );
}
