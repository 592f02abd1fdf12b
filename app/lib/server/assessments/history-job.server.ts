/**
 * The histories of the homes for sale, fetched before a visitor asks for them (issue 42).
 *
 * Why: a listing's page waits for its account's history at most HISTORY_WAIT_MS, then renders
 * without the chart, and the City's API takes a few hundred milliseconds a query. Most listings
 * are seen by a handful of visitors, so most first views would wait for the City or show no chart.
 * Every HISTORY_JOB_INTERVAL_MS, the next LISTINGS_PER_RUN of the feed's active Edmonton listings
 * (by key, from where the last run stopped, round again at the end) are matched to their accounts
 * (matchAddresses, the pages' own rules), and those whose account has no history of the live
 * roll's year get theirs, at most HISTORIES_PER_RUN, one request after the other: at most 240
 * requests an hour to the City's API, none for listings whose history is kept. A few hundred
 * listings a run keep each statement short (decision 059): matching every listing at once
 * (matchedListings) holds PGlite's one connection for a second or more on the full roll.
 *
 * A run stops at the first history the City does not give (down, slow, refusing), so a failing
 * portal costs one warning a run; that batch is asked again on the next round, so an account the
 * City always fails cannot hold up the others.
 */
import { sql } from "drizzle-orm";
import { assessmentHistory as h, listings } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import type { Job, JobContext, JobRunOutcome } from "../../../../platform/jobs/runner";
import { parseAddress } from "../../assessments/address";
import type { AssessmentsContext } from "./context.server";
import { assessmentHistory } from "./history.server";
import { rollStatus } from "./import.server";
import { activeInEdmonton } from "./listing-assessment.server";
import { matchAddresses } from "./lookup.server";

export const HISTORY_JOB = "assessments-history";
/** Histories asked of the City per run. */
export const HISTORIES_PER_RUN = 20;
/** Listings matched to their accounts per run: every listing once in a few hours (20,000 in about 8 h). */
export const LISTINGS_PER_RUN = 200;
export const HISTORY_JOB_INTERVAL_MS = 5 * 60_000;
/** Longer than the client's own timeout: the job waits for each answer, where a page gives up. */
const FETCH_WAIT_MS = 60_000;

export interface HistoryJobOptions {
  intervalMs?: number;
  perRun?: number;
  listingsPerRun?: number;
  /** The pause before the first run (default 1 min): the import and the visitors first. */
  startDelayMs?: number;
}

export class HistoryJob implements Job {
  readonly name = HISTORY_JOB;
  /** Servers sharing one database fetch each history once. */
  readonly lease = { ms: 5 * 60_000 };
  readonly intervalMs: number;
  readonly startDelayMs: number;
  private readonly perRun: number;
  private readonly listingsPerRun: number;
  readonly retry = { baseMs: 60_000, maxMs: 60 * 60_000 };
  /** The last listing key the previous run matched; "" to start from the first. */
  private after = "";

  constructor(
    private readonly ctx: AssessmentsContext,
    options: HistoryJobOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? HISTORY_JOB_INTERVAL_MS;
    this.startDelayMs = options.startDelayMs ?? 60_000;
    this.perRun = options.perRun ?? HISTORIES_PER_RUN;
    this.listingsPerRun = options.listingsPerRun ?? LISTINGS_PER_RUN;
  }

  /** The histories fetched this run (the runner ignores the outcome's fields it does not know). */
  async run({ signal }: JobContext): Promise<JobRunOutcome & { fetched: number }> {
    const { db, client, log } = this.ctx;
    const { liveYear } = await rollStatus(db);
    if (liveYear === null) return { fetched: 0 };
    const batch = await select(
      db.rows,
      { key: listings.listing_key, address: listings.address, latitude: listings.latitude, longitude: listings.longitude },
      sql`from ${listings} where ${activeInEdmonton} and ${listings.listing_key} > ${this.after}
        order by ${listings.listing_key} limit ${this.listingsPerRun}`,
    );
    // The next run goes on from here, or round again at the end; a batch that lacks more histories
    // than a run fetches is read again (a failing City or account is asked again next round).
    const next = batch.length === this.listingsPerRun ? batch.at(-1)!.key : "";
    const addresses = batch.flatMap((l) => {
      const key = parseAddress(l.address);
      return key
        ? [{ key, point: l.latitude !== null && l.longitude !== null ? ([l.longitude, l.latitude] as [number, number]) : null }]
        : [];
    });
    const accounts = [...new Set((await matchAddresses(db, addresses)).flatMap((home) => (home ? [home.accountNumber] : [])))];
    if (accounts.length === 0) {
      this.after = next;
      return { fetched: 0 };
    }
    const missing = await db.rows<{ account: string }>(sql`
      select k.account from unnest(${sql.param(accounts)}::text[]) as k(account)
      where not exists (select 1 from ${h} where ${h.account_number} = k.account and ${h.roll_year} >= ${liveYear})
      order by random() limit ${this.perRun + 1}`);
    let fetched = 0;
    let failed = false;
    for (const { account } of missing.slice(0, this.perRun)) {
      if (signal.aborted) break;
      // assessmentHistory logs why a fetch failed; null is that, or no answer within the wait.
      failed = (await assessmentHistory(db, client, account, liveYear, { waitMs: FETCH_WAIT_MS, log })) === null;
      if (failed) break;
      fetched++;
    }
    if (failed || missing.length <= this.perRun) this.after = next;
    return { fetched };
  }
}
