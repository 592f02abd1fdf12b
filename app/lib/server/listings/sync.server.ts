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
 * nothing, and the last good copy stays online.
 */
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { listingSync } from "../../../../db/schema";
import type { Database } from "../db.server";
import { messageChainOf } from "../db-errors.server";
import { type DdfClient, DdfAuthError, DdfError, DdfRateLimited, type ReplicationEntry } from "./ddf-client.server";
import { type DdfProperty, displayable, toListingRow } from "./property.server";
import { countListings, removeListings, storedListingVersions, upsertListings } from "./store.server";

export type SyncPhase = "full load" | "changes" | "removals";

/** The `progress` column: the run in hand, or the last one once `finishedAt` is set. */
export interface SyncProgress {
  phase: SyncPhase | null;
  fetched: number;
  upserted: number;
  removed: number;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  ok?: boolean;
}

export type ListingSyncRow = typeof listingSync.$inferSelect;

export interface SyncOptions {
  /** How often the complete key list is compared with ours (DDF_FULL_CHECK_MS). */
  fullCheckMs: number;
  /** The regular pause between runs (DDF_SYNC_INTERVAL_MS), for next_run_at. Default 15 min. */
  intervalMs?: number;
  /** The longest pause after failures (DDF_BACKOFF_MAX_MS). Default 1 h. */
  backoffMaxMs?: number;
  /** Run only when next_run_at has come (the worker's scheduled runs; a manual run does not wait). */
  onlyWhenDue?: boolean;
  /** How long the lease lasts without renewal (default 2 min: a few pages' worth). */
  leaseMs?: number;
  /** Ends the run at the next page (server shutdown): the lease is released, no failure counted. */
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

const BACKOFF_BASE_MS = 30_000;

/**
 * 30 s x 2^(failures-1), capped, +-20 % so servers that failed together do not retry together.
 * The outbox's backoffDelay does the same, but importing it would pull the mailer (and the
 * build-time public configuration) into `npm run listings`.
 */
export function syncBackoff(failures: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/**
 * The pause before the next run: the interval after a success; after failures 30 s doubling
 * (+-20 %), capped at backoffMaxMs. A 429's Retry-After wins when it is longer, and refused
 * credentials wait the longest, since only a configuration change (a restart) can fix them.
 */
export function nextSyncDelay(consecutiveFailures: number, error: unknown, o: { intervalMs: number; backoffMaxMs: number; random?: () => number }): number {
  if (consecutiveFailures <= 0) return o.intervalMs;
  if (error instanceof DdfAuthError) return o.backoffMaxMs;
  const delay = syncBackoff(consecutiveFailures, o.backoffMaxMs, o.random);
  if (error instanceof DdfRateLimited && error.retryAfterMs !== null) return Math.max(delay, error.retryAfterMs);
  return delay;
}

/** The run was asked to stop (shutdown): what it stored stays, the next run continues from the watermark. */
class SyncStopped extends Error {
  constructor() {
    super("the sync was stopped before it finished");
  }
}

/** The lease was taken over (this run outlived it): stop without writing anything more. */
class LeaseLost extends Error {
  constructor() {
    super("another server took over the listings sync (the lease ran out)");
  }
}

const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
const json = (v: unknown): SQL => sql`${JSON.stringify(v)}::jsonb`;

export async function syncListings(db: Database, client: DdfClient, options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 120_000;
  const intervalMs = options.intervalMs ?? 900_000;
  const backoffMaxMs = options.backoffMaxMs ?? 3_600_000;
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

  const due = options.onlyWhenDue ? sql`and (next_run_at is null or next_run_at <= ${at(started)})` : sql``;
  const [state] = await db.rows<ListingSyncRow>(sql`
    update listing_sync set lease_owner = ${me}, lease_until = ${at(new Date(started.getTime() + leaseMs))},
      last_started_at = ${at(started)}, progress = ${json(progress)}
    where id = 1 and (lease_until is null or lease_until < ${at(started)}) ${due}
    returning *`);
  if (!state) {
    const [row] = await db.rows<Pick<ListingSyncRow, "lease_until" | "next_run_at">>(sql`select lease_until, next_run_at from listing_sync where id = 1`);
    const busy = Boolean(row?.lease_until && row.lease_until >= started);
    return result({ ran: false, skipped: busy ? "busy" : "not due", nextRunAt: (busy ? row?.lease_until : row?.next_run_at) ?? null });
  }

  /** Renews the lease and shows the progress; `watermark` only ever moves forward. */
  async function checkpoint(watermark?: Date | null): Promise<void> {
    if (options.signal?.aborted) throw new SyncStopped();
    const moved = watermark ? sql`, watermark = greatest(coalesce(watermark, ${at(watermark)}), ${at(watermark)})` : sql``;
    const rows = await db.rows(sql`
      update listing_sync set lease_until = ${at(new Date(now().getTime() + leaseMs))}, progress = ${json(progress)} ${moved}
      where id = 1 and lease_owner = ${me} returning id`);
    if (rows.length === 0) throw new LeaseLost();
  }

  /** Stores fetched records: shown ones upserted, ones whose seller withdrew Internet display removed. */
  async function store(records: DdfProperty[]): Promise<void> {
    progress.fetched += records.length;
    const synced = now();
    progress.upserted += await upsertListings(db, records.filter(displayable).map((p) => toListingRow(p, synced)));
    progress.removed += await removeListings(db, records.filter((p) => !displayable(p)).map((p) => p.ListingKey));
  }

  /**
   * Fetches entries by key, 100 at a time, oldest first. After each batch the watermark moves to
   * the newest timestamp whose every entry is handled (stored, or skipped as not displayable):
   * not to a stored record's own timestamp, which may be newer than entries still to come.
   */
  async function fetchEntries(entries: ReplicationEntry[]): Promise<void> {
    const sorted = [...entries].sort((a, b) => Date.parse(a.ModificationTimestamp) - Date.parse(b.ModificationTimestamp));
    for (let i = 0; i < sorted.length; i += 100) {
      const batch = sorted.slice(i, i + 100);
      await store(await client.propertiesByKeys(batch.map((e) => e.ListingKey)));
      await checkpoint(handledUpTo(sorted, i + batch.length));
    }
  }

  try {
    let lastFullCheckAt = state.last_full_check_at;
    if (!state.watermark) {
      // Never loaded: the whole feed, oldest change first. The watermark follows each page, so a
      // load cut short resumes as an increment, and the full check below fills any gap.
      progress.phase = "full load";
      let newest: Date | null = null;
      for await (const page of client.properties({ orderBy: ["ModificationTimestamp asc", "ListingKey asc"], top: 100 })) {
        await store(page);
        newest = page.reduce<Date | null>((m, p) => maxDate(m, new Date(p.ModificationTimestamp)), newest);
        await checkpoint(newest);
      }
      // The load saw every key that existed when it began: removals are counted from then.
      if (newest) lastFullCheckAt = started;
      else await checkpoint(started);
    } else {
      progress.phase = "changes";
      await checkpoint();
      await fetchEntries(await client.replication(state.watermark));
    }

    if (!lastFullCheckAt || started.getTime() - lastFullCheckAt.getTime() >= options.fullCheckMs) {
      progress.phase = "removals";
      await checkpoint();
      const feed = await client.replication();
      const ours = await storedListingVersions(db);
      // An empty list from a feed that had listings is far likelier a glitch than a market
      // that emptied: removing everything on its word would take every page down.
      if (feed.length === 0 && ours.size > 0) throw new DdfError("the feed listed no listings at all; nothing was removed");
      const inFeed = new Set(feed.map((e) => e.ListingKey));
      const gone = [...ours.keys()].filter((k) => !inFeed.has(k));
      for (let i = 0; i < gone.length; i += 1000) progress.removed += await removeListings(db, gone.slice(i, i + 1000));
      await checkpoint();
      // Changes the increments missed (a page shifted under a full load, equal timestamps).
      await fetchEntries(feed.filter((e) => (ours.get(e.ListingKey) ?? -1) < Date.parse(e.ModificationTimestamp)));
      const newest = feed.reduce<Date | null>((m, e) => maxDate(m, new Date(e.ModificationTimestamp)), null);
      await checkpoint(newest);
      lastFullCheckAt = started;
    }

    const finished = now();
    const nextRunAt = new Date(finished.getTime() + nextSyncDelay(0, null, { intervalMs, backoffMaxMs }));
    const final: SyncProgress = { ...progress, finishedAt: finished.toISOString(), durationMs: finished.getTime() - started.getTime(), ok: true };
    const released = await db.rows(sql`
      update listing_sync set lease_owner = null, lease_until = null, progress = ${json(final)},
        last_finished_at = ${at(finished)}, last_success_at = ${at(finished)}, last_error = null, consecutive_failures = 0,
        next_run_at = ${at(nextRunAt)}, last_full_check_at = ${lastFullCheckAt ? at(lastFullCheckAt) : sql`null`}
      where id = 1 and lease_owner = ${me} returning id`);
    if (released.length === 0) throw new LeaseLost();
    return result({ stored: await countListings(db).catch(() => null), nextRunAt });
  } catch (failure) {
    const error = shortMessage(failure);
    const finished = now();
    const stopped = failure instanceof SyncStopped;
    const failures = stopped ? state.consecutive_failures : state.consecutive_failures + 1;
    // A stopped run is due again at once: whichever server is up next carries on.
    const nextRunAt = stopped ? finished : new Date(finished.getTime() + nextSyncDelay(failures, failure, { intervalMs, backoffMaxMs, random: options.random }));
    const final: SyncProgress = { ...progress, finishedAt: finished.toISOString(), durationMs: finished.getTime() - started.getTime(), ok: false };
    try {
      // Matches nothing after LeaseLost: the server that holds the lease now records its own run.
      await db.rows(sql`
        update listing_sync set lease_owner = null, lease_until = null, progress = ${json(final)},
          last_finished_at = ${at(finished)}, last_error = ${stopped ? sql`last_error` : error}, consecutive_failures = ${failures},
          next_run_at = ${at(nextRunAt)}
        where id = 1 and lease_owner = ${me}`);
    } catch (recordError) {
      // The lease runs out on its own; the next run tries again.
      options.log?.warn(`[listings] could not record the failed run: ${messageChainOf(recordError)}`);
    }
    return result({ error, failure, stopped, stored: await countListings(db).catch(() => null), nextRunAt });
  }
}

/** The timestamp up to which every entry of `sorted` (oldest first) is handled, after the first `done`. */
export function handledUpTo(sorted: readonly ReplicationEntry[], done: number): Date | null {
  const next = sorted[done];
  const nextTime = next ? Date.parse(next.ModificationTimestamp) : null;
  let i = done - 1;
  // Entries still to come with the same timestamp would be skipped by "gt": stop before them.
  while (i >= 0 && Date.parse(sorted[i]!.ModificationTimestamp) === nextTime) i--;
  return i >= 0 ? new Date(Date.parse(sorted[i]!.ModificationTimestamp)) : null;
}

function maxDate(a: Date | null, b: Date): Date {
  return a && a.getTime() >= b.getTime() ? a : b;
}

/** One line for logs, last_error and the inbox; DDF errors are already written to be shown. */
function shortMessage(error: unknown): string {
  const text = error instanceof DdfError || error instanceof LeaseLost || error instanceof SyncStopped ? error.message : messageChainOf(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}
