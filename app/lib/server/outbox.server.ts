/**
 * The notification outbox: the rows the submissions queued, claimed and settled by the worker.
 *
 * Claiming is one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select, so two workers (two server
 * processes on one PostgreSQL) never take the same row. A claimed row's next_attempt_at becomes
 * the claim's expiry: if its worker dies mid-send, the row is due again after the lease and
 * another worker delivers it (with the same Message-ID).
 */
import { sql } from "drizzle-orm";
import type { OutboxRow } from "../../../db/schema";
import type { Database } from "./db.server";

export type OutboxNotification = Pick<OutboxRow, "id" | "kind" | "source" | "payload" | "message_id" | "attempts" | "created_at">;

export async function claimDueNotifications(db: Database, limit: number, leaseMs: number): Promise<OutboxNotification[]> {
  const rows = await db.rows<OutboxNotification>(sql`
    update notification_outbox
    set status = 'sending', attempts = attempts + 1,
        next_attempt_at = now() + ${leaseMs}::integer * interval '1 millisecond'
    where id in (
      select id from notification_outbox
      where status in ('pending', 'sending') and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}::integer
      for update skip locked
    )
    returning id, kind, source, payload, message_id, attempts, created_at`);
  return rows;
}

/** Marks one notification delivered, as soon as the receiving server has accepted it. */
export async function markSent(db: Database, id: number): Promise<void> {
  await db.rows(sql`
    update notification_outbox set status = 'sent', sent_at = now(), last_error = null
    where id = ${id}::integer and status = 'sending'`);
}

export async function markForRetry(db: Database, id: number, delayMs: number, error: string): Promise<void> {
  await db.rows(sql`
    update notification_outbox
    set status = 'pending', next_attempt_at = now() + ${Math.round(delayMs)}::integer * interval '1 millisecond', last_error = ${error}
    where id = ${id}::integer and status = 'sending'`);
}

/** A permanent failure: kept with its error for the agent to see (`npm run leads`, /healthz). */
export async function markFailed(db: Database, id: number, error: string): Promise<void> {
  await db.rows(sql`
    update notification_outbox set status = 'failed', last_error = ${error}
    where id = ${id}::integer and status = 'sending'`);
}

/** Puts failed notifications back in the queue (after the cause, e.g. a wrong SMTP_URL, is fixed). */
export async function requeueFailed(db: Database): Promise<number> {
  const rows = await db.rows<{ id: number }>(sql`
    update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = now()
    where status = 'failed' returning id`);
  return rows.length;
}

export interface OutboxCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
}

export async function outboxCounts(db: Database): Promise<OutboxCounts> {
  const rows = await db.rows<{ status: keyof OutboxCounts; n: number }>(sql`
    select status, count(*)::integer as n from notification_outbox group by status`);
  const counts: OutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
