/**
 * When a listing alert waiting for its mail is due (issue 32): as they happen, at once; daily, at
 * the next 7:00 in Edmonton; weekly, at the next Saturday 7:00 in Edmonton. Wall-clock times
 * through working-hours.ts, so a day of 23 or 25 hours still sends at 7:00.
 */
import type { AlertFrequency } from "./alert-values";
import { addDays, edmontonDate, weekdayOf } from "./dates";
import { lastWallClock, nextWallClock, wallClockOf } from "./working-hours";

/** The Edmonton time of the daily and weekly mails. */
export const ALERT_MAIL_TIME = "07:00";
const SATURDAY = 6;

export function dueAt(frequency: AlertFrequency, itemCreatedAt: Date): Date {
  if (frequency === "instant") return itemCreatedAt;
  if (frequency === "monthly") return nextHomeReportAt(itemCreatedAt);
  return nextWallClock(itemCreatedAt, ALERT_MAIL_TIME, frequency === "weekly" ? SATURDAY : undefined);
}

/**
 * The latest daily or weekly mail time at or before `now`: a row of that frequency made before it
 * is due (dueAt ≤ now). Lets the queue read only the rows that can be due, not every row waiting
 * for a later morning.
 */
export function lastMailTime(frequency: "daily" | "weekly", now: Date): Date {
  return lastWallClock(now, ALERT_MAIL_TIME, frequency === "weekly" ? SATURDAY : undefined);
}

/** The first weekday (Monday to Friday) of the Edmonton month of "2026-12-15", as "2026-12-01". */
export function firstWeekdayOf(isoDate: string): string {
  let day = `${isoDate.slice(0, 7)}-01`;
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  return day;
}

/**
 * The month ("2026-12") whose home report is due at `now`: from its first weekday's 7:00 in
 * Edmonton to the month's end; null before that moment (the report of the month before is then
 * the last one, already due). Statutory holidays are not skipped: the first weekday is Monday to Friday.
 */
export function homeReportMonth(now: Date): string | null {
  const today = edmontonDate(now);
  const first = firstWeekdayOf(today);
  if (today < first || (today === first && wallClockOf(now) < ALERT_MAIL_TIME)) return null;
  return today.slice(0, 7);
}

/** The next home report's moment strictly after `at`: the first weekday's 7:00, this month's or the next's. */
export function nextHomeReportAt(at: Date): Date {
  const today = edmontonDate(at);
  const first = firstWeekdayOf(today);
  if (today < first || (today === first && wallClockOf(at) < ALERT_MAIL_TIME)) return nextWallClock(at, ALERT_MAIL_TIME, weekdayOf(first));
  const nextMonth = firstWeekdayOf(addDays(`${today.slice(0, 7)}-28`, 7));
  // 18:00 UTC is late morning in Edmonton (either offset) of the day before: its next 7:00 is the one.
  return nextWallClock(new Date(`${addDays(nextMonth, -1)}T18:00:00Z`), ALERT_MAIL_TIME);
}
