/**
 * What happens to a showing after its request (issue 44), each in one statement: the agent
 * confirms it, the buyer (their signed link) or the agent cancels it, the buyer moves it to another
 * offered time, or the sync sees its home leave the market. Every change the buyer is sent raises
 * the showing's SEQUENCE and queues their invitation (REQUEST, or CANCEL) with the showing's one
 * UID; a cancellation withholds the reminders still queued and a move puts them at the new time.
 * Each acts only on a showing in the state it expects, so a repeat (a double tap, a replayed POST,
 * a second sync) changes nothing and sends nothing.
 */
import { sql } from "drizzle-orm";
import { absoluteUrl } from "~/lib/site-url";
import type { InquiryListingRef } from "~/lib/leads";
import { notificationOutbox as o, showings as s } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, name, select } from "../../../../platform/db/query";
import { readToken, signToken } from "../alerts/tokens.server";
import { secretIn } from "../alerts/secrets.server";
import { newMessageId } from "../mail/message-id.server";
import type { CalendarShowing } from "./ics.server";
import { SHOWING_REMINDER_BEFORE_MS, isSlotTaken } from "./book.server";

export const showingFields = {
  id: s.id,
  uid: s.uid,
  sequence: s.sequence,
  status: s.status,
  listingKey: s.listing_key,
  listing: sql<InquiryListingRef>`${s.listing}`,
  personId: s.person_id,
  name: s.name,
  email: s.email,
  phone: s.phone,
  note: s.note,
  start: sql<string>`to_char(${s.starts_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  end: sql<string>`to_char(${s.ends_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  createdAt: s.created_at,
  cancelledBy: s.cancelled_by,
};
export type Showing = RowOf<typeof showingFields>;

export function calendarShowingOf(x: Showing): CalendarShowing {
  return {
    uid: x.uid,
    sequence: x.sequence,
    start: x.start,
    end: x.end,
    address: x.listing.address,
    url: x.listing.url ?? null,
    buyer: { name: x.name, email: x.email, phone: x.phone },
    status: x.status,
    note: x.note,
  };
}

export async function showingById(db: Pick<Database, "rows">, id: number): Promise<Showing | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await select(db.rows, showingFields, sql`from ${s} where ${s.id} = ${id}::integer`);
  return row ?? null;
}

/** A day after the showing: the buyer's link works until then (a cancelled one shows that it is cancelled). */
function linkExpiry(start: string): Date {
  return new Date(Date.parse(start) + 24 * 60 * 60 * 1000);
}

/** The signed page to cancel or move the showing, absolute on the site's origin. */
export async function manageUrlOf(rows: Database["rows"], x: Pick<Showing, "id" | "start">): Promise<string> {
  const secret = await secretIn(rows, "showing-links");
  return absoluteUrl(`/showings/${signToken(secret, "showing", x.id, linkExpiry(x.start))}`);
}

/** The showing a link names; "expired" (410) or null (forged, 404). */
export async function showingOfToken(db: Pick<Database, "rows">, token: string, now = new Date()): Promise<Showing | "expired" | null> {
  const secret = await secretIn(db.rows, "showing-links");
  const read = readToken(secret, "showing", token, now);
  if (read === null || read === "expired") return read;
  return showingById(db, read.id);
}

type Change = "confirmed" | "moved" | "cancelled-by-agent" | "cancelled-by-buyer" | "cancelled-listing";

/**
 * The statement every change runs: `update` (the CTE `changed`, returning the showing's fields)
 * and, from the row it changed, the buyer's invitation and the reminders' fate. The invitation's
 * payload is made in SQL from the changed row, so it carries the SEQUENCE the update gave it.
 */
async function change(
  rows: Database["rows"],
  update: ReturnType<typeof sql>,
  reason: Change,
  manageUrl: string | null,
  similarUrl: string | null,
): Promise<Showing | null> {
  const cancelled = reason.startsWith("cancelled");
  const invitation = sql`jsonb_build_object(
      'reason', ${reason}::text, 'manageUrl', ${manageUrl}::text, 'similarUrl', ${similarUrl}::text,
      'showing', jsonb_build_object('uid', changed.uid, 'sequence', changed.sequence, 'start', changed.start, 'end', changed."end",
        'address', changed.listing->>'address', 'url', changed.listing->>'url', 'status', changed.status,
        'buyer', jsonb_build_object('name', changed.name, 'email', changed.email, 'phone', changed.phone)))`;
  const [row] = await select(
    rows,
    Object.fromEntries(Object.keys(showingFields).map((k) => [k, sql.raw(`changed."${k}"`)])) as never,
    sql`from changed`,
    {
      with: sql`changed as (${update} returning ${sql.join(
        Object.entries(showingFields).map(([k, f]) => sql`${f} as ${sql.identifier(k)}`),
        sql`, `,
      )}),
    invitation as (
      insert into ${o} (${name(o.kind)}, ${name(o.showing_id)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.recipient)})
      select 'invitation', changed.id, 'showing_request', ${invitation}, ${newMessageId("invitation")}, changed."personId", changed.email from changed
    ),
    agent_copy as (
      insert into ${o} (${name(o.kind)}, ${name(o.showing_id)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.recipient)})
      select 'invitation', changed.id, 'showing_request', ${invitation}, ${newMessageId("invitation")}, changed."personId", null from changed
      where ${reason === "cancelled-by-buyer" || reason === "cancelled-listing" || reason === "moved"}
    ),
    reminders as (
      update ${o} set ${cancelled ? sql`${name(o.status)} = 'withheld', ${name(o.last_error)} = 'the showing was cancelled'` : sql`${name(o.next_attempt_at)} = greatest(now(), (select start from changed)::timestamptz - ${SHOWING_REMINDER_BEFORE_MS}::integer * interval '1 millisecond')`}
      where ${o.showing_id} = (select id from changed) and ${o.kind} = 'showing-reminder' and ${o.status} = 'pending'
        and ${reason === "confirmed" ? sql`false` : sql`true`}
    )`,
    },
  );
  return (row as Showing | undefined) ?? null;
}

/** The agent confirms a requested showing: the buyer gets the invitation (SEQUENCE 1). Null when it is not requested any more. */
export async function confirmShowing(db: Pick<Database, "rows">, id: number): Promise<Showing | null> {
  const x = await showingById(db, id);
  if (!x || x.status !== "requested") return null;
  const manage = await manageUrlOf(db.rows, x);
  return change(
    db.rows,
    sql`update ${s} set ${name(s.status)} = 'confirmed', ${name(s.sequence)} = ${s.sequence} + 1, ${name(s.confirmed_at)} = now()
      where ${s.id} = ${id}::integer and ${s.status} = 'requested'`,
    "confirmed",
    manage,
    null,
  );
}

/** Cancels a showing still on; null when it was already cancelled (nothing is sent twice). */
export async function cancelShowing(
  db: Pick<Database, "rows">,
  id: number,
  by: "buyer" | "agent" | "listing",
  similarUrl: string | null = null,
): Promise<Showing | null> {
  const reason: Change = by === "buyer" ? "cancelled-by-buyer" : by === "agent" ? "cancelled-by-agent" : "cancelled-listing";
  return change(
    db.rows,
    sql`update ${s} set ${name(s.status)} = 'cancelled', ${name(s.sequence)} = ${s.sequence} + 1, ${name(s.cancelled_at)} = now(),
      ${name(s.cancelled_by)} = ${by} where ${s.id} = ${id}::integer and ${s.status} in ('requested', 'confirmed')`,
    reason,
    null,
    similarUrl,
  );
}

/**
 * The buyer moves their showing to another offered time (checked by the caller). The new start is
 * held by the same unique index: a time taken meanwhile answers "taken" and changes nothing.
 */
export async function moveShowing(
  db: Pick<Database, "rows">,
  id: number,
  start: Date,
  lengthMinutes: number,
): Promise<Showing | "taken" | null> {
  const x = await showingById(db, id);
  if (!x || x.status === "cancelled") return null;
  const end = new Date(start.getTime() + lengthMinutes * 60_000);
  const manage = await manageUrlOf(db.rows, { id, start: start.toISOString() });
  try {
    return await change(
      db.rows,
      sql`update ${s} set ${name(s.starts_at)} = ${start.toISOString()}::timestamptz, ${name(s.ends_at)} = ${end.toISOString()}::timestamptz,
        ${name(s.sequence)} = ${s.sequence} + 1 where ${s.id} = ${id}::integer and ${s.status} in ('requested', 'confirmed')`,
      "moved",
      manage,
      null,
    );
  } catch (error) {
    if (isSlotTaken(error)) return "taken";
    throw error;
  }
}

/**
 * The sync saw these homes leave the market (conditionally sold, pending, removed): their future
 * showings still on are cancelled, once (a second run finds none on), and both sides are told: the
 * buyer by their cancellation (with a link to similar homes), the agent by the same mail's copy in
 * the inbox's day view. Returns the showings cancelled.
 */
export async function cancelShowingsOfListings(
  db: Pick<Database, "rows">,
  keys: readonly string[],
  similarUrlOf: (x: Showing) => string | null,
  now = new Date(),
): Promise<Showing[]> {
  if (keys.length === 0) return [];
  const due = await select(
    db.rows,
    showingFields,
    sql`from ${s} where ${s.listing_key} in ${keys} and ${s.status} in ('requested', 'confirmed') and ${s.starts_at} > ${now.toISOString()}::timestamptz`,
  );
  const done: Showing[] = [];
  for (const x of due) {
    const cancelled = await cancelShowing(db, x.id, "listing", similarUrlOf(x));
    if (cancelled) done.push(cancelled);
  }
  return done;
}
