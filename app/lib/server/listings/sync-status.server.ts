/**
 * The state of the listings sync as the agent sees it (inbox Account page, `npm run listings --
 * status`): read from the shared `listing_sync` row, so every server shows the same thing
 * whichever of them ran the sync.
 */
import { sql } from "drizzle-orm";
import { listingSync } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, select } from "../../../../platform/db/query";
import { countListings } from "./store.server";
import type { ListingSyncStatus, SyncProgress } from "~/lib/listings-sync-status";

export type { ListingSyncStatus };

/** Most of the row as the status shows it; the last three are read into the status below. */
const STATE = {
  lastSuccessAt: listingSync.last_success_at,
  lastStartedAt: listingSync.last_started_at,
  lastFinishedAt: listingSync.last_finished_at,
  lastError: listingSync.last_error,
  consecutiveFailures: listingSync.consecutive_failures,
  nextRunAt: listingSync.next_run_at,
  lastFullCheckAt: listingSync.last_full_check_at,
  watermark: listingSync.watermark,
  progress: listingSync.progress,
  leaseUntil: listingSync.lease_until,
};

/** A database whose sync never started has no row yet. */
const NEVER_RUN: RowOf<typeof STATE> = {
  lastSuccessAt: null,
  lastStartedAt: null,
  lastFinishedAt: null,
  lastError: null,
  consecutiveFailures: 0,
  nextRunAt: null,
  lastFullCheckAt: null,
  watermark: null,
  progress: null,
  leaseUntil: null,
};

export async function listingSyncStatus(db: Database, now = new Date()): Promise<ListingSyncStatus> {
  const [[row], stored] = await Promise.all([select(db.rows, STATE, sql`from ${listingSync} where ${listingSync.id} = 1`), countListings(db)]);
  const { watermark, progress, leaseUntil, ...state } = row ?? NEVER_RUN;
  const lastRun = progress as SyncProgress | null;
  return {
    ...state,
    stored,
    neverLoaded: !watermark,
    lastRun: lastRun && typeof lastRun.fetched === "number" ? lastRun : null,
    running: Boolean(leaseUntil && leaseUntil.getTime() > now.getTime()),
  };
}

/**
 * The generation of the local copy: when the last sync run finished (ms; 0 before any). Every
 * finished run may have changed listings, offices or open houses, so the servers' render caches
 * start afresh after each (server/render-cache.ts); a run is at most every DDF_SYNC.intervalMs.
 */
export async function copyGeneration(db: Database): Promise<number> {
  const [row] = await select(db.rows, { finished: listingSync.last_finished_at }, sql`from ${listingSync} where ${listingSync.id} = 1`);
  return row?.finished?.getTime() ?? 0;
}
