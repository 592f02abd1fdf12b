// Written out rather than with Intl.DateTimeFormat: the first Intl object a page builds loads the
// browser's locale data, 14-50 ms of one task on this machine while the blog's pages hydrated
// (see format.ts). dates.test.ts checks the result against Intl's.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-07-08" -> "July 8, 2025", independent of the server's time zone. */
export function formatLongDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  // Through a UTC date, so an impossible day rolls over as it always did ("2025-02-30" -> March 2).
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The site's time zone: the agent's market, whatever zone the server runs in. */
export const SITE_TIME_ZONE = "America/Edmonton";
let edmontonDay: Intl.DateTimeFormat | null = null;

/**
 * The day it is in Edmonton at `at`, as "2026-11-28" (en-CA writes ISO dates). For loaders and the
 * sync: the formatter is made on first use, so a browser that never calls this never pays for it.
 */
export function edmontonDate(at: Date = new Date()): string {
  edmontonDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return edmontonDay.format(at);
}

/** The days of the week as Date.getDay() numbers them, Sunday first. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The day of "2026-11-28" as a UTC date (a calendar day, with no time zone of its own). */
function calendarDay(isoDate: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** 0 for Sunday to 6 for Saturday, of a calendar day "2026-11-28". */
export function weekdayOf(isoDate: string): number {
  return calendarDay(isoDate).getUTCDay();
}

/** The calendar day `days` after (or before, when negative) "2026-11-28", as "YYYY-MM-DD". */
export function addDays(isoDate: string, days: number): string {
  const date = calendarDay(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "2026-11-28" -> "Saturday, November 28": an open house's day, which is always soon (no year). */
export function formatWeekdayDate(isoDate: string): string {
  const date = calendarDay(isoDate);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "13:00" -> "1:00 PM", "00:30" -> "12:30 AM"; null for anything that is not a 24-hour "HH:MM". */
export function formatClockTime(time: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * An open house's hours as a visitor reads them: "1:00 PM – 3:00 PM", "From 1:00 PM" or
 * "Until 3:00 PM" when the feed gives only one end, null when it gives neither.
 */
export function formatTimeRange(start: string | null, end: string | null): string | null {
  const from = start ? formatClockTime(start) : null;
  const until = end ? formatClockTime(end) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return null;
}

/**
 * The Saturday of the first weekend that is wholly after `today` ("YYYY-MM-DD"): tomorrow on a
 * Friday, the Saturday six days on from a Sunday, and next week's on a Saturday itself, so a
 * weekend that has started (and some of its open houses ended) is never offered.
 */
export function nextSaturdayAfter(today: string): string {
  const weekday = weekdayOf(today);
  return addDays(today, weekday === 6 ? 7 : 6 - weekday);
}
