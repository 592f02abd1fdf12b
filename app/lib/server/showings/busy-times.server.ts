/**
 * The agent's own calendar's busy times, read from its private iCalendar address (issue 44) with
 * ical.js, the kept library (decision 051): single events, recurring ones expanded with their
 * exceptions (a moved or cancelled occurrence), all-day events, and times in any zone the file
 * names. Transparent ("free") and cancelled events are not busy.
 *
 * A time's zone: an IANA name Intl knows is converted with TZDate (its rules current, whatever
 * VTIMEZONE the file carries); another name (Outlook's "Mountain Standard Time") with the file's
 * own VTIMEZONE; a floating time or an all-day date is Edmonton's wall clock.
 */
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { SITE_TIME_ZONE } from "~/lib/dates";
import type { Interval } from "~/lib/showing-slots";

/** Far more than a week of any real calendar holds: a hostile file cannot make the expansion endless. */
export const MAX_BUSY_TIMES = 5000;
/** A recurrence is expanded at most this many steps per event (a minutely rule over years). */
const MAX_STEPS_PER_EVENT = 2000;

const knownZones = new Map<string, boolean>();
function isIanaZone(tzid: string): boolean {
  let known = knownZones.get(tzid);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tzid });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(tzid, known);
  }
  return known;
}

function wall(t: ICAL.Time, zone: string): number {
  return new TZDate(t.year, t.month - 1, t.day, t.isDate ? 0 : t.hour, t.isDate ? 0 : t.minute, t.isDate ? 0 : t.second, zone).getTime();
}

function instantOf(t: ICAL.Time, fileZones: Map<string, ICAL.Timezone>): number {
  if (t.isDate) return wall(t, SITE_TIME_ZONE);
  // ical.js keeps a TZID it has no VTIMEZONE registered for as the time's `timezone`, the zone floating.
  const named = (t as unknown as { timezone?: string }).timezone;
  const tzid = t.zone?.tzid === "floating" || !t.zone ? (named ?? null) : t.zone.tzid;
  if (tzid === "UTC" || t.zone === ICAL.Timezone.utcTimezone) return t.toUnixTime() * 1000;
  if (tzid && isIanaZone(tzid)) return wall(t, tzid);
  const own = tzid ? fileZones.get(tzid) : undefined;
  if (own) {
    const copy = t.clone();
    copy.zone = own;
    return copy.toUnixTime() * 1000;
  }
  return wall(t, SITE_TIME_ZONE);
}

function isFree(v: ICAL.Component): boolean {
  const transp = String(v.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(v.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp === "TRANSPARENT" || status === "CANCELLED";
}

/** The busy intervals of an iCalendar text overlapping [from, to), earliest first; throws on a text that is not iCalendar. */
export function busyTimesOf(text: string, from: Date, to: Date): Interval[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const fileZones = new Map<string, ICAL.Timezone>();
  for (const z of calendar.getAllSubcomponents("vtimezone")) {
    const zone = new ICAL.Timezone(z);
    if (zone.tzid) fileZones.set(zone.tzid, zone);
  }
  const events = calendar.getAllSubcomponents("vevent");
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const v of events) {
    if (!v.hasProperty("recurrence-id")) continue;
    const uid = String(v.getFirstPropertyValue("uid") ?? "");
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
  }
  const start = from.getTime();
  const end = to.getTime();
  const busy: Interval[] = [];
  const add = (s: number, e: number) => {
    if (e > start && s < end && e > s) busy.push({ start: s, end: e });
  };
  for (const v of events) {
    if (busy.length >= MAX_BUSY_TIMES) break;
    if (v.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(v);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (isFree(v)) continue;
      add(instantOf(event.startDate, fileZones), instantOf(event.endDate ?? event.startDate, fileZones));
      continue;
    }
    for (const exception of exceptions.get(event.uid) ?? []) event.relateException(exception);
    const it = event.iterator();
    for (let step = 0, next = it.next(); next && step < MAX_STEPS_PER_EVENT; step++, next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      const s = instantOf(details.startDate, fileZones);
      if (s >= end && instantOf(next, fileZones) >= end) break;
      if (isFree(details.item.component)) continue;
      add(s, instantOf(details.endDate, fileZones));
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}
