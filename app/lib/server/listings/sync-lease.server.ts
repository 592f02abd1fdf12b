/**
 * The sync's statements on its `listing_sync` row (id 1): the lease that lets one server sync at
 * a time, the watermarks that follow each stored page, and the record of how the run ended. Each
 * is one conditional statement, the same on PGlite and on a shared PostgreSQL; every one after
 * the lease is taken names its owner, so a run that outlived its lease writes nothing more.
 */
import { type SQL, sql } from "drizzle-orm";
import { listingSync } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import type { SyncProgress } from "~/lib/listings-sync-status";

/** The watermark a resource's replication moves: the listings' or the offices'. */
export type WatermarkColumn = typeof listingSync.watermark | typeof listingSync.office_watermark;

/** The lease was taken over (this run outlived it): stop without writing anything more. */
export class LeaseLost extends Error {
  constructor() {
    super("another server took over the listings sync (the lease ran out)");
  }
}

const at = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
const json = (v: unknown): SQL => sql`${JSON.stringify(v)}::jsonb`;

/** What a run reads of the row when it takes the lease. */
const RUN_STATE = {
  watermark: listingSync.watermark,
  office_watermark: listingSync.office_watermark,
  last_full_check_at: listingSync.last_full_check_at,
  consecutive_failures: listingSync.consecutive_failures,
};

/**
 * Takes the lease for `owner` until `until` when no one holds it (and, with `onlyWhenDue`, the
 * next run is due at `started`), and shows the run started. Returns the row's state then, or
 * nothing when the lease was not taken.
 */
export async function takeLease(
  db: Database,
  owner: string,
  o: { started: Date; until: Date; onlyWhenDue?: boolean; progress: SyncProgress },
) {
  const due = o.onlyWhenDue ? sql`and (${listingSync.next_run_at} is null or ${listingSync.next_run_at} <= ${at(o.started)})` : sql``;
  const [state] = await returning(
    db.rows,
    RUN_STATE,
    sql`
    update ${listingSync} set ${name(listingSync.lease_owner)} = ${owner}, ${name(listingSync.lease_until)} = ${at(o.until)},
      ${name(listingSync.last_started_at)} = ${at(o.started)}, ${name(listingSync.progress)} = ${json(o.progress)}
    where ${listingSync.id} = 1 and (${listingSync.lease_until} is null or ${listingSync.lease_until} < ${at(o.started)}) ${due}`,
  );
  return state;
}

/** Until when the lease is held and when the next run is due, for a run that did not take it. */
export async function leaseAndSchedule(db: Database) {
  const [row] = await select(
    db.rows,
    { lease_until: listingSync.lease_until, next_run_at: listingSync.next_run_at },
    sql`from ${listingSync} where ${listingSync.id} = 1`,
  );
  return row;
}

/** Renews the lease and shows the progress; a watermark only ever moves forward. Throws LeaseLost when the lease is no longer `owner`'s. */
export async function renewLease(
  db: Database,
  owner: string,
  o: { until: Date; progress: SyncProgress; watermark?: Date | null; column: WatermarkColumn },
): Promise<void> {
  const c = name(o.column);
  const moved = o.watermark ? sql`, ${c} = greatest(coalesce(${c}, ${at(o.watermark)}), ${at(o.watermark)})` : sql``;
  const rows = await returning(
    db.rows,
    { id: listingSync.id },
    sql`
    update ${listingSync} set ${name(listingSync.lease_until)} = ${at(o.until)}, ${name(listingSync.progress)} = ${json(o.progress)} ${moved}
    where ${listingSync.id} = 1 and ${listingSync.lease_owner} = ${owner}`,
  );
  if (rows.length === 0) throw new LeaseLost();
}

/** Gives the lease back after a successful run and records it. Throws LeaseLost when the lease is no longer `owner`'s. */
export async function recordSuccess(
  db: Database,
  owner: string,
  o: { progress: SyncProgress; finished: Date; nextRunAt: Date; lastFullCheckAt: Date | null },
): Promise<void> {
  const released = await returning(
    db.rows,
    { id: listingSync.id },
    sql`
    update ${listingSync} set ${name(listingSync.lease_owner)} = null, ${name(listingSync.lease_until)} = null, ${name(listingSync.progress)} = ${json(o.progress)},
      ${name(listingSync.last_finished_at)} = ${at(o.finished)}, ${name(listingSync.last_success_at)} = ${at(o.finished)},
      ${name(listingSync.last_error)} = null, ${name(listingSync.consecutive_failures)} = 0,
      ${name(listingSync.next_run_at)} = ${at(o.nextRunAt)}, ${name(listingSync.last_full_check_at)} = ${o.lastFullCheckAt ? at(o.lastFullCheckAt) : sql`null`}
    where ${listingSync.id} = 1 and ${listingSync.lease_owner} = ${owner}`,
  );
  if (released.length === 0) throw new LeaseLost();
}

/**
 * Gives the lease back after a failed or stopped run and records it (a stopped run keeps the
 * last error). Matches nothing after LeaseLost: the server that holds the lease now records its
 * own run.
 */
export async function recordFailure(
  db: Database,
  owner: string,
  o: { progress: SyncProgress; finished: Date; error: string; stopped: boolean; failures: number; nextRunAt: Date },
): Promise<void> {
  await db.rows(sql`
    update ${listingSync} set ${name(listingSync.lease_owner)} = null, ${name(listingSync.lease_until)} = null, ${name(listingSync.progress)} = ${json(o.progress)},
      ${name(listingSync.last_finished_at)} = ${at(o.finished)}, ${name(listingSync.last_error)} = ${o.stopped ? listingSync.last_error : o.error},
      ${name(listingSync.consecutive_failures)} = ${o.failures},
      ${name(listingSync.next_run_at)} = ${at(o.nextRunAt)}
    where ${listingSync.id} = 1 and ${listingSync.lease_owner} = ${owner}`);
}
