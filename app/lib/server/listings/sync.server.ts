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
import type { SyncProgress } from "~/lib/listings-sync-status";
import { messageChainOf } from "../db-errors.server";
import { backoffDelay } from "../jobs/backoff.server";
import { DDF_RESOURCES, type DdfClient, DdfAuthError, DdfError, DdfRateLimited, type ReplicatedResource, type ReplicationEntry } from "./ddf-client.server";
import { type DdfOffice, type DdfProperty, displayable, toListingRow, toOpenHouseRow } from "./property.server";
import {
  countListings,
  removeListings,
  removeOffices,
  replaceOpenHouses,
  storedListingVersions,
  storedOfficeVersions,
  upsertListings,
  upsertOffices,
} from "./store.server";
import { edmontonDate } from "../../dates";



export type { SyncPhase, SyncProgress } from "~/lib/listings-sync-status";

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
export function nextSyncDelay(consecutiveFailures: number, error: unknown, o: { intervalMs: number; backoffMaxMs: number; random?: () => number }): number {
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
  // Every request to the feed carries the signal: a stop abandons the one in flight.
  const call = { signal: options.signal };
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

  /** Renews the lease and shows the progress; a watermark only ever moves forward. */
  async function checkpoint(watermark?: Date | null, column: WatermarkColumn = "watermark"): Promise<void> {
    if (options.signal?.aborted) throw new SyncStopped();
    const c = sql.raw(column);
    const moved = watermark ? sql`, ${c} = greatest(coalesce(${c}, ${at(watermark)}), ${at(watermark)})` : sql``;
    const rows = await db.rows(sql`
      update listing_sync set lease_until = ${at(new Date(now().getTime() + leaseMs))}, progress = ${json(progress)} ${moved}
      where id = 1 and lease_owner = ${me} returning id`);
    if (rows.length === 0) throw new LeaseLost();
  }

  /** Stores fetched listings: shown ones upserted, the rest (Internet display withdrawn, a status the site does not show) removed. */
  async function storeListings(records: DdfProperty[]): Promise<void> {
    progress.fetched += records.length;
    const synced = now();
    progress.upserted += await upsertListings(db, records.filter(displayable).map((p) => toListingRow(p, synced)));
    progress.removed += await removeListings(db, records.filter((p) => !displayable(p)).map((p) => p.ListingKey));
  }

  const listingsReplica: Replica<DdfProperty> = {
    resource: "Property",
    column: "watermark",
    store: storeListings,
    versions: () => storedListingVersions(db),
    remove: (keys) => removeListings(db, keys),
  };
  const officesReplica: Replica<DdfOffice> = {
    resource: "Office",
    column: "office_watermark",
    store: async (records) => {
      await upsertOffices(db, records, now());
    },
    versions: () => storedOfficeVersions(db),
    remove: (keys) => removeOffices(db, keys),
  };

  /**
   * Fetches entries by key, 100 at a time, oldest first. After each batch the watermark moves to
   * the newest timestamp whose every entry is handled (stored, or skipped as not displayable):
   * not to a stored record's own timestamp, which may be newer than entries still to come.
   */
  async function fetchEntries<T>(replica: Replica<T>, entries: ReplicationEntry[]): Promise<void> {
    const sorted = [...entries].sort((a, b) => Date.parse(a.ModificationTimestamp) - Date.parse(b.ModificationTimestamp));
    for (let i = 0; i < sorted.length; i += 100) {
      const batch = sorted.slice(i, i + 100);
      await replica.store((await client.recordsByKeys(replica.resource, batch.map((e) => e.key), call)) as T[]);
      await checkpoint(handledUpTo(sorted, i + batch.length), replica.column);
    }
  }

  /**
   * One resource in the documented flow: the whole resource when nothing was ever loaded (oldest
   * change first, the watermark following each page so a load cut short resumes as an
   * increment), else the changes since the watermark; and, when `fullCheck`, the complete key
   * list: whatever is stored but no longer in the feed is removed, whatever the feed has newer is
   * fetched again. Returns whether the complete list was compared (a full load counts).
   */
  async function replicate<T>(replica: Replica<T>, watermark: Date | null, fullCheck: boolean): Promise<boolean> {
    let checked = false;
    if (!watermark) {
      let newest: Date | null = null;
      const order = ["ModificationTimestamp asc", `${DDF_RESOURCES[replica.resource].key} asc`];
      for await (const page of client.records(replica.resource, { orderBy: order, top: 100 }, call)) {
        await replica.store(page as T[]);
        newest = (page as { ModificationTimestamp: string }[]).reduce<Date | null>((m, r) => maxDate(m, new Date(r.ModificationTimestamp)), newest);
        await checkpoint(newest, replica.column);
      }
      // The load saw every key that existed when it began: removals are counted from then.
      if (newest) checked = true;
      else await checkpoint(started, replica.column);
    } else {
      await checkpoint();
      await fetchEntries(replica, await client.replication(replica.resource, watermark, call));
    }
    if (!fullCheck || checked) return checked;

    if (replica.resource === "Property") progress.phase = "removals";
    await checkpoint();
    const feed = await client.replication(replica.resource, undefined, call);
    const ours = await replica.versions();
    // An empty list from a feed that had records is far likelier a glitch than a market that
    // emptied: removing everything on its word would take every page down.
    if (feed.length === 0 && ours.size > 0) throw new DdfError(`the feed listed no ${replica.resource === "Property" ? "listings" : "offices"} at all; nothing was removed`);
    const inFeed = new Set(feed.map((e) => e.key));
    const gone = [...ours.keys()].filter((k) => !inFeed.has(k));
    for (let i = 0; i < gone.length; i += 1000) {
      const removed = await replica.remove(gone.slice(i, i + 1000));
      if (replica.resource === "Property") progress.removed += removed;
    }
    await checkpoint();
    // Changes the increments missed (a page shifted under a full load, equal timestamps).
    await fetchEntries(replica, feed.filter((e) => (ours.get(e.key) ?? -1) < Date.parse(e.ModificationTimestamp)));
    await checkpoint(
      feed.reduce<Date | null>((m, e) => maxDate(m, new Date(e.ModificationTimestamp)), null),
      replica.column,
    );
    return true;
  }

  try {
    const fullCheckDue = !state.last_full_check_at || started.getTime() - state.last_full_check_at.getTime() >= options.fullCheckMs;
    progress.phase = state.watermark ? "changes" : "full load";
    await replicate(listingsReplica, state.watermark, fullCheckDue);

    progress.phase = "offices";
    await replicate(officesReplica, state.office_watermark, fullCheckDue);

    // The OpenHouse resource has no replication function: its upcoming days are fetched whole.
    progress.phase = "open houses";
    await checkpoint();
    const today = edmontonDate(started);
    const openHouses = (await client.openHouses(today, call)).flatMap((o) => toOpenHouseRow(o, now()) ?? []).filter((o) => o.date >= today);
    await replaceOpenHouses(db, openHouses, today);
    const lastFullCheckAt = fullCheckDue || !state.watermark ? started : state.last_full_check_at;

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
  } catch (thrown) {
    // A feed request abandoned because the run was asked to stop is a stop, not a failure.
    const failure = options.signal?.aborted && !(thrown instanceof LeaseLost) ? new SyncStopped() : thrown;
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

type WatermarkColumn = "watermark" | "office_watermark";

/** How one replicated resource is stored. */
interface Replica<T> {
  resource: ReplicatedResource;
  column: WatermarkColumn;
  store(records: T[]): Promise<void>;
  versions(): Promise<Map<string, number>>;
  remove(keys: string[]): Promise<number>;
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
