/**
 * Writes to the local copy of the feed. Only the sync calls these; the pages read through
 * queries.server.ts. Each call is one statement, so a page of the feed is stored whole or not
 * at all, and a sync cut short leaves every listing either as it was or as the feed has it now.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db.server";
import type { DdfOffice, ListingRow, OpenHouseRow } from "./property.server";

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
  "listed_at",
  "modified_at",
  "synced_at",
] as const satisfies readonly (keyof ListingRow)[];

function valueOf(row: ListingRow, column: (typeof COLUMNS)[number]): SQL {
  const value = row[column];
  if (column === "photos") return sql`${JSON.stringify(value ?? [])}::jsonb`;
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
  const updates = sql.raw(
    COLUMNS.filter((c) => c !== "listing_key")
      .map((c) => `${c} = excluded.${c}`)
      .join(", "),
  );
  // sql.param keeps the array one parameter (a bare array would be spread into a list).
  const keys = sql.param(rows.map((r) => r.listing_key));
  const result = await db.rows<{ listing_key: string }>(sql`
    with stored as (
      insert into listings (${sql.raw(COLUMNS.join(", "))}) values ${values}
      on conflict (listing_key) do update set ${updates}
      returning listing_key
    ),
    revived as (delete from listing_tombstones where listing_key = any(${keys}::text[]) returning listing_key)
    select listing_key from stored`);
  return result.length;
}

/** Removes listings that left the feed (one statement): their rows go, a tombstone keeps the key for the 410. */
export async function removeListings(db: Database, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await db.rows<{ listing_key: string }>(sql`
    with gone as (delete from listings where listing_key = any(${sql.param([...keys])}::text[]) returning listing_key)
    insert into listing_tombstones (listing_key) select listing_key from gone
    on conflict (listing_key) do update set removed_at = now()
    returning listing_key`);
  return removed.length;
}

/** Every stored key with its ModificationTimestamp, to compare with the feed's full list. */
export async function storedListingVersions(db: Database): Promise<Map<string, number>> {
  const rows = await db.rows<{ listing_key: string; modified_at: Date }>(sql`select listing_key, modified_at from listings`);
  return new Map(rows.map((r) => [r.listing_key, r.modified_at.getTime()]));
}

export async function countListings(db: Database): Promise<number> {
  const rows = await db.rows<{ n: number }>(sql`select count(*)::int as n from listings`);
  return rows[0]?.n ?? 0;
}

/** Inserts or replaces offices (a page of the feed), in one statement. */
export async function upsertOffices(db: Database, records: readonly DdfOffice[], now: Date): Promise<number> {
  if (records.length === 0) return 0;
  const values = sql.join(
    records.map((o) => sql`(${o.OfficeKey}, ${o.OfficeName?.trim() || null}, ${new Date(o.ModificationTimestamp).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const rows = await db.rows<{ office_key: string }>(sql`
    insert into offices (office_key, office_name, modified_at, synced_at) values ${values}
    on conflict (office_key) do update set office_name = excluded.office_name, modified_at = excluded.modified_at, synced_at = excluded.synced_at
    returning office_key`);
  return rows.length;
}

/** Removes offices that left the feed (one statement). */
export async function removeOffices(db: Database, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db.rows<{ office_key: string }>(sql`delete from offices where office_key = any(${sql.param([...keys])}::text[]) returning office_key`);
  return rows.length;
}

/** Every stored office key with its ModificationTimestamp. */
export async function storedOfficeVersions(db: Database): Promise<Map<string, number>> {
  const rows = await db.rows<{ office_key: string; modified_at: Date }>(sql`select office_key, modified_at from offices`);
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
      insert into open_houses (open_house_key, listing_key, date, start_time, end_time, livestream_url, synced_at)
      values ${sql.join(
        batch.map((r) => sql`(${r.open_house_key}, ${r.listing_key}, ${r.date}::date, ${r.start_time ?? null}, ${r.end_time ?? null}, ${r.livestream_url ?? null}, ${(r.synced_at ?? new Date()).toISOString()}::timestamptz)`),
        sql`, `,
      )}
      on conflict (open_house_key) do update set listing_key = excluded.listing_key, date = excluded.date, start_time = excluded.start_time,
        end_time = excluded.end_time, livestream_url = excluded.livestream_url, synced_at = excluded.synced_at`);
  }
  const keys = sql.param(unique.map((r) => r.open_house_key));
  await db.rows(sql`delete from open_houses where date < ${from}::date or not (open_house_key = any(${keys}::text[]))`);
}
