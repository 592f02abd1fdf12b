/**
 * The histories of the homes for sale, fetched before a visitor asks for them (issue 42).
 *
 * Why: a listing's page waits for its account's history at most HISTORY_WAIT_MS, then renders
 * without the chart, and the City's API takes a few hundred milliseconds a query. Most listings
 * are seen by a handful of visitors, so most first views would wait for the City or show no chart.
 * Every HISTORY_JOB_INTERVAL_MS, the matched listings (matchedListings: the feed's active Edmonton
 * listings matched to their accounts) whose account has no history of the live roll's year get
 * theirs, at most HISTORIES_PER_RUN, one request after the other: at most 240 requests an hour to
 * the City's API, and none once every listing has its history (then one query a run).
 *
 * A run stops at the first history the City does not give (down, slow, refusing): the next run
 * tries again, so a failing portal costs one warning a run. Accounts are taken in no set order,
 * so one the City always fails cannot hold up the others.
 */
import { sql } from "drizzle-orm";
import { assessmentHistory as h } from "../../../../db/schema";
import type { Job, JobContext, JobRunOutcome } from "../../../../platform/jobs/runner";
import type { AssessmentsContext } from "./context.server";
import { assessmentHistory } from "./history.server";
import { matchedListings } from "./home-value.server";
import { rollStatus } from "./import.server";

export const HISTORY_JOB = "assessments-history";
/** Histories asked of the City per run. */
export const HISTORIES_PER_RUN = 20;
export const HISTORY_JOB_INTERVAL_MS = 5 * 60_000;
/** Longer than the client's own timeout: the job waits for each answer, where a page gives up. */
const FETCH_WAIT_MS = 60_000;

export interface HistoryJobOptions {
  intervalMs?: number;
  perRun?: number;
  /** The pause before the first run (default 1 min): the import and the visitors first. */
  startDelayMs?: number;
}

export class HistoryJob implements Job {
  readonly name = HISTORY_JOB;
  /** Servers sharing one database fetch each history once. */
  readonly lease = { ms: 5 * 60_000 };
  readonly intervalMs: number;
  readonly startDelayMs: number;
  readonly retry = { baseMs: 60_000, maxMs: 60 * 60_000 };

  constructor(
    private readonly ctx: AssessmentsContext,
    private readonly options: HistoryJobOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? HISTORY_JOB_INTERVAL_MS;
    this.startDelayMs = options.startDelayMs ?? 60_000;
  }

  /** The histories fetched this run (the runner ignores the outcome's fields it does not know). */
  async run({ signal }: JobContext): Promise<JobRunOutcome & { fetched: number }> {
    const { db, client, log } = this.ctx;
    const { liveYear } = await rollStatus(db);
    if (liveYear === null) return { fetched: 0 };
    const accounts = [...new Set((await matchedListings(db)).map((home) => home.accountNumber))];
    if (accounts.length === 0) return { fetched: 0 };
    const missing = await db.rows<{ account: string }>(sql`
      select k.account from unnest(${sql.param(accounts)}::text[]) as k(account)
      where not exists (select 1 from ${h} where ${h.account_number} = k.account and ${h.roll_year} >= ${liveYear})
      order by random() limit ${this.options.perRun ?? HISTORIES_PER_RUN}`);
    let fetched = 0;
    for (const { account } of missing) {
      if (signal.aborted) break;
      // assessmentHistory logs why a fetch failed; null is that, or no answer within the wait.
      if ((await assessmentHistory(db, client, account, liveYear, { waitMs: FETCH_WAIT_MS, log })) === null) break;
      fetched++;
    }
    return { fetched };
  }
}
