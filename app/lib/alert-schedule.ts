/**
 * When a listing alert waiting for its mail is due (issue 32): as they happen, at once; daily, at
 * the next 7:00 in Edmonton; weekly, at the next Saturday 7:00 in Edmonton. Wall-clock times
 * through working-hours.ts, so a day of 23 or 25 hours still sends at 7:00.
 */
import type { AlertFrequency } from "./alert-values";
import { lastWallClock, nextWallClock } from "./working-hours";

/** The Edmonton time of the daily and weekly mails. */
export const ALERT_MAIL_TIME = "07:00";
const SATURDAY = 6;

export function dueAt(frequency: AlertFrequency, itemCreatedAt: Date): Date {
  if (frequency === "instant") return itemCreatedAt;
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
