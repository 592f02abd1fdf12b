/**
 * The agent's working hours (site.openingHours, Edmonton wall-clock times) as instants: whether
 * the office is open, when it next opens, and when a reply promised within some minutes of
 * opening time falls due. Only opening time counts, so a lead at 17:30 on a Friday with an hour
 * to go is due at 10:30 on Saturday.
 *
 * Wall times become instants through Intl's time-zone data, never by adding a fixed offset: a
 * day in Edmonton is 23 or 25 hours long twice a year, and a window's length is always measured
 * between its two real instants.
 */
import { site } from "~/content/site";
import { SITE_TIME_ZONE } from "./dates";

export interface OpeningHours {
  readonly days: readonly string[];
  /** "HH:MM", 24-hour, Edmonton time. */
  readonly opens: string;
  readonly closes: string;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A calendar day in Edmonton, as a UTC midnight (a day with no zone of its own). */
type CalendarDay = number;

// Made on first use: a page that never asks about working hours never builds an Intl object (see dates.ts).
let wallClock: Intl.DateTimeFormat | null = null;

/** Edmonton's wall-clock time at `at`, read as if it were UTC: its difference from `at` is the zone's offset then. */
function wallTimeOf(at: number): number {
  wallClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SITE_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const parts: Record<string, number> = {};
  for (const p of wallClock.formatToParts(at)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) + (at - Math.floor(at / 1000) * 1000);
}

function dayOf(at: number): CalendarDay {
  const wall = wallTimeOf(at);
  return wall - (((wall % DAY) + DAY) % DAY);
}

/**
 * The instant Edmonton's clocks show `minutes` past midnight on `day`. The offset is read at a
 * first guess and again at the answer, which settles it on either side of a change; a wall time
 * the spring change skips (02:30 on its day) comes out an hour later, as a clock set then would.
 */
function instantOf(day: CalendarDay, minutes: number): number {
  const wall = day + minutes * MINUTE;
  const guess = wall - (wallTimeOf(wall) - wall);
  const at = wall - (wallTimeOf(guess) - guess);
  if (at === guess || wallTimeOf(at) === wall) return at;
  return Math.max(at, guess);
}

function clockMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Opening hours: "${time}" is not an HH:MM time`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The day's opening windows as instants [opens, closes), earliest first. */
function windowsOf(day: CalendarDay, hours: readonly OpeningHours[]): [number, number][] {
  const weekday = WEEKDAYS[new Date(day).getUTCDay()]!;
  return hours
    .filter((h) => h.days.includes(weekday))
    .map((h): [number, number] => [instantOf(day, clockMinutes(h.opens)), instantOf(day, clockMinutes(h.closes))])
    .filter(([opens, closes]) => closes > opens)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The moment `minutes` of opening time have passed since `since`. Zero minutes: `since` itself
 * when open, else the next opening.
 */
export function replyDueAt(since: Date, minutes: number, hours: readonly OpeningHours[] = site.openingHours): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`replyDueAt: minutes must be a finite number >= 0, got ${minutes}`);
  if (!hours.some((h) => h.days.some((d) => WEEKDAYS.includes(d)))) throw new RangeError("replyDueAt: the opening hours open on no day");
  let left = minutes * MINUTE;
  let cursor = since.getTime();
  // From the day of `since` on; a week always has an open day, so this ends.
  for (let day = dayOf(cursor); ; day += DAY) {
    for (const [opens, closes] of windowsOf(day, hours)) {
      const start = Math.max(cursor, opens);
      if (start >= closes) continue;
      if (left <= closes - start) return new Date(start + left);
      left -= closes - start;
      cursor = closes;
    }
  }
}

/** Whether `at` falls within the opening hours (opening time included, closing time not). */
export function isOpen(at: Date, hours: readonly OpeningHours[] = site.openingHours): boolean {
  const t = at.getTime();
  return windowsOf(dayOf(t), hours).some(([opens, closes]) => t >= opens && t < closes);
}

/** When the office next opens: `at` itself while it is open. */
export function nextOpening(at: Date, hours: readonly OpeningHours[] = site.openingHours): Date {
  return replyDueAt(at, 0, hours);
}

/** The next moment Edmonton's clocks show `time` ("08:00") strictly after `at`: today's when it is still ahead, else tomorrow's. */
export function nextWallClock(at: Date, time: string): Date {
  const today = dayOf(at.getTime());
  const todays = instantOf(today, clockMinutes(time));
  return new Date(todays > at.getTime() ? todays : instantOf(today + DAY, clockMinutes(time)));
}

/** Edmonton's wall-clock time at `at`, "HH:MM" (24-hour). */
export function wallClockOf(at: Date): string {
  const minutes = Math.floor((((wallTimeOf(at.getTime()) % DAY) + DAY) % DAY) / MINUTE);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
