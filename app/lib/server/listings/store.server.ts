/**
 * Writes to the local copy of the feed. Only the sync calls these; the pages read through
 * queries.server.ts. Each call is one statement, so a page of the feed is stored whole or not
 * at all, and a sync cut short leaves every listing either as it was or as the feed has it now.
 */
import { type Column, type SQL, sql } from "drizzle-orm";
import { listingTombstones, listings, offices, openHouses } from "../../../../db/schema";
import type { Database } from "../../../../server/db/database";
import { name, returning, select } from "../../../../server/db/query";
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
const fromExcluded = (columns: readonly Column[]): SQL => sql.join(columns.map((c) => sql`${name(c)} = excluded.${name(c)}`), sql`, `);

function valueOf(row: ListingRow, column: (typeof COLUMNS)[number]): SQL {
  const value = row[column];
  if (column === "photos" || column === "rooms") return sql`${JSON.stringify(value ?? [])}::jsonb`;
  if (value instanceof Date) return sql`${value.toISOString()}::timestamptz`;
  // sql.param keeps an array one parameter (a bare array would be spread into a list).
  if (Array.isArray(value)) return sql`${sql.param(value)}::text[]`;
  return sql`${value ?? null}`;
}

/**
 * Inserts or replaces listings (a page of the feed, at most 100), in one statement. A listing
 * that comes back after it was removed loses its tombstone, so its page answers again.
 */
export async function upsertListings(db: Database, rows: readonly ListingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const values = sql.join(
    rows.map((row) => sql`(${sql.join(COLUMNS.map((c) => valueOf(row, c)), sql`, `)})`),
    sql`, `,
  );
  // sql.param keeps the array one parameter (a bare array would be spread into a list).
  const keys = sql.param(rows.map((r) => r.listing_key));
  // The tombstones' delete runs whether or not anything reads it (PostgreSQL runs every data-modifying WITH once).
  const stored = await returning(db.rows, { listing_key: listings.listing_key }, sql`
    with revived as (delete from ${listingTombstones} where ${listingTombstones.listing_key} = any(${keys}::text[]) returning ${name(listingTombstones.listing_key)})
    insert into ${listings} (${names(COLUMNS.map((c) => listings[c]))}) values ${values}
    on conflict (${name(listings.listing_key)}) do update set ${fromExcluded(COLUMNS.filter((c) => c !== "listing_key").map((c) => listings[c]))}`);
  return stored.length;
}

/** Removes listings that left the feed (one statement): their rows go, a tombstone keeps the key for the 410. */
export async function removeListings(db: Database, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await returning(db.rows, { listing_key: listingTombstones.listing_key }, sql`
    with gone as (delete from ${listings} where ${listings.listing_key} = any(${sql.param([...keys])}::text[]) returning ${name(listings.listing_key)})
    insert into ${listingTombstones} (${name(listingTombstones.listing_key)}) select ${name(listings.listing_key)} from gone
    on conflict (${name(listingTombstones.listing_key)}) do update set ${name(listingTombstones.removed_at)} = now()`);
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

/** Inserts or replaces offices (a page of the feed), in one statement. */
export async function upsertOffices(db: Database, records: readonly DdfOffice[], now: Date): Promise<number> {
  if (records.length === 0) return 0;
  const values = sql.join(
    records.map((o) => sql`(${o.OfficeKey}, ${o.OfficeName?.trim() || null}, ${new Date(o.ModificationTimestamp).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const rows = await returning(db.rows, { office_key: offices.office_key }, sql`
    insert into ${offices} (${names([offices.office_key, offices.office_name, offices.modified_at, offices.synced_at])}) values ${values}
    on conflict (${name(offices.office_key)}) do update set ${fromExcluded([offices.office_name, offices.modified_at, offices.synced_at])}`);
  return rows.length;
}

/** Removes offices that left the feed (one statement). */
export async function removeOffices(db: Database, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await returning(db.rows, { office_key: offices.office_key }, sql`delete from ${offices} where ${offices.office_key} = any(${sql.param([...keys])}::text[])`);
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
        batch.map((r) => sql`(${r.open_house_key}, ${r.listing_key}, ${r.date}::date, ${r.start_time ?? null}, ${r.end_time ?? null}, ${r.livestream_url ?? null}, ${(r.synced_at ?? new Date()).toISOString()}::timestamptz)`),
        sql`, `,
      )}
      on conflict (${name(openHouses.open_house_key)}) do update set ${fromExcluded(OPEN_HOUSE_COLUMNS.filter((c) => c !== openHouses.open_house_key))}`);
  }
  const keys = sql.param(unique.map((r) => r.open_house_key));
  await db.rows(sql`delete from ${openHouses} where ${openHouses.date} < ${from}::date or not (${openHouses.open_house_key} = any(${keys}::text[]))`);
}
