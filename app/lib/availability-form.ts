/**
 * The Account page's availability form (issue 44) as text and back: weekly hours one field per
 * weekday ("09:00-12:00, 13:00-18:00", empty for no showings), time off one range per line
 * ("2026-12-24" or "2026-12-24 to 2026-12-26", Edmonton days, inclusive). Pure, so the page shows
 * exactly what the server stores and a test can read both ways.
 */
import { TZDate } from "@date-fns/tz";
import { SITE_TIME_ZONE } from "./dates";
import { WEEKDAYS } from "./dates";
import { AVAILABILITY_BOUNDS, type Availability, type TimeRange, type WeeklyHours, clockMinutes } from "./showing-slots";

export const AVAILABILITY_NUMBERS = ["lengthMinutes", "bufferMinutes", "aheadDays", "noticeMinutes"] as const;

/** The text of each weekday's field. */
export function weekdayHoursText(weekly: readonly WeeklyHours[]): Record<string, string> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      weekly
        .filter((h) => h.days.includes(day))
        .map((h) => `${h.opens}-${h.closes}`)
        .join(", "),
    ]),
  );
}

const dayKey = (at: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** Time off as the textarea shows it. */
export function timeOffText(timeOff: readonly TimeRange[]): string {
  return timeOff
    .map((r) => {
      const first = dayKey(Date.parse(r.start));
      const last = dayKey(Date.parse(r.end) - 1);
      return first === last ? first : `${first} to ${last}`;
    })
    .join("\n");
}

function edmontonMidnight(day: string, plus = 0): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const at = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plus, 0, 0, 0, SITE_TIME_ZONE).getTime();
  return Number.isFinite(at) ? at : null;
}

export type AvailabilityParse = { ok: true; availability: Availability } | { ok: false; message: string };

/** The form's fields read as an availability, or the first problem in words. */
export function readAvailabilityForm(fields: Record<string, string | undefined>): AvailabilityParse {
  const numbers: Partial<Record<(typeof AVAILABILITY_NUMBERS)[number], number>> = {};
  const names = {
    lengthMinutes: "The showing length",
    bufferMinutes: "The buffer",
    aheadDays: "How far ahead",
    noticeMinutes: "The shortest notice",
  };
  for (const key of AVAILABILITY_NUMBERS) {
    const text = (fields[key] ?? "").trim();
    const [min, max] = AVAILABILITY_BOUNDS[key];
    const value = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) return { ok: false, message: `${names[key]} must be a whole number from ${min} to ${max}.` };
    numbers[key] = value;
  }
  const weekly: WeeklyHours[] = [];
  for (const day of WEEKDAYS) {
    const text = (fields[`hours-${day}`] ?? "").trim();
    if (!text) continue;
    for (const part of text.split(/\s*,\s*/)) {
      const m = /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(part);
      const opens = m ? clockMinutes(m[1]!) : null;
      const closes = m ? clockMinutes(m[2]!) : null;
      if (!m || opens == null || closes == null || closes <= opens)
        return { ok: false, message: `${day}'s hours must read like 09:00-17:00 (several separated by commas), or be empty.` };
      const pad = (t: string) => t.padStart(5, "0");
      weekly.push({ days: [day], opens: pad(m[1]!), closes: pad(m[2]!) });
    }
  }
  const timeOff: TimeRange[] = [];
  const lines = (fields.timeOff ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 100) return { ok: false, message: "At most 100 lines of time off." };
  for (const line of lines) {
    const m = /^(\d{4}-\d{2}-\d{2})(?:\s+to\s+(\d{4}-\d{2}-\d{2}))?$/.exec(line);
    const start = m ? edmontonMidnight(m[1]!) : null;
    const end = m ? edmontonMidnight(m[2] ?? m[1]!, 1) : null;
    if (start == null || end == null || end <= start)
      return { ok: false, message: `Time off "${line.slice(0, 40)}" must read like 2026-12-24 or 2026-12-24 to 2026-12-26.` };
    timeOff.push({ start: new Date(start).toISOString(), end: new Date(end).toISOString() });
  }
  return {
    ok: true,
    availability: {
      lengthMinutes: numbers.lengthMinutes!,
      bufferMinutes: numbers.bufferMinutes!,
      aheadDays: numbers.aheadDays!,
      noticeMinutes: numbers.noticeMinutes!,
      weekly,
      timeOff,
    },
  };
}
