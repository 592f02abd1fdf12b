/**
 * The state of the listings sync as the agent sees it (inbox Account page, `npm run listings --
 * status`): read from the shared `listing_sync` row, so every server shows the same thing
 * whichever of them ran the sync.
 */
import { sql } from "drizzle-orm";
import { assessmentImport, listingSync } from "../../../../db/schema";
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
  const [[row], stored] = await Promise.all([
    select(db.rows, STATE, sql`from ${listingSync} where ${listingSync.id} = 1`),
    countListings(db),
  ]);
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
 * The assessment roll's swap (issue 42) changes the listing and neighbourhood pages too: the later
 * of the two moments is the generation.
 */
export async function copyGeneration(db: Database): Promise<number> {
  const [row] = await select(
    db.rows,
    {
      finished: listingSync.last_finished_at,
      roll: sql<Date | null>`(select ${assessmentImport.live_imported_at} from ${assessmentImport} where ${assessmentImport.id} = 1)`,
    },
    sql`
    from (select 1) one left join ${listingSync} on ${listingSync.id} = 1`,
  );
  return Math.max(row?.finished?.getTime() ?? 0, row?.roll ? new Date(row.roll).getTime() : 0);
}
