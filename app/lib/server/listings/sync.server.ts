/**
 * One sync run of the local copy of the DDF® feed (docs/decisions/024), in the documented flow:
 * a full load from /Property when nothing was ever loaded; otherwise the replication list since
 * the watermark and the changed records fetched by key; and, every `fullCheckMs`, the complete
 * replication list: whatever is stored but no longer in the feed is removed (the DDF rules allow
 * 24 hours), and whatever the feed has newer than ours is fetched again.
 *
 * Only one server syncs at a time: the run takes the lease on the `listing_sync` row with one
 * conditional UPDATE (the same on PGlite and on a shared PostgreSQL) and renews it after each
 * page, so a server that dies lets go within `leaseMs`. Every page is stored as it arrives and
 * the watermark follows it, so a run cut short resumes where it stopped; a failed run deletes
 * nothing, and the last good copy stays online. The statements on that row are in
 * sync-lease.server.ts, the replication of each resource in sync-replication.server.ts.
 */
import { randomUUID } from "node:crypto";
import { listingSync } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import type { SyncProgress } from "~/lib/listings-sync-status";
import { messageChainOf } from "../../../../platform/db/errors";
import { backoffDelay } from "../../../../platform/jobs/backoff";
import type { DdfClient } from "./ddf-client.server";
import { DdfAuthError, DdfError, DdfRateLimited } from "./ddf-errors.server";
import { toOpenHouseRow } from "./property.server";
import { countListings, replaceOpenHouses, tidyListingsAfterSync } from "./store.server";
import { LeaseLost, leaseAndSchedule, recordFailure, recordSuccess, renewLease, takeLease } from "./sync-lease.server";
import { type ReplicationRun, listingsReplica, officesReplica, replicate } from "./sync-replication.server";
import { edmontonDate } from "../../dates";

export type ListingSyncRow = typeof listingSync.$inferSelect;

/**
 * The sync's clock: constants, not configuration (decision 052). Every 15 minutes keeps the copy
 * close to the feed for a few small requests an hour; the complete key list every 6 hours stays
 * well inside the 24 hours the DDF® rules allow a listing that left the feed, with room for failed
 * runs; after failures the pause doubles from 30 s (SYNC_BACKOFF_BASE_MS) to at most an hour. The
 * test suites set quicker ones through TEST_ONLY.
 */
export const DDF_SYNC = { intervalMs: 900_000, fullCheckMs: 6 * 3_600_000, backoffMaxMs: 3_600_000 } as const;

/** DDF_SYNC, or the quicker clock a test sets (TEST_ONLY); for the server and `npm run listings`. */
export function ddfSyncClockOf(testOnly?: { ddfSyncIntervalMs?: number; ddfFullCheckMs?: number }): {
  intervalMs: number;
  fullCheckMs: number;
  backoffMaxMs: number;
} {
  return {
    intervalMs: testOnly?.ddfSyncIntervalMs ?? DDF_SYNC.intervalMs,
    fullCheckMs: testOnly?.ddfFullCheckMs ?? DDF_SYNC.fullCheckMs,
    backoffMaxMs: DDF_SYNC.backoffMaxMs,
  };
}

