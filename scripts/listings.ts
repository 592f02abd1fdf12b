/**
 * npm run listings -- sync     runs one sync of the DDF® feed now (whatever the schedule says)
 *                              and prints its figures
 * npm run listings -- status   prints the local copy's size and the sync's state
 *
 * Uses the server's own settings and database (DATABASE_URL, else PGlite in DATA_DIR: stop the
 * server first, PGlite allows one process). Without DDF_CLIENT_ID and DDF_CLIENT_SECRET it says
 * the feed is not configured and exits 1.
 */
import { createDdfClient, ddfEndpointsOf } from "../app/lib/server/listings/ddf-client.server";
import { listingSyncStatus } from "../app/lib/server/listings/sync-status.server";
import { ddfSyncClockOf, syncListings } from "../app/lib/server/listings/sync.server";
import { openScriptDatabase } from "./script-database";

const command = process.argv[2];
if (command !== "sync" && command !== "status") {
  console.error("Usage: npm run listings -- sync | status");
  process.exit(1);
}

const { db, config } = await openScriptDatabase(" (the site is running: use its inbox Account page, or stop it first)", (c) =>
  c.DDF_CLIENT_ID && c.DDF_CLIENT_SECRET ? null : "The DDF listings feed is not configured (set DDF_CLIENT_ID and DDF_CLIENT_SECRET).",
);
const formatWhen = (d: Date) => d.toLocaleString("en-CA", { timeZone: "America/Edmonton", dateStyle: "medium", timeStyle: "short" });
const when = (d: Date | null) => (d ? formatWhen(d) : "never");
let exitCode = 0;

try {
  if (command === "sync") {
    const client = createDdfClient({
      ...ddfEndpointsOf(config.TEST_ONLY),
      clientId: config.DDF_CLIENT_ID!,
      clientSecret: config.DDF_CLIENT_SECRET!,
    });
    console.log(`Syncing from ${client.origin} ... (Ctrl-C stops it; what is stored stays)`);
    // Ctrl-C abandons the feed request in flight and lets go of the lease at once, as a server's
    // shutdown does, instead of leaving the lease held until it runs out.
    const stop = new AbortController();
    process.once("SIGINT", () => stop.abort());
    const result = await syncListings(db, client, {
      ...ddfSyncClockOf(config.TEST_ONLY),
      signal: stop.signal,
      log: console,
    });
    const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
    if (result.stopped) {
      console.log(
        `Stopped after ${seconds}: ${result.fetched} fetched, ${result.upserted} stored and ${result.removed} removed; the next run continues from there.`,
      );
      exitCode = 130;
    } else if (!result.ran) {
      console.log(`Another server is syncing now (until ${when(result.nextRunAt)}); nothing done.`);
    } else if (result.error) {
      console.error(`Sync failed after ${seconds}: ${result.error}`);
      console.error(
        `${result.fetched} fetched, ${result.upserted} stored and ${result.removed} removed before it stopped; every stored listing is kept.`,
      );
      exitCode = 1;
    } else {
      console.log(
        `Synced: ${result.fetched} fetched, ${result.upserted} changed, ${result.removed} removed, ${result.stored ?? "?"} stored (${seconds}).`,
      );
    }
  } else {
    const s = await listingSyncStatus(db);
    console.log(`Listings stored: ${s.stored}${s.neverLoaded ? " (never loaded)" : ""}`);
    console.log(`Last successful sync: ${when(s.lastSuccessAt)}`);
    if (s.lastRun) {
      const state = s.running ? `in progress (${s.lastRun.phase ?? "starting"})` : s.lastRun.ok ? "succeeded" : "failed";
      console.log(
        `Last run: started ${formatWhen(new Date(s.lastRun.startedAt))}, ${state}: ${s.lastRun.fetched} fetched, ${s.lastRun.upserted} changed, ${s.lastRun.removed} removed`,
      );
    }
    console.log(`Last full check (removals): ${when(s.lastFullCheckAt)}`);
    if (s.lastError) console.log(`Last error (${s.consecutiveFailures} failure(s) in a row): ${s.lastError}`);
    console.log(`Next run: ${s.nextRunAt ? when(s.nextRunAt) : "at the server's next start"}`);
  }
} finally {
  await db.close();
}
process.exit(exitCode);
