/** The showings the inbox and the agent's calendar subscription list. */
import { sql } from "drizzle-orm";
import { type ShowingState, type ShowingView } from "~/lib/showings";
import { slotDayLabel, slotTimeLabel } from "~/lib/showing-slots";
import { showings as s } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { type Showing, showingFields } from "./manage.server";

/** Every showing from 90 days ago on (the subscription): a calendar app replaces its copy with this on every refresh. */
export function allShowingsForFeed(db: Pick<Database, "rows">, now = new Date()): Promise<Showing[]> {
  const from = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000).toISOString();
  return select(
    db.rows,
    showingFields,
    sql`from ${s} where ${s.starts_at} >= ${from}::timestamptz order by ${s.starts_at}, ${s.id} limit 5000`,
  );
}

/** The showings starting within [from, to), earliest first (the inbox's day view). */
export function showingsBetween(db: Pick<Database, "rows">, from: Date, to: Date): Promise<Showing[]> {
  return select(
    db.rows,
    showingFields,
    sql`from ${s} where ${s.starts_at} >= ${from.toISOString()}::timestamptz and ${s.starts_at} < ${to.toISOString()}::timestamptz order by ${s.starts_at}, ${s.id}`,
  );
}

/** A person's showings, latest first. */
export function showingsOfPerson(db: Pick<Database, "rows">, personId: number): Promise<Showing[]> {
  return select(
    db.rows,
    showingFields,
    sql`from ${s} where ${s.person_id} = ${personId}::integer order by ${s.starts_at} desc, ${s.id} desc`,
  );
}

/** Where a showing is as the inbox says it: requested, confirmed, cancelled, or past. */
export function showingState(x: Pick<Showing, "status" | "end">, now = new Date()): ShowingState {
  if (x.status === "cancelled") return "cancelled";
  return Date.parse(x.end) <= now.getTime() ? "past" : x.status;
}

export function viewOf(x: Showing, now = new Date()): ShowingView {
  const start = Date.parse(x.start);
  return {
    id: x.id,
    personId: x.personId,
    name: x.name,
    email: x.email,
    phone: x.phone,
    note: x.note,
    address: x.listing.address,
    path: x.listing.path,
    day: slotDayLabel(start),
    time: `${slotTimeLabel(start)} to ${slotTimeLabel(Date.parse(x.end))}`,
    state: showingState(x, now),
  };
}
