/**
 * Keeps the local copy of the DDF® feed current from inside the server process, in the outbox
 * worker's style: one loop, started after the server listens and stopped before the database
 * closes. It syncs soon after start-up, then whenever the shared schedule (`listing_sync.
 * next_run_at`) says: every DDF_SYNC_INTERVAL_MS, or later after failures (see nextSyncDelay).
 * Several servers can run it: the lease lets one sync, the others find the run done or in hand.
 */
import type { Database } from "../db.server";
import { messageChainOf } from "../db-errors.server";
import { InterruptibleSleep } from "../interruptible-sleep.server";
import { DdfError, type DdfClient } from "./ddf-client.server";
import { type SyncResult, syncBackoff, syncListings } from "./sync.server";

export interface ListingsSyncWorkerOptions {
  intervalMs: number;
  fullCheckMs: number;
  backoffMaxMs: number;
  /** The pause between start() and the first run (default 2 s): the server answers visitors first. */
  startDelayMs?: number;
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
  return result.skipped === "busy" ? Math.min(Math.max(until, MIN_DELAY_MS), intervalMs) : Math.max(until, MIN_DELAY_MS);
}

function looksLikeABug(error: unknown): boolean {
  return !(error instanceof DdfError) && (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError);
}

export class ListingsSyncWorker {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly pause = new InterruptibleSleep();
  private abort: AbortController | null = null;
  /** Failures to reach the database at all (the run's own failures are counted in the row). */
  private dbFailures = 0;
  private readonly log: Pick<Console, "info" | "warn" | "error">;

  constructor(
    private readonly db: Database,
    private readonly client: DdfClient,
    private readonly options: ListingsSyncWorkerOptions,
  ) {
    this.log = options.log ?? console;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    this.loop = this.run();
  }

  /** Ends the run in hand at its next page (what it stored stays) and waits for it, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.abort?.abort();
    this.pause.wake();
    await this.loop;
    this.loop = null;
  }

  /** One sync now, logged; `scheduled` runs wait for next_run_at. Used by the loop and by tests. */
  async runOnce(scheduled = false): Promise<SyncResult | null> {
    const { intervalMs, fullCheckMs, backoffMaxMs } = this.options;
    try {
      const result = await syncListings(this.db, this.client, { intervalMs, fullCheckMs, backoffMaxMs, onlyWhenDue: scheduled, signal: this.abort?.signal, log: this.log });
      this.dbFailures = 0;
      this.report(result);
      return result;
    } catch (error) {
      // The lease could not even be asked for: the database is unreachable or closing.
      this.dbFailures += 1;
      this.log.warn(`[listings] sync could not start: ${messageChainOf(error)}`);
      return null;
    }
  }

  private async run(): Promise<void> {
    await this.sleep(this.options.startDelayMs ?? 2_000);
    // The first run does not wait for the schedule: a restart is a good moment to catch up.
    let scheduled = false;
    while (this.running) {
      const result = await this.runOnce(scheduled);
      scheduled = true;
      if (!this.running) break;
      await this.sleep(result ? workerDelay(result, this.options.intervalMs) : syncBackoff(this.dbFailures, this.options.backoffMaxMs));
    }
  }

  private report(result: SyncResult): void {
    if (!result.ran || result.stopped) return;
    const seconds = `${(result.durationMs / 1000).toFixed(1)} s`;
    if (!result.error) {
      this.log.info(`[listings] synced: ${result.upserted} changed, ${result.removed} removed, ${result.stored ?? "?"} stored (${seconds})`);
      return;
    }
    const next = result.nextRunAt ? `, next try in ${Math.max(1, Math.round((result.nextRunAt.getTime() - Date.now()) / 1000))} s` : "";
    const line = `[listings] sync failed after ${seconds} (${result.upserted} stored before it stopped${next}): ${result.error}`;
    // The feed down, slow or refusing, or the database gone, is said in one line; a programming
    // error (a TypeError from a record shaped unlike the documentation) is worth its stack.
    if (looksLikeABug(result.failure)) this.log.error(line, result.failure);
    else this.log.warn(line);
  }

  /** The pause between runs; stop() wakes it, and once stopped there is nothing to wait for. */
  private sleep(ms: number): Promise<void> {
    return this.running ? this.pause.sleep(ms) : Promise.resolve();
  }
}
