/**
 * The optional morning summary (MORNING_SUMMARY=on, decision 038): from 8:00 Edmonton time the
 * agent gets one e-mail listing the people still New, the overdue ones first. The reminder job
 * asks every minute (reminders.server.ts); the Message-ID names the day, and the outbox's unique
 * Message-ID makes the insert a no-op after the first, so servers sharing the database, or a
 * restart, send it once. A server down at 8:00 sends that day's when it is back before noon;
 * after noon the day is skipped.
 */
import { sql } from "drizzle-orm";
import { notificationOutbox as o, people } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { edmontonDate } from "../../dates";
import { replyDueAt, wallClockOf } from "../../working-hours";
import { newMessageId } from "../mail/message-id.server";
import type { SummaryPayload } from "../mail/summary-email.server";

export const SUMMARY_TIME = "08:00";
/** Past this Edmonton time a missed summary is not sent late. */
const LATEST = "12:00";

/** Queues today's summary when it is between 8:00 and noon in Edmonton and none was queued; true when this call queued it. */
export async function queueMorningSummary(db: Database, options: { siteUrl: string; replyMinutes: number }, now: Date): Promise<boolean> {
  const clock = wallClockOf(now);
  if (clock < SUMMARY_TIME || clock >= LATEST) return false;
  const date = edmontonDate(now);
  const waiting = await select(
    db.rows,
    {
      id: people.id,
      name: people.name,
      email: people.email,
      sources: people.sources,
      since: people.first_at,
      awaiting: people.awaiting_reply_since,
    },
    sql`from ${people} where ${people.status} = 'new' order by ${people.awaiting_reply_since} nulls last, ${people.first_at}`,
  );
  const payload: SummaryPayload = {
    date,
    inboxUrl: `${options.siteUrl}/inbox`,
    people: waiting.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      form: p.sources.at(-1) ?? "",
      since: (p.awaiting ?? p.since).toISOString(),
      overdue: p.awaiting !== null && replyDueAt(p.awaiting, options.replyMinutes) <= now,
      url: `${options.siteUrl}/inbox/people/${p.id}`,
    })),
  };
  const queued = await returning(
    db.rows,
    { id: o.id },
    sql`
    insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)})
    values ('summary', 'morning_summary', ${JSON.stringify(payload)}::jsonb, ${newMessageId("summary", date)})
    on conflict (${name(o.message_id)}) do nothing`,
  );
  return queued.length > 0;
}
