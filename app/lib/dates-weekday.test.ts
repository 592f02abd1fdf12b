/**
 * The open houses' day and hours formatters and the weekend arithmetic (dates.ts). Apart from
 * dates.test.ts, which holds the long-date and Edmonton-day tests.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatClockTime, formatTimeRange, formatWeekdayDate, nextSaturdayAfter, weekdayOf } from "./dates";

const isoDay = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));

describe("formatWeekdayDate", () => {
  it("writes the day as Intl.DateTimeFormat does in en-US (weekday, long month, day)", () => {
    const intl = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
    fc.assert(
      fc.property(isoDay, (iso) => {
        expect(formatWeekdayDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }),
      { numRuns: 2000 },
    );
    expect(formatWeekdayDate("2026-11-28")).toBe("Saturday, November 28");
  });
});

describe("formatClockTime and formatTimeRange", () => {
  it("write 24-hour times on the 12-hour clock, as Intl does in en-US", () => {
    const intl = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    for (let h = 0; h < 24; h++) {
      for (const m of [0, 5, 30, 59]) {
        const hhmm = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
        expect(formatClockTime(hhmm)).toBe(intl.format(new Date(Date.UTC(2026, 0, 1, h, m))).replace(/\u202f/g, " "));
      }
    }
    expect(formatClockTime("13:00:00")).toBe("1:00 PM");
  });

  it("give nothing for what is not a time", () => {
    for (const bad of ["", "1pm", "24:00", "12:60", "noon", "13"]) expect(formatClockTime(bad)).toBeNull();
  });

  it("write the hours with what the feed gave", () => {
    expect(formatTimeRange("13:00", "15:00")).toBe("1:00 PM – 3:00 PM");
    expect(formatTimeRange("11:30", "12:15")).toBe("11:30 AM – 12:15 PM");
    expect(formatTimeRange("13:00", null)).toBe("From 1:00 PM");
    expect(formatTimeRange(null, "15:00")).toBe("Until 3:00 PM");
    expect(formatTimeRange(null, null)).toBeNull();
    expect(formatTimeRange("late", "never")).toBeNull();
  });
});

describe("weekend arithmetic", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-11-28", 1)).toBe("2026-11-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(weekdayOf("2026-11-28")).toBe(6);
  });

  it("the next Saturday is always a Saturday, after today and within a week", () => {
    fc.assert(
      fc.property(isoDay, (today) => {
        const saturday = nextSaturdayAfter(today);
        expect(weekdayOf(saturday)).toBe(6);
        expect(saturday > today).toBe(true);
        expect(saturday <= addDays(today, 7)).toBe(true);
      }),
    );
    expect(nextSaturdayAfter("2026-11-27")).toBe("2026-11-28"); // a Friday: tomorrow
    expect(nextSaturdayAfter("2026-11-28")).toBe("2026-12-05"); // a Saturday: the weekend has started
    expect(nextSaturdayAfter("2026-11-29")).toBe("2026-12-05"); // a Sunday
  });
});
