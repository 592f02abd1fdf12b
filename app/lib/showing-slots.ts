/**
 * The showing times a buyer may pick (issue 44): the agent's weekly hours, cut into showings of
 * the chosen length with the buffer between them, from the shortest notice to how far ahead
 * buyers may book, minus time off, the agent's own busy times and the showings already held.
 *
 * Wall times become instants through @date-fns/tz's TZDate (the zone's rules from Intl), never by
 * adding a fixed offset: the day of each daylight-saving change is 23 or 25 hours long, and a
 * slot's start is the instant Edmonton's clocks show it. Pure: the loader, the booking's check and
 * the bench call it with the same inputs.
 */
import { TZDate } from "@date-fns/tz";
import { site } from "~/content/site";
import { SITE_TIME_ZONE, WEEKDAYS } from "./dates";
import { instantOf } from "./working-hours";

export interface WeeklyHours {
  readonly days: readonly string[];
  /** "HH:MM", 24-hour, Edmonton time. */
  readonly opens: string;
  readonly closes: string;
}

/** An agent's time off or a busy time: [start, end) as ISO instants. */
export interface TimeRange {
  readonly start: string;
  readonly end: string;
}

export interface Availability {
  lengthMinutes: number;
  bufferMinutes: number;
  aheadDays: number;
  noticeMinutes: number;
  weekly: readonly WeeklyHours[];
  timeOff: readonly TimeRange[];
}

/** [start, end) in milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/** The bounds the Account page's form accepts (a showing of 5 hours or a year ahead is a typo). */
export const AVAILABILITY_BOUNDS = {
  lengthMinutes: [15, 180],
  bufferMinutes: [0, 120],
  aheadDays: [1, 60],
  noticeMinutes: [0, 7 * 24 * 60],
} as const;

/** Issue 44's defaults: 30-minute showings, no buffer, a week ahead, two hours' notice, the site's opening hours. */
export const DEFAULT_AVAILABILITY: Availability = {
  lengthMinutes: 30,
  bufferMinutes: 0,
  aheadDays: 7,
  noticeMinutes: 120,
  weekly: site.openingHours.map(({ days, opens, closes }) => ({ days, opens, closes })),
  timeOff: [],
};

const MINUTE = 60_000;

export function clockMinutes(time: string): number | null {
  const match = /^([01]?\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

function overlaps(start: number, end: number, list: readonly Interval[]): boolean {
  for (const i of list) if (i.start < end && i.end > start) return true;
  return false;
}

export function intervalsOf(ranges: readonly TimeRange[]): Interval[] {
  return ranges
    .map((r) => ({ start: Date.parse(r.start), end: Date.parse(r.end) }))
    .filter((i) => Number.isFinite(i.start) && Number.isFinite(i.end) && i.end > i.start);
}

export interface SlotInputs {
  now: Date;
  /** The agent's own calendar's busy times. */
  busy?: readonly Interval[];
  /** The showings already held (requested or confirmed). */
  held?: readonly Interval[];
}

/**
 * Every free slot's start, earliest first. A slot is offered when it starts no sooner than the
 * notice and no later than `aheadDays` from now, ends by its window's closing, and neither it nor
 * the buffer around it touches time off, a busy time or a held showing.
 */
export function offeredSlots(a: Availability, { now, busy = [], held = [] }: SlotInputs): number[] {
  const length = a.lengthMinutes * MINUTE;
  const buffer = a.bufferMinutes * MINUTE;
  const step = length + buffer;
  const earliest = now.getTime() + a.noticeMinutes * MINUTE;
  const latest = now.getTime() + a.aheadDays * 24 * 60 * MINUTE;
  // Only the intervals in reach are compared with each slot.
  const near = (list: readonly Interval[]) => list.filter((i) => i.end > earliest - buffer && i.start < latest + length + buffer);
  const blocked = [...near(intervalsOf(a.timeOff)), ...near(busy), ...near(held)];
  const today = new TZDate(now.getTime(), SITE_TIME_ZONE);
  const slots: number[] = [];
  for (let day = 0; day <= a.aheadDays; day++) {
    const weekday = WEEKDAYS[(today.getDay() + day) % 7]!;
    for (const hours of a.weekly) {
      if (!hours.days.includes(weekday)) continue;
      const opens = clockMinutes(hours.opens);
      const closes = clockMinutes(hours.closes);
      if (opens == null || closes == null || closes <= opens) continue;
      const from = instantOf(today, day, opens);
      const to = instantOf(today, day, closes);
      for (let start = from; start + length <= to; start += step) {
        if (start < earliest || start > latest) continue;
        if (overlaps(start - buffer, start + length + buffer, blocked)) continue;
        slots.push(start);
      }
    }
  }
  return [...new Set(slots)].sort((x, y) => x - y);
}

/** One day of slots as the booking page lists them: labels made on the server, values the ISO instants the form posts. */
export interface SlotDay {
  day: string;
  label: string;
  slots: { value: string; label: string }[];
}

let dayLabel: Intl.DateTimeFormat | null = null;
let timeLabel: Intl.DateTimeFormat | null = null;
let dayKey: Intl.DateTimeFormat | null = null;

/** "9:30 a.m." in Edmonton time. */
export function slotTimeLabel(at: number): string {
  timeLabel ??= new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, hour: "numeric", minute: "2-digit" });
  return timeLabel.format(at);
}

/** "Tuesday, December 1" in Edmonton time. */
export function slotDayLabel(at: number): string {
  dayLabel ??= new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, weekday: "long", month: "long", day: "numeric" });
  return dayLabel.format(at);
}

/** The slots grouped by their Edmonton day. */
export function slotDays(slots: readonly number[]): SlotDay[] {
  dayKey ??= new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  const days: SlotDay[] = [];
  for (const start of slots) {
    const day = dayKey.format(start);
    let current = days.at(-1);
    if (current?.day !== day) days.push((current = { day, label: slotDayLabel(start), slots: [] }));
    current.slots.push({ value: new Date(start).toISOString(), label: slotTimeLabel(start) });
  }
  return days;
}

/** "Tuesday, December 1 at 9:30 a.m." */
export function slotLabel(at: number): string {
  return `${slotDayLabel(at)} at ${slotTimeLabel(at)}`;
}
