import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  it("writes the date as Intl.DateTimeFormat does in en-US (long month, UTC)", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 11, 31) }), (ms) => {
        const iso = new Date(ms).toISOString().slice(0, 10);
        expect(formatLongDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
      }),
      { numRuns: 2000 },
    );
    expect(formatLongDate("2025-01-04")).toBe("January 4, 2025");
    expect(formatLongDate("2025-07-08")).toBe("July 8, 2025");
  });
});
