/**
 * The agent's working hours (site.openingHours, Edmonton wall-clock times) as instants: whether
 * the office is open, when it next opens, and when a reply promised within some minutes of
 * opening time falls due. Only opening time counts, so a lead at 17:30 on a Friday with an hour
 * to go is due at 10:30 on Saturday.
 *
 * Wall times become instants through @date-fns/tz's TZDate (the zone's rules from Intl), never by
 * adding a fixed offset: a day in Edmonton is 23 or 25 hours long twice a year, and a window's
 * length is always measured between its two real instants.
 */
import { TZDate } from "@date-fns/tz";
import { site } from "~/content/site";
import { SITE_TIME_ZONE, WEEKDAYS } from "./dates";

export interface OpeningHours {
  readonly days: readonly string[];
  /** "HH:MM", 24-hour, Edmonton time. */
  readonly opens: string;
  readonly closes: string;
}

const MINUTE = 60_000;

/** Edmonton's wall clock at `at`. */
function wallAt(at: number): TZDate {
  return new TZDate(at, SITE_TIME_ZONE);
}

/**
 * The instant Edmonton's clocks show `minutes` past midnight, `days` days after the day of `wall`.
 * A wall time the spring change skips (02:30 on its day) comes out an hour later, as a clock set
 * then would; one the autumn change repeats is its first.
 */
export function instantOf(wall: TZDate, days: number, minutes: number): number {
  return new TZDate(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate() + days,
    Math.floor(minutes / 60),
    minutes % 60,
    SITE_TIME_ZONE,
  ).getTime();
}

function clockMinutes(time: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) throw new RangeError(`Opening hours: "${time}" is not an HH:MM time`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The opening windows, as instants [opens, closes), of the day `days` after the day of `wall`, earliest first. */
function windowsOf(wall: TZDate, days: number, hours: readonly OpeningHours[]): [number, number][] {
  const weekday = WEEKDAYS[(wall.getDay() + days) % 7]!;
  return hours
    .filter((h) => h.days.includes(weekday))
    .map((h): [number, number] => [instantOf(wall, days, clockMinutes(h.opens)), instantOf(wall, days, clockMinutes(h.closes))])
    .filter(([opens, closes]) => closes > opens)
    .sort((a, b) => a[0] - b[0]);
}

/**
 * The moment `minutes` of opening time have passed since `since`. Zero minutes: `since` itself
 * when open, else the next opening.
 */
export function replyDueAt(since: Date, minutes: number, hours: readonly OpeningHours[] = site.openingHours): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`replyDueAt: minutes must be a finite number >= 0, got ${minutes}`);
  if (!hours.some((h) => h.days.some((d) => (WEEKDAYS as readonly string[]).includes(d))))
    throw new RangeError("replyDueAt: the opening hours open on no day");
  let left = minutes * MINUTE;
  let cursor = since.getTime();
  // From the day of `since` on; a week always has an open day, so this ends.
  const sinceWall = wallAt(cursor);
  for (let days = 0; ; days++) {
    for (const [opens, closes] of windowsOf(sinceWall, days, hours)) {
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
  return windowsOf(wallAt(t), 0, hours).some(([opens, closes]) => t >= opens && t < closes);
}

/** When the office next opens: `at` itself while it is open. */
export function nextOpening(at: Date, hours: readonly OpeningHours[] = site.openingHours): Date {
  return replyDueAt(at, 0, hours);
}

/**
 * The next moment Edmonton's clocks show `time` ("08:00") strictly after `at`, on `weekday` (0 for
 * Sunday to 6) when given: today's when it is still ahead, else the next day's (or week's).
 */
export function nextWallClock(at: Date, time: string, weekday?: number): Date {
  const now = wallAt(at.getTime());
  const days = weekday === undefined ? 0 : (weekday - now.getDay() + 7) % 7;
  const first = instantOf(now, days, clockMinutes(time));
  return new Date(first > at.getTime() ? first : instantOf(now, days + (weekday === undefined ? 1 : 7), clockMinutes(time)));
}

/** The latest moment at or before `at` when Edmonton's clocks showed `time`, on `weekday` when given. */
export function lastWallClock(at: Date, time: string, weekday?: number): Date {
  const now = wallAt(at.getTime());
  const days = weekday === undefined ? 0 : (now.getDay() - weekday + 7) % 7;
  const first = instantOf(now, -days, clockMinutes(time));
  return new Date(first <= at.getTime() ? first : instantOf(now, -days - (weekday === undefined ? 1 : 7), clockMinutes(time)));
}

/** Edmonton's wall-clock time at `at`, "HH:MM" (24-hour). */
export function wallClockOf(at: Date): string {
  const wall = wallAt(at.getTime());
  return `${String(wall.getHours()).padStart(2, "0")}:${String(wall.getMinutes()).padStart(2, "0")}`;
}
