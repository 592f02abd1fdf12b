/**
 * Writes to the local copy of the feed. Only the sync calls these; the pages read through
 * queries.server.ts. Each call is one statement, so a page of the feed is stored whole or not
 * at all, and a sync cut short leaves every listing either as it was or as the feed has it now.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db.server";
import type { ListingRow } from "./property.server";

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
  "office_name",
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
