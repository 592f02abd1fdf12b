/** The health alerts to the agent (issue 41, decision 048): one row per problem the site watches. */
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The state of each watched problem (a backup too old, notifications stuck, the listings feed
 * behind, free space low): since when it holds, and when the agent was told of it and of its end.
 * The conditional update that sets `alerted_at` or `cleared_at` is the claim, so of the servers
 * sharing the database one tells the agent, once per problem and once when it clears.
 */
export const healthAlerts = pgTable("health_alerts", {
  problem: text("problem").primaryKey(),
  /** Since when the problem holds; null while all is well. */
  failing_since: timestamp("failing_since", { withTimezone: true }),
  /** When the agent was told of the current problem (not yet: null, or before failing_since). */
  alerted_at: timestamp("alerted_at", { withTimezone: true }),
  /** When the agent was told that the last problem cleared. */
  cleared_at: timestamp("cleared_at", { withTimezone: true }),
  /** The last check's words ("the newest good backup is 40 hours old"). */
  detail: text("detail"),
  checked_at: timestamp("checked_at", { withTimezone: true }),
});
