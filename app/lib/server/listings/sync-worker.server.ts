/**
 * The job that keeps the local copy of the DDF® feed current, run by the server's JobRunner
 * (platform/jobs/runner.ts) like every background job. It syncs soon after start-up, then whenever
 * the shared schedule (`listing_sync.next_run_at`) says: every DDF_SYNC.intervalMs, or later
 * after failures (see nextSyncDelay). Several servers can run it: its lease is the `listing_sync`
 * row, taken by syncListings in the same statement that checks the schedule (`lease: "own"`), so
 * one server syncs and the others find the run done or in hand.
 *
 * The run's signal reaches every request to the feed: when the runner stops, the request in
 * flight is abandoned at once, what was stored stays, and the run is recorded as stopped (not as
 * a failure) with the lease given back.
 */
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { type Job, type JobContext, type JobRunOutcome, busyPause } from "../../../../platform/jobs/runner";
import type { DdfClient } from "./ddf-client.server";
import { DdfError } from "./ddf-errors.server";
import { SYNC_BACKOFF_BASE_MS, type SyncResult, syncListings } from "./sync.server";

/** The listings sync's name in the runner. */
export const LISTINGS_SYNC_JOB = "listings-sync";

export interface ListingsSyncJobOptions {
  intervalMs: number;
  fullCheckMs: number;
  backoffMaxMs: number;
  /** The pause between start() and the first run (default 2 s): the server answers visitors first. */
  startDelayMs?: number;
  /** After a run that stored or removed listings (the runtime wakes the alerts job: "as they happen" means after the sync). */
  onChanged?: () => void;
  log?: Pick<Console, "info" | "warn" | "error">;
}

/** Never poll the row faster than this, whatever a past next_run_at says. */
const MIN_DELAY_MS = 1_000;

/**
 * How long the loop sleeps after a sync call: until the schedule the run recorded (which holds
 * the backoff and any Retry-After), or, when another server holds the lease, until that lease
 * would end, by which time its run has normally finished and moved next_run_at on.
 */
export function workerDelay(result: SyncResult, intervalMs: number, now = Date.now()): number {
  if (!result.nextRunAt) return intervalMs;
  const until = result.nextRunAt.getTime() - now;
  return result.skipped === "busy" ? busyPause(until, intervalMs) : Math.max(until, MIN_DELAY_MS);
}

function looksLikeABug(error: unknown): boolean {
  return (
    !(error instanceof DdfError) &&
    (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError)
  );
}

export class ListingsSyncJob implements Job {
  readonly name = LISTINGS_SYNC_JOB;
  readonly lease = "own";
  readonly intervalMs: number;
  readonly startDelayMs: number;
  /** When the database cannot even be asked for the lease: 30 s doubling, capped, as after a failed run. */
  readonly retry: { baseMs: number; maxMs: number };
  /** The first run does not wait for the schedule: a restart is a good moment to catch up. */
  private scheduled = false;
  private readonly log: Pick<Console, "info" | "warn" | "error">;

  constructor(
    private readonly db: Database,
    private readonly client: DdfClient,
    private readonly options: ListingsSyncJobOptions,
  ) {
    this.intervalMs = options.intervalMs;
    this.startDelayMs = options.startDelayMs ?? 2_000;
    this.retry = { baseMs: SYNC_BACKOFF_BASE_MS, maxMs: options.backoffMaxMs };
    this.log = options.log ?? console;
  }

  /**
   * One run for the runner: a sync (scheduled after the first), logged, then a pause until the
   * schedule it recorded. Throws when the lease could not even be asked for (the database is
   * unreachable or closing): the runner backs off.
   */
  async run({ signal }: JobContext): Promise<JobRunOutcome> {
    const scheduled = this.scheduled;
    this.scheduled = true;
    const result = await this.sync(scheduled, signal);
    this.report(result);
    return { nextRunInMs: workerDelay(result, this.intervalMs) };
  }

  /** One sync now, logged; `scheduled` runs wait for next_run_at. Used by tests. */
  async runOnce(scheduled = false, signal?: AbortSignal): Promise<SyncResult | null> {
    try {
      const result = await this.sync(scheduled, signal);
      this.report(result);
      return result;
    } catch (error) {
      // The lease could not even be asked for: the database is unreachable or closing.
      this.log.warn(`[listings] sync could not start: ${messageChainOf(error)}`);
      return null;
    }
  }

  private sync(scheduled: boolean, signal: AbortSignal | undefined): Promise<SyncResult> {
    const { intervalMs, fullCheckMs, backoffMaxMs } = this.options;
    return syncListings(this.db, this.client, { intervalMs, fullCheckMs, backoffMaxMs, onlyWhenDue: scheduled, signal, log: this.log });
  }

  private report(result: SyncResult): void {
    if (!result.ran || result.stopped) return;
    if (result.upserted + result.removed > 0) this.options.onChanged?.();
    const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
    if (!result.error) {
      this.log.info(
        `[listings] synced: ${result.upserted} changed, ${result.removed} removed, ${result.stored ?? "?"} stored (${seconds})`,
      );
      return;
    }
    const next = result.nextRunAt ? `, next try in ${Math.max(1, Math.round((result.nextRunAt.getTime() - Date.now()) / 1000))} s` : "";
    const line = `[listings] sync failed after ${seconds} (${result.upserted} stored before it stopped${next}): ${result.error}`;
    // The feed down, slow or refusing, or the database gone, is said in one line; a programming
    // error (a TypeError from a record shaped unlike the documentation) is worth its stack.
    if (looksLikeABug(result.failure)) this.log.error(line, result.failure);
    else this.log.warn(line);
  }
}
