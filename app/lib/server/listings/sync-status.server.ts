/**
 * The state of the listings sync as the agent sees it (inbox Account page, `npm run listings --
 * status`): read from the shared `listing_sync` row, so every server shows the same thing
 * whichever of them ran the sync.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { countListings } from "./store.server";
import type { ListingSyncStatus, SyncProgress } from "~/lib/listings-sync-status";
import type { ListingSyncRow } from "./sync.server";

export type { ListingSyncStatus };

export async function listingSyncStatus(db: Database, now = new Date()): Promise<ListingSyncStatus> {
  const [[row], stored] = await Promise.all([db.rows<ListingSyncRow>(sql`select * from listing_sync where id = 1`), countListings(db)]);
  const progress = row?.progress as SyncProgress | null | undefined;
  return {
    stored,
    neverLoaded: !row?.watermark,
    lastSuccessAt: row?.last_success_at ?? null,
    lastStartedAt: row?.last_started_at ?? null,
    lastFinishedAt: row?.last_finished_at ?? null,
    lastRun: progress && typeof progress.fetched === "number" ? progress : null,
    lastError: row?.last_error ?? null,
    consecutiveFailures: row?.consecutive_failures ?? 0,
    nextRunAt: row?.next_run_at ?? null,
    running: Boolean(row?.lease_until && row.lease_until.getTime() > now.getTime()),
    lastFullCheckAt: row?.last_full_check_at ?? null,
  };
}
