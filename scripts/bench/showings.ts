/**
 * "Book a showing" (issue 44): the server time of a listing's booking page's slots with a busy
 * calendar of BENCH_SHOWINGS_BUSY events (default 500) and 60 showings held, in-process on PGlite
 * (no build needed). Each iteration does what the page's loader does for its slots: the agent's
 * settings (with the stored busy times) and the held showings read from the database, the free
 * slots worked out, grouped and labelled. Measured: p50, p99 and max over 300 iterations; and,
 * once, the calendar job's parse of that iCalendar file (recurring events expanded) with ical.js.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../platform/db/database";
import { slotDays } from "../../app/lib/showing-slots";
import { busyTimesOf } from "../../app/lib/server/showings/busy-times.server";
import { bookShowing } from "../../app/lib/server/showings/book.server";
import { offerNow } from "../../app/lib/server/showings/offer.server";
import { recordCalendarFetch, saveAvailability, saveCalendarUrl } from "../../app/lib/server/showings/settings.server";
import { DEFAULT_AVAILABILITY } from "../../app/lib/showing-slots";
import { type Stats, stats } from "./stats";

export interface ShowingsBenchResult {
  busyEvents: number;
  busyIntervals: number;
  parseMs: number;
  slots: number;
  page: Stats;
}

/** An agent's week: `events` events, one in ten a weekly recurring one (two with an exception), spread over the next 8 days. */
export function busyCalendar(events: number, now: Date): string {
  const stamp = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Bench//Busy//EN"];
  for (let i = 0; i < events; i++) {
    const start = now.getTime() + ((i * 7919) % (8 * 24 * 60)) * 60_000;
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${i}@bench`,
      `DTSTAMP:${stamp(now.getTime())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(start + 20 * 60_000)}`,
    );
    if (i % 10 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=20");
    lines.push("END:VEVENT");
    if (i % 250 === 0)
      lines.push(
        "BEGIN:VEVENT",
        `UID:bench-${i}@bench`,
        `DTSTAMP:${stamp(now.getTime())}`,
        `RECURRENCE-ID:${stamp(start + 7 * 86_400_000)}`,
        `DTSTART:${stamp(start + 7 * 86_400_000 + 3_600_000)}`,
        `DTEND:${stamp(start + 7 * 86_400_000 + 4_800_000)}`,
        "END:VEVENT",
      );
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n");
}

export async function benchShowings(busyEvents: number): Promise<ShowingsBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-showings-"));
  const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  try {
    const now = new Date();
    const text = busyCalendar(busyEvents, now);
    const parseStarted = performance.now();
    const busy = busyTimesOf(text, now, new Date(now.getTime() + 70 * 86_400_000));
    const parseMs = performance.now() - parseStarted;
    await saveAvailability(db, { ...DEFAULT_AVAILABILITY, aheadDays: 14 });
    await saveCalendarUrl(db, "https://calendar.example/private.ics");
    await recordCalendarFetch(db, "https://calendar.example/private.ics", { busy });
    // 60 showings held, on slots the page offers.
    const listing = { key: "B1", address: "1 Bench St, Edmonton", mlsNumber: null, path: "/listings/B1-1-bench-st" };
    const offered = (await offerNow(db, now)).slots;
    for (let i = 0; i < Math.min(60, offered.length); i += 1) {
      const slot = new Date(offered[(i * 3) % offered.length]!).toISOString();
      await bookShowing(db, { name: `Buyer ${i}`, email: `b${i}@example.com`, phone: "780-555-0100", note: "", slot }, listing, 30, now);
    }
    const waits: number[] = [];
    let slots = 0;
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      const offer = await offerNow(db, now);
      slots = slotDays(offer.slots).reduce((n, d) => n + d.slots.length, 0);
      waits.push(performance.now() - started);
    }
    return {
      busyEvents,
      busyIntervals: busy.length,
      parseMs,
      slots,
      page: stats(waits),
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printShowings(r: ShowingsBenchResult): boolean {
  const f = (n: number) => n.toFixed(2);
  console.log(
    `Busy calendar: ${r.busyEvents} events (one in ten weekly, with exceptions) -> ${r.busyIntervals} busy times; parsed in ${f(r.parseMs)} ms`,
  );
  console.log(
    `Slots of a booking page (${r.slots} free, 60 held): p50 ${f(r.page.p50)} ms, p99 ${f(r.page.p99)} ms, max ${f(r.page.max)} ms over ${r.page.count} (target p99 ≤ 30 ms)`,
  );
  return r.page.p99 <= 30;
}
