/**
 * The notification outbox: the rows the submissions queued, claimed and settled by the worker.
 *
 * Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so two workers (two server
 * processes on one PostgreSQL) never take the same row. A claimed row's next_attempt_at becomes
 * the claim's expiry: if its worker dies mid-send, the row is due again after the lease and
 * another worker delivers it (with the same Message-ID).
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notificationOutbox as o } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, name, returning, select } from "../../../../platform/db/query";

/** What the worker claims of a notification: what its mail says and how often it was tried. */
const notificationFields = {
  id: o.id,
  kind: o.kind,
  source: o.source,
  payload: o.payload,
  message_id: o.message_id,
  attempts: o.attempts,
  created_at: o.created_at,
  recipient: o.recipient,
  person_id: o.person_id,
};

type ClaimedRow = RowOf<typeof notificationFields>;
/** A claimed row; its person may be left out by a row made by hand (a test, a tool): the mails that need it say so. */
export type OutboxNotification = Omit<ClaimedRow, "person_id"> & Partial<Pick<ClaimedRow, "person_id">>;

export async function claimDueNotifications(db: Database, limit: number, leaseMs: number): Promise<OutboxNotification[]> {
  const due = alias(o, "due");
  return returning(
    db.rows,
    notificationFields,
    sql`
    update ${o}
    set ${name(o.status)} = 'sending', ${name(o.attempts)} = ${o.attempts} + 1,
        ${name(o.next_attempt_at)} = now() + ${leaseMs}::integer * interval '1 millisecond'
    where ${o.id} in (
      select ${due.id} from ${o} as ${due}
      where ${due.status} in ('pending', 'sending') and ${due.next_attempt_at} <= now()
      order by ${due.next_attempt_at}, ${due.id}
      limit ${limit}::integer
      for update skip locked
    )`,
  );
}

/** Marks one notification delivered, as soon as the receiving server has accepted it. */
export async function markSent(db: Database, id: number): Promise<void> {
  await db.rows(sql`
    update ${o} set ${name(o.status)} = 'sent', ${name(o.sent_at)} = now(), ${name(o.last_error)} = null
    where ${o.id} = ${id}::integer and ${o.status} = 'sending'`);
}

export async function markForRetry(db: Database, id: number, delayMs: number, error: string): Promise<void> {
  await db.rows(sql`
    update ${o}
    set ${name(o.status)} = 'pending', ${name(o.next_attempt_at)} = now() + ${Math.round(delayMs)}::integer * interval '1 millisecond', ${name(o.last_error)} = ${error}
    where ${o.id} = ${id}::integer and ${o.status} = 'sending'`);
}

/** A permanent failure: kept with its error for the agent to see (`npm run leads`, /healthz). */
export async function markFailed(db: Database, id: number, error: string): Promise<void> {
  await db.rows(sql`
    update ${o} set ${name(o.status)} = 'failed', ${name(o.last_error)} = ${error}
    where ${o.id} = ${id}::integer and ${o.status} = 'sending'`);
}

/**
 * A marketing mail whose person had no valid consent when it was due: never sent, kept (with why)
 * as the record that it was not. Only from `sending`, so a row settled meanwhile stays as it is.
 */
export async function markWithheld(db: Database, id: number, reason: string): Promise<void> {
  await db.rows(sql`
    update ${o} set ${name(o.status)} = 'withheld', ${name(o.last_error)} = ${reason}
    where ${o.id} = ${id}::integer and ${o.status} = 'sending'`);
}

/** Puts failed notifications back in the queue (after the cause, e.g. a wrong SMTP_URL, is fixed). */
export async function requeueFailed(db: Database): Promise<number> {
  const rows = await returning(
    db.rows,
    { id: o.id },
    sql`
    update ${o} set ${name(o.status)} = 'pending', ${name(o.attempts)} = 0, ${name(o.next_attempt_at)} = now()
    where ${o.status} = 'failed'`,
  );
  return rows.length;
}

export interface OutboxCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  /** Mails never sent, kept as the record of it: marketing without consent at send time, or past a recipient's daily cap. */
  withheld: number;
}

export async function outboxCounts(db: Database): Promise<OutboxCounts> {
  const rows = await select(
    db.rows,
    { status: o.status, n: sql<number>`count(*)::integer` },
    sql`
    from ${o} group by ${o.status}`,
  );
  const counts: OutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0, withheld: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
