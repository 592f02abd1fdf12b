/**
 * The showings as iCalendar (RFC 5545), written with ical.js (decision 051): the buyer's invitation
 * (METHOD:REQUEST, or CANCEL when it is off) and the agent's subscription feed. A showing keeps one
 * UID for its whole life; each change the buyer is sent carries a higher SEQUENCE, so their calendar
 * replaces the event instead of adding another. Times are written in Edmonton wall time with its
 * TZID and the VTIMEZONE that defines it (Canada's rules since 2007).
 */
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { site } from "~/content/site";
import { SITE_TIME_ZONE } from "~/lib/dates";

/** Edmonton's VTIMEZONE as calendars export it (the busy-times test reads a calendar with it too). */
export const EDMONTON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Edmonton",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0600",
  "TZNAME:MDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0700",
  "TZNAME:MST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

export interface CalendarShowing {
  uid: string;
  sequence: number;
  /** ISO instants. */
  start: string;
  end: string;
  address: string;
  /** The listing's page, absolute. */
  url?: string | null;
  buyer: { name: string; email: string; phone?: string | null };
  status: "requested" | "confirmed" | "cancelled";
  note?: string | null;
}

function edmontonTime(iso: string): ICAL.Time {
  const wall = new TZDate(Date.parse(iso), SITE_TIME_ZONE);
  return ICAL.Time.fromData({
    year: wall.getFullYear(),
    month: wall.getMonth() + 1,
    day: wall.getDate(),
    hour: wall.getHours(),
    minute: wall.getMinutes(),
    second: 0,
    isDate: false,
  });
}

function timeProperty(name: string, iso: string): ICAL.Property {
  const p = new ICAL.Property(name);
  p.setParameter("tzid", SITE_TIME_ZONE);
  p.setValue(edmontonTime(iso));
  return p;
}

/** One VEVENT; `forAgent`: the subscription's text (the buyer's contact details), else the buyer's invitation. */
function eventOf(s: CalendarShowing, now: Date, forAgent: boolean): ICAL.Component {
  const v = new ICAL.Component("vevent");
  v.updatePropertyWithValue("uid", s.uid);
  v.updatePropertyWithValue("sequence", s.sequence);
  v.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  v.addProperty(timeProperty("dtstart", s.start));
  v.addProperty(timeProperty("dtend", s.end));
  v.updatePropertyWithValue(
    "summary",
    forAgent ? `Showing: ${s.address} with ${s.buyer.name}` : `Showing of ${s.address} with ${site.agent.name}`,
  );
  v.updatePropertyWithValue("location", s.address);
  v.updatePropertyWithValue("status", s.status === "cancelled" ? "CANCELLED" : s.status === "confirmed" ? "CONFIRMED" : "TENTATIVE");
  const description = forAgent
    ? [`${s.buyer.name}, ${s.buyer.email}${s.buyer.phone ? `, ${s.buyer.phone}` : ""}`, s.note ? `Note: ${s.note}` : "", s.url ?? ""]
    : [`${site.agent.name}, ${site.agent.title}, ${site.agent.phone}`, s.url ?? ""];
  v.updatePropertyWithValue("description", description.filter(Boolean).join("\n"));
  if (s.url) v.updatePropertyWithValue("url", s.url);
  const organizer = v.addPropertyWithValue("organizer", `mailto:${site.agent.email}`);
  organizer.setParameter("cn", site.agent.name);
  const attendee = v.addPropertyWithValue("attendee", `mailto:${s.buyer.email}`);
  attendee.setParameter("cn", s.buyer.name);
  attendee.setParameter("role", "REQ-PARTICIPANT");
  return v;
}

function calendarOf(method: string | null, events: ICAL.Component[], name?: string): string {
  const cal = new ICAL.Component("vcalendar");
  cal.updatePropertyWithValue("prodid", `-//${site.agent.name}//Showings//EN`);
  cal.updatePropertyWithValue("version", "2.0");
  cal.updatePropertyWithValue("calscale", "GREGORIAN");
  if (method) cal.updatePropertyWithValue("method", method);
  if (name) cal.updatePropertyWithValue("x-wr-calname", name);
  cal.addSubcomponent(new ICAL.Component(ICAL.parse(EDMONTON_VTIMEZONE)));
  for (const e of events) cal.addSubcomponent(e);
  return cal.toString();
}

/** The buyer's invitation: REQUEST for a confirmed (or moved) showing, CANCEL for a cancelled one. */
export function invitationIcs(s: CalendarShowing, now = new Date()): { method: "REQUEST" | "CANCEL"; content: string } {
  const method = s.status === "cancelled" ? "CANCEL" : "REQUEST";
  return { method, content: calendarOf(method, [eventOf(s, now, false)]) };
}

/** The agent's subscription: every showing, cancelled ones marked so. */
export function showingsFeedIcs(list: readonly CalendarShowing[], now = new Date()): string {
  return calendarOf(
    "PUBLISH",
    list.map((s) => eventOf(s, now, true)),
    `Showings: ${site.agent.name}`,
  );
}
