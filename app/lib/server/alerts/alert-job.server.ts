/**
 * The alerts job (issue 32, decision 039): after each sync that changed listings (the runtime
 * wakes it) and every ALERTS_POLL_MS, matches the new listing changes to the people following
 * them, queues the mails that are due (the daily and weekly ones come due at 7:00 Edmonton, which
 * the poll reaches within a minute), queues the monthly home reports once their month's first
 * weekday reaches 7:00 Edmonton (home-report.server.ts), and forgets changes older than the weekly mail needs.
 * Run under the runner's lease, so one server does it at a time; the statements are safe even if
 * two did (matching.server.ts, queue.server.ts).
 */
import { sql } from "drizzle-orm";
import { alertCursor, listingChanges } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import type { Job, JobContext, JobRunOutcome } from "../../../../platform/jobs/runner";
import type { AlertsContext } from "./context.server";
import { matchChanges } from "./matching.server";
import { queueHomeReports } from "./home-report.server";
import { queueDueAlerts } from "./queue.server";

export const ALERT_JOB = "alerts";

/**
 * The pause between runs: a constant, not configuration (decision 052). A sync that changed
 * listings wakes the job at once; the poll only has to reach 7:00 Edmonton within a minute for the
 * daily and weekly mails. The test suites set a quicker one through TEST_ONLY.
 */
export const ALERTS_POLL_MS = 60_000;

/** How long listing changes are kept: a week for the weekly mail, and a day to spare. */
export const LISTING_CHANGES_KEPT_MS = 8 * 86_400_000;

export interface AlertJobOptions {
  /** The pause between runs (ALERTS_POLL_MS in the server). */
  intervalMs: number;
  /** Changes matched per transaction (default 5,000). */
  batch?: number;
  /** The clock (tests move it to 7:00 Edmonton and to Saturdays). */
  now?: () => Date;
  log?: Pick<Console, "info" | "warn">;
}

export interface AlertRunResult {
  changes: number;
  /** alert_items rows stored (one per subscription and batch that matched). */
  items: number;
  /** (person, change) pairs those rows hold. */
  matches: number;
  mails: number;
  dropped: number;
  pruned: number;
  /** Monthly home reports queued by this pass. */
  reports: number;
}

export class AlertJob implements Job {
  readonly name = ALERT_JOB;
  readonly intervalMs: number;
  readonly retry = { baseMs: 30_000, maxMs: 15 * 60_000 };
  readonly lease = { ms: 120_000 };

  constructor(
    private readonly ctx: AlertsContext,
    private readonly options: AlertJobOptions,
  ) {
    this.intervalMs = options.intervalMs;
  }

  async run(context?: Pick<JobContext, "signal">): Promise<JobRunOutcome> {
    await this.runOnce(context?.signal);
    return {};
  }

  /** One pass: match until caught up (or stopped), queue what is due, prune; wakes the outbox when mail was queued. */
  async runOnce(signal?: AbortSignal): Promise<AlertRunResult> {
    const result: AlertRunResult = { changes: 0, items: 0, matches: 0, mails: 0, dropped: 0, pruned: 0, reports: 0 };
    for (;;) {
      if (signal?.aborted) return result;
      const matched = await matchChanges(this.ctx.db, this.now(), { batch: this.options.batch });
      result.changes += matched.changes;
      result.items += matched.items;
      result.matches += matched.matches;
      if (matched.caughtUp) break;
    }
    const queued = await queueDueAlerts(this.ctx, this.now());
    result.mails = queued.mails;
    result.dropped = queued.dropped;
    result.pruned = await this.prune();
    const reports = await queueHomeReports(this.ctx, this.now());
    result.reports = reports.mails;
    if (reports.mails > 0) this.options.log?.info(`[alerts] queued ${reports.mails} monthly home report(s) for ${reports.month}`);
    if (queued.mails > 0) {
      this.ctx.queued();
      this.options.log?.info(`[alerts] queued ${queued.mails} alert mail(s) for ${queued.items} home(s)`);
    }
    return result;
  }

  /** Changes older than LISTING_CHANGES_KEPT_MS, once matched (a job that was down a while still matches what it missed). */
  private async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - LISTING_CHANGES_KEPT_MS);
    const c = listingChanges;
    const [pruned] = await select(this.ctx.db.rows, { n: sql<number>`count(*)::integer` }, sql`from gone`, {
      with: sql`gone as (delete from ${c} where ${c.created_at} < ${before.toISOString()}::timestamptz
        and ${c.id} <= (select ${alertCursor.last_change_id} from ${alertCursor} where ${alertCursor.id} = 1) returning 1)`,
    });
    return pruned?.n ?? 0;
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }
}
