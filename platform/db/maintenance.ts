/**
 * Upkeep of the embedded database. PGlite runs no autovacuum: every upsert of a person leaves a
 * dead row version behind, each weekly roll leaves the old generation's deleted rows, and the
 * planner's statistics go stale. PostgreSQL servers do this themselves.
 *
 * PGlite has one connection, so whatever the vacuum holds, every visitor waits for. Two choices
 * keep that short and out of sight: one statement per table (a visitor's statement runs between
 * two tables instead of after the whole database; on the full assessment roll a whole-database
 * `vacuum analyze` held it for seconds), and the night, when the site is quiet (not a minute after
 * each start, which is when a deploy brings the agent and visitors back).
 */
import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import type { Database } from "./database";

/** Local time of the nightly upkeep: after the day's last visitors, before the morning's jobs. */
export const MAINTENANCE_HOUR = 3;
export const MAINTENANCE_MINUTE = 30;

/** The first MAINTENANCE_HOUR:MAINTENANCE_MINUTE in `timeZone` strictly after `now`. */
export function nextMaintenance(now: Date, timeZone: string): Date {
  const local = new TZDate(now.getTime(), timeZone);
  for (let days = 0; ; days++) {
    const at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, MAINTENANCE_HOUR, MAINTENANCE_MINUTE, 0, timeZone);
    if (at.getTime() > now.getTime()) return new Date(at.getTime());
  }
}

/** Vacuums and analyses every table of the public schema, each in a statement of its own; returns the tables done. */
export async function vacuumEachTable(db: Database): Promise<string[]> {
  const tables = await db.rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  for (const { name } of tables) await db.rows(sql`vacuum analyze ${sql.identifier(name)}`);
  return tables.map((t) => t.name);
}
