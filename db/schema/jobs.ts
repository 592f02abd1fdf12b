/** The job runner's leases (platform/jobs). */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The job runner's leases (platform/jobs): one row per background job that runs on one
 * server at a time, taken before each run, renewed while it lasts, given back after it. A server
 * that died lets go when `lease_until` passes. (The outbox's and the listings sync's leases are in
 * their own rows.)
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  /** The run that holds it (a random id per run). */
  lease_owner: text("lease_owner").notNull(),
  lease_until: timestamp("lease_until", { withTimezone: true }).notNull(),
  /** When that run took it. */
  taken_at: timestamp("taken_at", { withTimezone: true }).notNull(),
});
