/**
 * "I'll be there" for an open house of the feed (issue 44): the contact pipeline with the open
 * house attached (createContact writes the person, the agent's notice and push, the
 * acknowledgement, the implied consent and the visitor's reminder in one statement), and the
 * rules of that reminder: the morning of the open house in Edmonton, once per open house and address.
 */
import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import { SITE_TIME_ZONE, formatTimeRange, formatWeekdayDate } from "~/lib/dates";
import type { OpenHouseRef } from "~/lib/leads";
import { listingPath } from "~/lib/listings";
import { absoluteUrl } from "~/lib/site-url";
import { listings, notificationOutbox, openHouses } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { newMessageId } from "../mail/message-id.server";

/** The reminder's hour on the morning of the open house, Edmonton time. */
export const OPEN_HOUSE_REMINDER_HOUR = 8;

/** 08:00 in Edmonton on the open house's day, or now when that morning has come already. */
export function openHouseReminderAt(date: string, now: Date): Date {
  const [y, m, d] = date.split("-").map(Number);
  const morning = new TZDate(y!, m! - 1, d!, OPEN_HOUSE_REMINDER_HOUR, 0, 0, SITE_TIME_ZONE).getTime();
  return new Date(Math.max(morning, now.getTime()));
}

/** The reminder's Message-ID: one per open house and address (hashed: a header names no address). */
export function openHouseReminderId(openHouseKey: string, email: string): string {
  const unique = createHash("sha256").update(`${openHouseKey}\n${email}`).digest("hex").slice(0, 32);
  return newMessageId("open-house-reminder", unique);
}

/**
 * Whether an open house is over at `now`: its end (its start, then the day's end, when the feed
 * leaves the times out) has passed on Edmonton's clock.
 */
export function openHouseIsOver(o: { date: string; start: string | null; end: string | null }, now: Date): boolean {
  const [y, m, d] = o.date.split("-").map(Number);
  const time = /^(\d{2}):(\d{2})$/.exec(o.end ?? o.start ?? "");
  const end = time
    ? new TZDate(y!, m! - 1, d!, Number(time[1]), Number(time[2]), 0, SITE_TIME_ZONE)
    : new TZDate(y!, m! - 1, d! + 1, 0, 0, 0, SITE_TIME_ZONE);
  return end.getTime() <= now.getTime();
}

/**
 * The open house an RSVP names, from the feed: the listing's open house of that key, or why not
 * ("unknown": no such open house of that home; "over": it has ended on Edmonton's clock).
 */
export async function openHouseToRsvp(
  feed: Database,
  listingKey: string,
  openHouseKey: string,
  now = new Date(),
): Promise<{ ok: true; openHouse: OpenHouseRef } | { ok: false; reason: "unknown" | "over" }> {
  const [row] = await feed.rows<{
    date: string;
    start: string | null;
    end: string | null;
    slug: string;
    address: string | null;
    city: string | null;
  }>(sql`
    select to_char(${openHouses.date}, 'YYYY-MM-DD') as date, ${openHouses.start_time} as start, ${openHouses.end_time} as end,
      ${listings.slug} as slug, ${listings.address} as address, ${listings.city} as city
    from ${openHouses} join ${listings} on ${listings.listing_key} = ${openHouses.listing_key}
    where ${openHouses.open_house_key} = ${openHouseKey} and ${openHouses.listing_key} = ${listingKey}`);
  if (!row) return { ok: false, reason: "unknown" };
  if (openHouseIsOver(row, now)) return { ok: false, reason: "over" };
  const path = listingPath(listingKey, row.slug);
  const hours = formatTimeRange(row.start, row.end);
  return {
    ok: true,
    openHouse: {
      key: openHouseKey,
      listingKey,
      address: [row.address, row.city].filter(Boolean).join(", "),
      path,
      date: row.date,
      start: row.start,
      end: row.end,
      when: [formatWeekdayDate(row.date), hours].filter(Boolean).join(", "),
      url: absoluteUrl(path),
    },
  };
}

export interface OpenHouseRsvp {
  name: string;
  email: string;
  phone: string | null;
  at: string;
}

export interface OpenHouseRsvps {
  openHouse: OpenHouseRef;
  rsvps: OpenHouseRsvp[];
}

/**
 * The RSVPs of the open houses from `fromDate` on (Edmonton dates), per open house, soonest
 * first: the agent's notices of kind contact that carry an open house (the visitor's own words
 * as they sent them; one line per address, the latest).
 */
export async function openHouseRsvps(db: Database, fromDate: string): Promise<OpenHouseRsvps[]> {
  const o = notificationOutbox;
  const rows = await db.rows<{ open_house: OpenHouseRef; name: string; email: string; phone: string | null; at: string }>(sql`
    select distinct on (${o.payload} -> 'openHouse' ->> 'key', ${o.payload} ->> 'email')
      ${o.payload} -> 'openHouse' as open_house, ${o.payload} ->> 'name' as name, ${o.payload} ->> 'email' as email,
      ${o.payload} ->> 'phone' as phone, ${o.payload} ->> 'submittedAt' as at
    from ${o}
    where ${o.kind} = 'contact' and jsonb_typeof(${o.payload} -> 'openHouse') = 'object'
      and ${o.payload} -> 'openHouse' ->> 'date' >= ${fromDate}
    order by ${o.payload} -> 'openHouse' ->> 'key', ${o.payload} ->> 'email', ${o.id} desc`);
  const byKey = new Map<string, OpenHouseRsvps>();
  for (const r of rows) {
    const group = byKey.get(r.open_house.key) ?? { openHouse: r.open_house, rsvps: [] };
    group.rsvps.push({ name: r.name, email: r.email, phone: r.phone, at: r.at });
    byKey.set(r.open_house.key, group);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.openHouse.date.localeCompare(b.openHouse.date) ||
      (a.openHouse.start ?? "").localeCompare(b.openHouse.start ?? "") ||
      a.openHouse.key.localeCompare(b.openHouse.key),
  );
}
