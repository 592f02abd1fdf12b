/**
 * A showing request's write (issue 44), one SQL statement and so one transaction: the inbox's
 * person found or made (their reply clock started), the showing holding its slot, the agent's
 * notification in the outbox, a push to each of the agent's devices offering to confirm it, the
 * buyer's acknowledgement, the two reminders due two hours before the showing (the agent's and the
 * buyer's), and the implied consent of the inquiry.
 *
 * The slot is held by the database, not by a look before the write: the partial unique index
 * `showings_held_slot_key` lets one showing per start be requested or confirmed, so of twenty
 * requests for one time on any number of servers one is stored and the others fail with 23505,
 * their whole statement undone (no person, outbox row or push of theirs is left).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { FORM_LABELS } from "~/lib/forms";
import type { InquiryListingRef } from "~/lib/leads";
import type { ShowingInput } from "~/lib/schemas/showing";
import { normaliseEmail } from "~/lib/schemas/fields";
import { slotLabel } from "~/lib/showing-slots";
import { notificationOutbox as o, pushDevices, pushMessages, showings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { messageChainOf, sqlStateOf } from "../../../../platform/db/errors";
import { name, select } from "../../../../platform/db/query";
import { personUpsert, submissionPersonOf } from "../inbox/people.server";
import { type FollowUps, acknowledgementOf, impliedConsentOf, leadFacts } from "../leads/follow-ups.server";
import { SUBMISSIONS } from "../leads/forms.server";
import { newMessageId } from "../mail/message-id.server";
import type { PushFacts } from "../push/messages.server";

/** How long before a showing both sides are reminded. */
export const SHOWING_REMINDER_BEFORE_MS = 2 * 60 * 60 * 1000;

export interface ShowingPayload {
  name: string;
  email: string;
  phone: string;
  note: string | null;
  submittedAt: string;
  listing: InquiryListingRef;
  /** ISO instants. */
  start: string;
  end: string;
}

export type Booked = { ok: true; showingId: number; personId: number | null } | { ok: false; taken: true };

/** 23505 on the held-slot index: another request holds this start. */
export function isSlotTaken(error: unknown): boolean {
  return sqlStateOf(error) === "23505" && messageChainOf(error).includes("showings_held_slot_key");
}

export async function bookShowing(
  db: Pick<Database, "rows">,
  input: ShowingInput,
  listing: InquiryListingRef,
  lengthMinutes: number,
  now = new Date(),
  followUps: FollowUps = {},
): Promise<Booked> {
  const start = new Date(input.slot);
  const end = new Date(start.getTime() + lengthMinutes * 60_000);
  const email = normaliseEmail(input.email);
  const payload: ShowingPayload = {
    name: input.name.trim(),
    email,
    phone: input.phone.trim(),
    note: input.note.trim() || null,
    submittedAt: now.toISOString(),
    listing,
    start: start.toISOString(),
    end: end.toISOString(),
  };
  const entry = SUBMISSIONS.showing;
  const s = showings;
  const fullPayload = sql`${JSON.stringify(payload)}::jsonb || jsonb_build_object('showingId', (select id from showing))`;
  const facts: PushFacts = {
    kind: "showing",
    lead: leadFacts(payload.name, FORM_LABELS.showing, payload.note, listing.address),
    when: slotLabel(start.getTime()),
    showingId: 0,
  };
  const remindAt = new Date(Math.max(now.getTime(), start.getTime() - SHOWING_REMINDER_BEFORE_MS)).toISOString();
  const m = pushMessages;
  try {
    const [row] = await select(
      db.rows,
      { showingId: sql<number>`showing.id`, personId: sql<number | null>`(select id from person)` },
      sql`from showing`,
      {
        with: sql`person as (${personUpsert(submissionPersonOf(entry, { ...payload }))}),
      showing as (
        insert into ${s} (${name(s.uid)}, ${name(s.listing_key)}, ${name(s.listing)}, ${name(s.person_id)}, ${name(s.name)}, ${name(s.email)},
          ${name(s.phone)}, ${name(s.note)}, ${name(s.starts_at)}, ${name(s.ends_at)}, ${name(s.created_at)})
        select ${`${randomUUID()}@showings`}, ${listing.key}, ${JSON.stringify(listing)}::jsonb, (select id from person), ${payload.name}, ${email},
          ${payload.phone}, ${payload.note}, ${payload.start}::timestamptz, ${payload.end}::timestamptz, ${payload.submittedAt}::timestamptz
        returning ${s.id}
      ),
      notification as (
        insert into ${o} (${name(o.kind)}, ${name(entry.link)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
        select ${entry.kind}::text, id, ${entry.source}, ${fullPayload}, ${newMessageId(entry.kind)}, (select id from person) from showing
        returning ${o.id}
      ),
      pushes as (
        insert into ${m} (${name(m.device_id)}, ${name(m.kind)}, ${name(m.person_id)}, ${name(m.payload)})
        select ${pushDevices.id}, 'showing', (select id from person),
          ${JSON.stringify(facts)}::jsonb || jsonb_build_object('showingId', (select id from showing)) from ${pushDevices}
      ),
      acknowledgement as (${acknowledgementOf(entry, fullPayload, email, followUps.acknowledge)}),
      reminders as (
        insert into ${o} (${name(o.kind)}, ${name(o.showing_id)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)},
          ${name(o.recipient)}, ${name(o.next_attempt_at)})
        select 'showing-reminder', showing.id, ${entry.source}, ${fullPayload}, r.message_id, (select id from person), r.recipient, ${remindAt}::timestamptz
        from showing, (values (${newMessageId("showing-reminder")}, null::text), (${newMessageId("showing-reminder")}, ${email}::text)) as r(message_id, recipient)
      ),
      implied as (${impliedConsentOf(entry.source, now)})`,
      },
    );
    if (!row) throw new Error("the showing was not stored");
    return { ok: true, ...row };
  } catch (error) {
    if (isSlotTaken(error)) return { ok: false, taken: true };
    throw error;
  }
}