export interface SyncOptions {
  /** How often the complete key list is compared with ours (DDF_SYNC.fullCheckMs in the server). */
  fullCheckMs: number;
  /** The regular pause between runs, for next_run_at. Default DDF_SYNC.intervalMs. */
  intervalMs?: number;
  /** The longest pause after failures. Default DDF_SYNC.backoffMaxMs. */
  backoffMaxMs?: number;
  /** Run only when next_run_at has come (the worker's scheduled runs; a manual run does not wait). */
  onlyWhenDue?: boolean;
  /** How long the lease lasts without renewal (default 2 min: a few pages' worth). */
  leaseMs?: number;
  /**
   * Ends the run (server shutdown): the feed request in flight is abandoned at once and no other
   * is made; what was stored stays, the lease is released, no failure is counted.
   */
  signal?: AbortSignal;
  now?: () => Date;
  random?: () => number;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export interface SyncResult {
  /** False when another server holds the lease, or (onlyWhenDue) the next run is not due yet. */
  ran: boolean;
  /** Why it did not run. */
  skipped?: "busy" | "not due";
  fetched: number;
  upserted: number;
  removed: number;
  /** Listings stored after the run (null when it did not run or the count failed). */
  stored: number | null;
  durationMs: number;
  /** A short message, safe to log and show. */
  error?: string;
  /** The run ended early because `signal` was aborted (not a failure). */
  stopped?: boolean;
  /** The thrown value, for the caller to tell an expected failure (DdfError) from a bug. */
  failure?: unknown;
  /** When the next run is due (or, when busy, when the other server's lease ends). */
  nextRunAt: Date | null;
}

/** The first pause after a failed run; it doubles with each failure in a row. */
export const SYNC_BACKOFF_BASE_MS = 30_000;

/**
 * The pause before the next run: the interval after a success; after failures 30 s doubling
 * (+-20 %, the job runner's backoffDelay, so servers that failed together do not retry together),
 * capped at backoffMaxMs. A 429's Retry-After wins when it is longer, and refused
 * credentials wait the longest, since only a configuration change (a restart) can fix them.
 */
export function nextSyncDelay(
  consecutiveFailures: number,
  error: unknown,
  o: { intervalMs: number; backoffMaxMs: number; random?: () => number },
): number {
  if (consecutiveFailures <= 0) return o.intervalMs;
  if (error instanceof DdfAuthError) return o.backoffMaxMs;
  const delay = backoffDelay(consecutiveFailures, SYNC_BACKOFF_BASE_MS, o.backoffMaxMs, o.random);
  if (error instanceof DdfRateLimited && error.retryAfterMs !== null) return Math.max(delay, error.retryAfterMs);
  return delay;
}

/** The run was asked to stop (shutdown): what it stored stays, the next run continues from the watermark. */
class SyncStopped extends Error {
  constructor() {
    super("the sync was stopped before it finished");
  }
}

export async function syncListings(db: Database, client: DdfClient, options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const intervalMs = options.intervalMs ?? DDF_SYNC.intervalMs;
  const backoffMaxMs = options.backoffMaxMs ?? DDF_SYNC.backoffMaxMs;
  const started = now();
  const me = randomUUID();
  const progress: SyncProgress = { phase: null, fetched: 0, upserted: 0, removed: 0, startedAt: started.toISOString() };
  const result = (extra: Partial<SyncResult>): SyncResult => ({
    ran: true,
    fetched: progress.fetched,
    upserted: progress.upserted,
    removed: progress.removed,
    stored: null,
    durationMs: now().getTime() - started.getTime(),
    nextRunAt: null,
    ...extra,
  });

  const state = await takeLease(db, me, {
    started,
    until: new Date(started.getTime() + leaseMs),
    onlyWhenDue: options.onlyWhenDue,
    progress,
  });
  if (!state) {
    const row = await leaseAndSchedule(db);
    const busy = Boolean(row?.lease_until && row.lease_until >= started);
    return result({ ran: false, skipped: busy ? "busy" : "not due", nextRunAt: (busy ? row?.lease_until : row?.next_run_at) ?? null });
  }

  const run: ReplicationRun = {
    db,
    client,
    // Every request to the feed carries the signal: a stop abandons the one in flight.
    call: { signal: options.signal },
    progress,
    started,
    now,
    async checkpoint(watermark, column = listingSync.watermark) {
      if (options.signal?.aborted) throw new SyncStopped();
      await renewLease(db, me, { until: new Date(now().getTime() + leaseMs), progress, watermark, column });
    },
  };

  try {
    const fullCheckDue = !state.last_full_check_at || started.getTime() - state.last_full_check_at.getTime() >= options.fullCheckMs;
    progress.phase = state.watermark ? "changes" : "full load";
    // The first full load records no listing changes: the alerts announce what changes after it.
    await replicate(run, listingsReplica(run, { recordChanges: state.watermark !== null }), state.watermark, fullCheckDue);

    progress.phase = "offices";
    await replicate(run, officesReplica(run), state.office_watermark, fullCheckDue);

    // The OpenHouse resource has no replication function: its upcoming days are fetched whole.
    progress.phase = "open houses";
    await run.checkpoint();
    const today = edmontonDate(started);
    const openHouses = (await client.openHouses(today, run.call))
      .flatMap((o) => toOpenHouseRow(o, now()) ?? [])
      .filter((o) => o.date >= today);
    await replaceOpenHouses(db, openHouses, today);
    const lastFullCheckAt = fullCheckDue || !state.watermark ? started : state.last_full_check_at;
    const stored = await countListings(db);
    // Before the run is recorded, so the renders of the new copy are planned with its statistics.
    await tidyListingsAfterSync(db, progress.upserted + progress.removed, stored).catch((error: unknown) =>
      options.log?.warn(`[listings] could not vacuum and analyse the listings: ${messageChainOf(error)}`),
    );

    const finished = now();
    const nextRunAt = new Date(finished.getTime() + nextSyncDelay(0, null, { intervalMs, backoffMaxMs }));
    const final: SyncProgress = {
      ...progress,
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      ok: true,
    };
    await recordSuccess(db, me, { progress: final, finished, nextRunAt, lastFullCheckAt });
    return result({ stored, nextRunAt });
  } catch (thrown) {
    // A feed request abandoned because the run was asked to stop is a stop, not a failure.
    const failure = options.signal?.aborted && !(thrown instanceof LeaseLost) ? new SyncStopped() : thrown;
    const error = shortMessage(failure);
    const finished = now();
    const stopped = failure instanceof SyncStopped;
    const failures = stopped ? state.consecutive_failures : state.consecutive_failures + 1;
    // A stopped run is due again at once: whichever server is up next carries on.
    const nextRunAt = stopped
      ? finished
      : new Date(finished.getTime() + nextSyncDelay(failures, failure, { intervalMs, backoffMaxMs, random: options.random }));
    const final: SyncProgress = {
      ...progress,
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      ok: false,
    };
    try {
      await recordFailure(db, me, { progress: final, finished, error, stopped, failures, nextRunAt });
    } catch (recordError) {
      // The lease runs out on its own; the next run tries again.
      options.log?.warn(`[listings] could not record the failed run: ${messageChainOf(recordError)}`);
    }
    return result({ error, failure, stopped, stored: await countListings(db).catch(() => null), nextRunAt });
  }
}

/** One line for logs, last_error and the inbox; DDF errors are already written to be shown. */
function shortMessage(error: unknown): string {
  const text =
    error instanceof DdfError || error instanceof LeaseLost || error instanceof SyncStopped ? error.message : messageChainOf(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}
