/** The rate limiter's counts (platform/rate-limit.ts), on PostgreSQL. */
import { bigint, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * `rate-limiter-flexible`'s PostgreSQL store: one row per limit and key (the key carries the
 * limit's name as a prefix), counting the points used in the window that ends at `expire`
 * (milliseconds since 1970). The columns are exactly those of the table the library would create
 * itself (`RateLimiterPostgres`, `CREATE TABLE IF NOT EXISTS`); the limiter is told the table
 * exists (`tableCreated`), so this schema and its migration are the only place it is made.
 * Unused with PGlite, where the counts live in memory.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
