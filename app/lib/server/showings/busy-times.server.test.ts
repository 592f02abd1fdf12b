import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY, offeredSlots } from "~/lib/showing-slots";
import { busyTimesOf } from "./busy-times.server";
import { EDMONTON_VTIMEZONE } from "./ics.server";

// A daily 10:00-11:00 meeting in Edmonton time from Friday 2026-03-06 across the spring change
// (Sunday 2026-03-08), with Monday's moved to 14:00-15:00 and Saturday's cancelled by EXDATE;
// a transparent event (free) and an event in UTC. The VTIMEZONE is the one the site writes.
const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Busy//EN",
  EDMONTON_VTIMEZONE,
  "BEGIN:VEVENT",
  "UID:daily@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART;TZID=America/Edmonton:20260306T100000",
  "DTEND;TZID=America/Edmonton:20260306T110000",
  "RRULE:FREQ=DAILY;COUNT=5",
  "EXDATE;TZID=America/Edmonton:20260307T100000",
  "SUMMARY:Team meeting",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:daily@test",
  "DTSTAMP:20260301T000000Z",
  "RECURRENCE-ID;TZID=America/Edmonton:20260309T100000",
  "DTSTART;TZID=America/Edmonton:20260309T140000",
  "DTEND;TZID=America/Edmonton:20260309T150000",
  "SUMMARY:Team meeting (moved)",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:free@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART;TZID=America/Edmonton:20260306T120000",
  "DTEND;TZID=America/Edmonton:20260306T130000",
  "TRANSP:TRANSPARENT",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:utc@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART:20260306T230000Z",
  "DTEND:20260306T233000Z",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

const iso = (ms: number) => new Date(ms).toISOString();

describe("busyTimesOf", () => {
  const busy = busyTimesOf(CALENDAR, new Date("2026-03-01T00:00:00Z"), new Date("2026-03-31T00:00:00Z"));

  it("expands the recurrence in Edmonton time across the spring change, with its exception and EXDATE", () => {
    expect(busy.map((b) => [iso(b.start), iso(b.end)])).toEqual([
      ["2026-03-06T17:00:00.000Z", "2026-03-06T18:00:00.000Z"], // Friday 10:00 MST
      ["2026-03-06T23:00:00.000Z", "2026-03-06T23:30:00.000Z"], // the UTC event
      ["2026-03-08T16:00:00.000Z", "2026-03-08T17:00:00.000Z"], // Sunday 10:00 MDT
      ["2026-03-09T20:00:00.000Z", "2026-03-09T21:00:00.000Z"], // Monday's, moved to 14:00 MDT
      ["2026-03-10T16:00:00.000Z", "2026-03-10T17:00:00.000Z"], // Tuesday 10:00 MDT
    ]);
  });

  it("keeps the offered slots off every busy time, and no others", () => {
    const slots = offeredSlots(DEFAULT_AVAILABILITY, { now: new Date("2026-03-06T06:00:00-07:00"), busy }).map(iso);
    for (const taken of ["2026-03-06T17:00:00.000Z", "2026-03-06T17:30:00.000Z", "2026-03-08T16:00:00.000Z", "2026-03-09T20:00:00.000Z"])
      expect(slots).not.toContain(taken);
    // Saturday's was cancelled, Monday's morning one moved away, the transparent lunch is free.
    for (const free of ["2026-03-07T17:00:00.000Z", "2026-03-09T16:00:00.000Z", "2026-03-06T19:00:00.000Z"]) expect(slots).toContain(free);
  });

  it("refuses a text that is not iCalendar", () => {
    expect(() => busyTimesOf("<html>not a calendar</html>", new Date(), new Date())).toThrow();
  });
});
