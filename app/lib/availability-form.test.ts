import { describe, expect, it } from "vitest";
import { readAvailabilityForm, timeOffText, weekdayHoursText } from "./availability-form";
import { DEFAULT_AVAILABILITY } from "./showing-slots";

const base = { lengthMinutes: "30", bufferMinutes: "10", aheadDays: "7", noticeMinutes: "120" };

describe("the availability form", () => {
  it("shows the site's hours by default and reads them back the same", () => {
    const text = weekdayHoursText(DEFAULT_AVAILABILITY.weekly);
    expect(text.Monday).toBe("09:00-18:00");
    expect(text.Sunday).toBe("10:00-16:00");
    const fields = { ...base, ...Object.fromEntries(Object.entries(text).map(([d, v]) => [`hours-${d}`, v])) };
    const read = readAvailabilityForm(fields);
    expect(read.ok && weekdayHoursText(read.availability.weekly)).toEqual(text);
  });

  it("reads time off as whole Edmonton days, across the autumn change", () => {
    const read = readAvailabilityForm({ ...base, timeOff: "2026-10-31 to 2026-11-01\n2026-12-25" });
    if (!read.ok) throw new Error(read.message);
    expect(read.availability.timeOff).toEqual([
      { start: "2026-10-31T06:00:00.000Z", end: "2026-11-02T07:00:00.000Z" },
      { start: "2026-12-25T07:00:00.000Z", end: "2026-12-26T07:00:00.000Z" },
    ]);
    expect(timeOffText(read.availability.timeOff)).toBe("2026-10-31 to 2026-11-01\n2026-12-25");
  });

  it("refuses numbers out of bounds, hours that do not read and time off that is not a date", () => {
    expect(readAvailabilityForm({ ...base, lengthMinutes: "5" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("15 to 180"),
    });
    expect(readAvailabilityForm({ ...base, "hours-Monday": "18:00-09:00" })).toMatchObject({ ok: false });
    expect(readAvailabilityForm({ ...base, timeOff: "next week" })).toMatchObject({ ok: false });
  });
});
