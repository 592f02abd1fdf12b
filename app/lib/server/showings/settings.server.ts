/**
 * The agent's availability for showings (one row of showing_settings; without it, issue 44's
 * defaults), the subscription feed's token and the agent's own calendar's address with what its
 * last fetch found.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Availability, DEFAULT_AVAILABILITY, type Interval, type TimeRange, type WeeklyHours } from "~/lib/showing-slots";
import { showingSettings as t, showings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";

export interface ShowingSettings {
  availability: Availability;
  feedToken: string | null;
  calendarUrl: string | null;
  busy: Interval[];
  busyFetchedAt: Date | null;
  busyCheckedAt: Date | null;
  busyError: string | null;
}

export async function readShowingSettings(db: Pick<Database, "rows">): Promise<ShowingSettings> {
  const [row] = await select(
    db.rows,
    {
      lengthMinutes: t.length_minutes,
      bufferMinutes: t.buffer_minutes,
      aheadDays: t.ahead_days,
      noticeMinutes: t.notice_minutes,
      weekly: sql<WeeklyHours[]>`${t.weekly}`,
      timeOff: sql<TimeRange[]>`${t.time_off}`,
      feedToken: t.feed_token,
      calendarUrl: t.calendar_url,
      busy: sql<Interval[]>`${t.busy}`,
      busyFetchedAt: t.busy_fetched_at,
      busyCheckedAt: t.busy_checked_at,
      busyError: t.busy_error,
    },
    sql`from ${t} where ${t.id} = 1`,
  );
  if (!row)
    return {
      availability: DEFAULT_AVAILABILITY,
      feedToken: null,
      calendarUrl: null,
      busy: [],
      busyFetchedAt: null,
      busyCheckedAt: null,
      busyError: null,
    };
  const { lengthMinutes, bufferMinutes, aheadDays, noticeMinutes, weekly, timeOff, ...rest } = row;
  return { availability: { lengthMinutes, bufferMinutes, aheadDays, noticeMinutes, weekly, timeOff }, ...rest };
}

/** `insert ... on conflict` of the one row with `set` applied (the defaults for a first write). */
async function upsert(db: Pick<Database, "rows">, set: Partial<Record<keyof typeof t.$inferInsert, unknown>>): Promise<void> {
  const d = DEFAULT_AVAILABILITY;
  const base: Record<string, unknown> = {
    length_minutes: d.lengthMinutes,
    buffer_minutes: d.bufferMinutes,
    ahead_days: d.aheadDays,
    notice_minutes: d.noticeMinutes,
    weekly: JSON.stringify(d.weekly),
    time_off: JSON.stringify(d.timeOff),
    ...set,
  };
  const columns = Object.keys(base);
  const value = (c: string) => (c === "weekly" || c === "time_off" || c === "busy" ? sql`${base[c]}::jsonb` : sql`${base[c]}`);
  await db.rows(sql`
    insert into ${t} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )}) values (${sql.join(columns.map(value), sql`, `)})
    on conflict (${name(t.id)}) do update set ${sql.join(
      [...Object.keys(set).map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`), sql`${name(t.updated_at)} = now()`],
      sql`, `,
    )}`);
}

export function saveAvailability(db: Pick<Database, "rows">, a: Availability): Promise<void> {
  return upsert(db, {
    length_minutes: a.lengthMinutes,
    buffer_minutes: a.bufferMinutes,
    ahead_days: a.aheadDays,
    notice_minutes: a.noticeMinutes,
    weekly: JSON.stringify(a.weekly),
    time_off: JSON.stringify(a.timeOff),
  });
}

/** A new subscription token: the old URL stops answering at once. */
export async function renewFeedToken(db: Pick<Database, "rows">): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await upsert(db, { feed_token: token });
  return token;
}

export async function revokeFeedToken(db: Pick<Database, "rows">): Promise<void> {
  await upsert(db, { feed_token: null });
}

/** Whether `given` is the subscription's token (compared in constant time). */
export function isFeedToken(settings: Pick<ShowingSettings, "feedToken">, given: string): boolean {
  const expected = settings.feedToken;
  if (!expected || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The agent's calendar address (checked by the caller), or null to stop reading one; its busy times are forgotten with it. */
export function saveCalendarUrl(db: Pick<Database, "rows">, url: string | null): Promise<void> {
  return upsert(db, { calendar_url: url, busy: "[]", busy_fetched_at: null, busy_checked_at: null, busy_error: null });
}

/** What a fetch of the agent's calendar found: its busy times, or the reason it failed (the last good busy times kept). */
export async function recordCalendarFetch(
  db: Pick<Database, "rows">,
  url: string,
  outcome: { busy: Interval[] } | { error: string },
  at = new Date(),
): Promise<void> {
  const when = at.toISOString();
  // Only for the address it fetched: one changed meanwhile is not given another's busy times.
  await db.rows(
    "busy" in outcome
      ? sql`update ${t} set ${name(t.busy)} = ${JSON.stringify(outcome.busy)}::jsonb, ${name(t.busy_fetched_at)} = ${when}::timestamptz,
          ${name(t.busy_checked_at)} = ${when}::timestamptz, ${name(t.busy_error)} = null where ${t.id} = 1 and ${t.calendar_url} = ${url}`
      : sql`update ${t} set ${name(t.busy_checked_at)} = ${when}::timestamptz, ${name(t.busy_error)} = ${outcome.error.slice(0, 300)}
          where ${t.id} = 1 and ${t.calendar_url} = ${url}`,
  );
}

/** The showings still on that end after `from`: the slots they hold. */
export async function heldIntervals(db: Pick<Database, "rows">, from: Date): Promise<Interval[]> {
  const rows = await select(
    db.rows,
    {
      start: sql<number>`(extract(epoch from ${showings.starts_at}) * 1000)::float8`,
      end: sql<number>`(extract(epoch from ${showings.ends_at}) * 1000)::float8`,
    },
    sql`from ${showings} where ${showings.status} in ('requested', 'confirmed') and ${showings.ends_at} > ${from.toISOString()}::timestamptz`,
  );
  return rows.map((r) => ({ start: Number(r.start), end: Number(r.end) }));
}
