import { describe, expect, it } from "vitest";
import { firstWeekdayOf, homeReportMonth, nextHomeReportAt } from "./alert-schedule";

// Edmonton is UTC-7 in winter (MST), UTC-6 in summer (MDT).
describe("the home report's moment: the first weekday of the month, 7:00 Edmonton", () => {
  it("finds the first Monday-to-Friday day", () => {
    expect(firstWeekdayOf("2026-12-15")).toBe("2026-12-01"); // a Tuesday
    expect(firstWeekdayOf("2026-11-29")).toBe("2026-11-02"); // the 1st is a Sunday
    expect(firstWeekdayOf("2026-08-20")).toBe("2026-08-03"); // the 1st is a Saturday
  });

  it("is due from 7:00 Edmonton of that day to the month's end, not before", () => {
    expect(homeReportMonth(new Date("2026-12-01T13:59:00Z"))).toBeNull(); // 6:59 MST
    expect(homeReportMonth(new Date("2026-12-01T14:00:00Z"))).toBe("2026-12"); // 7:00 MST
    expect(homeReportMonth(new Date("2026-12-31T23:00:00Z"))).toBe("2026-12");
    // Late on the last day in Edmonton is already the next month in UTC, whose report is not yet due.
    expect(homeReportMonth(new Date("2027-01-01T06:00:00Z"))).toBe("2026-12");
    expect(homeReportMonth(new Date("2026-08-01T15:00:00Z"))).toBeNull(); // a Saturday
    expect(homeReportMonth(new Date("2026-08-03T12:59:00Z"))).toBeNull(); // 6:59 MDT on Monday
    expect(homeReportMonth(new Date("2026-08-03T13:00:00Z"))).toBe("2026-08"); // 7:00 MDT
  });

  it("names the next moment across a change of clocks", () => {
    expect(nextHomeReportAt(new Date("2026-11-29T12:00:00Z")).toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(nextHomeReportAt(new Date("2026-12-01T13:00:00Z")).toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(nextHomeReportAt(new Date("2026-12-01T14:00:00Z")).toISOString()).toBe("2027-01-01T14:00:00.000Z");
    // March 2027: clocks go forward on the 14th; April's first weekday is Thursday the 1st, in MDT.
    expect(nextHomeReportAt(new Date("2027-03-10T12:00:00Z")).toISOString()).toBe("2027-04-01T13:00:00.000Z");
  });
});
