/**
 * No lead goes cold (decision 038): a person still New `replyMinutes` of opening hours after the
 * oldest submission still waiting (app/lib/working-hours.ts, Edmonton time) gets the agent one
 * reminder, a push to every device and an e-mail, once per wait: `people.reminded_at` records it
 * in the same transaction that queues them, and only a wait that began after it can remind again.
 * Run every minute by the job runner under its lease, so two servers remind once.
 */
import { sql } from "drizzle-orm";
import { notificationOutbox as o, people } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { ClockedJob, type Job, type JobRunOutcome } from "../../../../platform/jobs/runner";
import { replyDueAt } from "../../working-hours";
import { newMessageId } from "../mail/message-id.server";
import type { ReminderPayload } from "../mail/reminder-email.server";
import { sourceLabel } from "../../inbox";
import { firstWords, queuePushes } from "../push/messages.server";
import { queueMorningSummary } from "./morning-summary.server";

export const REMINDER_JOB = "lead-reminders";

/** The people owed a reply whose wait has not been reminded of yet (the due time is worked out in TypeScript: opening hours are not SQL). */
function waitingPeople(db: Database) {
  return select(
    db.rows,
    {
      id: people.id,
      name: people.name,
      email: people.email,
      phone: people.phone,
      sources: people.sources,
      preview: people.preview,
      since: sql<Date>`${people.awaiting_reply_since}`,
    },
    sql`from ${people}
    where ${people.status} = 'new' and ${people.awaiting_reply_since} is not null
      and (${people.reminded_at} is null or ${people.reminded_at} < ${people.awaiting_reply_since})
    order by ${people.awaiting_reply_since} limit 500`,
  );
}

type Waiting = Awaited<ReturnType<typeof waitingPeople>>[number];

/** Queues one person's reminder (pushes and the agent's e-mail) unless another server just did; true when queued. */
async function remind(db: Database, person: Waiting, siteUrl: string, now: Date): Promise<boolean> {
  const form = person.sources.at(-1) ?? "";
  const payload: ReminderPayload = {
    personId: person.id,
    name: person.name,
    email: person.email,
    phone: person.phone,
    form,
    waitingSince: person.since.toISOString(),
    url: `${siteUrl}/inbox/people/${person.id}`,
  };
  return db.transaction(async (rows) => {
    // The guard of the select again, under the row's lock: a reminder is queued once per wait.
    const claimed = await returning(
      rows,
      { id: people.id },
      sql`
      update ${people} set ${name(people.reminded_at)} = ${now}
      where ${people.id} = ${person.id} and ${people.status} = 'new' and ${people.awaiting_reply_since} = ${person.since}
        and (${people.reminded_at} is null or ${people.reminded_at} < ${people.awaiting_reply_since})`,
    );
    if (claimed.length === 0) return false;
    const waitingMinutes = Math.round((now.getTime() - person.since.getTime()) / 60_000);
    await queuePushes(
      rows,
      {
        kind: "reminder",
        lead: {
          name: person.name,
          form: sourceLabel(form),
          ...(firstWords(person.preview) ? { excerpt: firstWords(person.preview) } : {}),
        },
        waitingMinutes,
      },
      person.id,
    );
    await rows(sql`
      insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
      values ('reminder', ${form}, ${JSON.stringify(payload)}::jsonb, ${newMessageId("reminder")}, ${person.id})`);
    return true;
  });
}

export interface ReminderJobOptions {
  siteUrl: string;
  replyMinutes: number;
  /** MORNING_SUMMARY: also queue the morning summary (morning-summary.server.ts) once a day. */
  morningSummary?: boolean;
  /** Wakes the outbox and push jobs after reminders were queued. */
  queued(): void;
  /** The clock (tests move it across a daylight-saving change). */
  now?: () => Date;
  log?: Pick<Console, "info" | "warn">;
}

export class ReminderJob extends ClockedJob<Database, ReminderJobOptions> implements Job {
  readonly name = REMINDER_JOB;
  readonly intervalMs = 60_000;
  readonly retry = { baseMs: 60_000, maxMs: 15 * 60_000 };
  readonly lease = { ms: 120_000 };

  /** One pass: every person whose reply is due now is reminded, and the morning's summary queued when it is time. */
  async run(): Promise<JobRunOutcome> {
    await this.remindDue();
    if (this.options.morningSummary && (await queueMorningSummary(this.db, this.options, this.now()))) this.options.queued();
    return {};
  }

  async remindDue(): Promise<number> {
    const now = this.now();
    let reminded = 0;
    for (const person of await waitingPeople(this.db)) {
      if (replyDueAt(person.since, this.options.replyMinutes) > now) continue;
      if (await remind(this.db, person, this.options.siteUrl, now)) reminded++;
    }
    if (reminded > 0) {
      this.options.queued();
      this.options.log?.info(`[inbox] reminded the agent of ${reminded} person(s) still New past the reply time`);
    }
    return reminded;
  }
}
