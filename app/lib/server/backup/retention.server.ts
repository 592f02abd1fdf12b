/**
 * Which good backups are kept (issue 41): the newest of each of the last 7 days that have one, and
 * the newest of each of the last 8 weeks (Monday to Sunday) that have one, in Edmonton time.
 * Pure, so the rule is tested without files.
 */
import { addDays, edmontonDate, weekdayOf } from "~/lib/dates";

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 8;

/** The Monday of `at`'s week in Edmonton, as YYYY-MM-DD. */
function weekOf(at: Date): string {
  const day = edmontonDate(at);
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** The `createdAt` values to keep, of the ones given (any order). */
export function backupsToKeep(createdAt: readonly Date[], daily = KEEP_DAILY, weekly = KEEP_WEEKLY): Set<number> {
  const newestFirst = [...createdAt].sort((a, b) => b.getTime() - a.getTime());
  const keep = new Set<number>();
  const pick = (bucket: (at: Date) => string, limit: number) => {
    const seen = new Set<string>();
    for (const at of newestFirst) {
      const key = bucket(at);
      if (seen.has(key)) continue;
      if (seen.size === limit) break;
      seen.add(key);
      keep.add(at.getTime());
    }
  };
  pick(edmontonDate, daily);
  pick(weekOf, weekly);
  return keep;
}
