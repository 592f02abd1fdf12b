import { describe, expect, it } from "vitest";
import { dueAt, lastMailTime } from "./alert-schedule";
import { edmontonDate, weekdayOf } from "./dates";
import { wallClockOf } from "./working-hours";

const at = (iso: string) => new Date(iso);

describe("when an alert is due", () => {
  it("is at once for instant alerts", () => {
    expect(dueAt("instant", at("2026-11-25T15:00:00Z"))).toEqual(at("2026-11-25T15:00:00Z"));
  });

  it("is the next 7:00 in Edmonton for daily alerts, across both daylight-saving changes", () => {
    // Wednesday November 25, 2026, 06:59 MST (13:59Z): the same morning, 07:00 MST = 14:00Z.
    expect(dueAt("daily", at("2026-11-25T13:59:00Z"))).toEqual(at("2026-11-25T14:00:00Z"));
    // At 7:00 itself, and after it: the next morning.
    expect(dueAt("daily", at("2026-11-25T14:00:00Z"))).toEqual(at("2026-11-26T14:00:00Z"));
    // Saturday October 31, 20:00 MDT; clocks fall back Sunday 02:00: Sunday's 7:00 is MST (14:00Z).
    expect(dueAt("daily", at("2026-11-01T02:00:00Z"))).toEqual(at("2026-11-01T14:00:00Z"));
    // Saturday March 7, 2026, 20:00 MST; clocks spring forward Sunday: Sunday's 7:00 is MDT (13:00Z).
    expect(dueAt("daily", at("2026-03-08T03:00:00Z"))).toEqual(at("2026-03-08T13:00:00Z"));
  });

  it("is the next Saturday 7:00 in Edmonton for weekly alerts", () => {
    // Wednesday November 25, 2026 → Saturday November 28, 07:00 MST.
    expect(dueAt("weekly", at("2026-11-25T18:00:00Z"))).toEqual(at("2026-11-28T14:00:00Z"));
    // Saturday before 7:00: that morning; at or after it: a week later.
    expect(dueAt("weekly", at("2026-11-28T13:00:00Z"))).toEqual(at("2026-11-28T14:00:00Z"));
    expect(dueAt("weekly", at("2026-11-28T14:00:00Z"))).toEqual(at("2026-12-05T14:00:00Z"));
    // Friday October 30, 2026 (MDT) → Saturday October 31, 07:00 MDT (13:00Z), the day before the change.
    expect(dueAt("weekly", at("2026-10-30T18:00:00Z"))).toEqual(at("2026-10-31T13:00:00Z"));
    // Sunday November 1 (MST now) → Saturday November 7, 07:00 MST.
    expect(dueAt("weekly", at("2026-11-01T18:00:00Z"))).toEqual(at("2026-11-07T14:00:00Z"));
  });
});

describe("lastMailTime", () => {
  it("is a 7:00 (a Saturday's for weekly) at or before now, and every row due by now was made at or before it", () => {
    const start = Date.parse("2026-10-28T00:00:00Z");
    // Over the change back to standard time (2026-11-01): every 97 minutes for two weeks, rows made every 61 minutes.
    for (let now = start + 8 * 86_400_000; now < start + 22 * 86_400_000; now += 97 * 60_000) {
      for (const frequency of ["daily", "weekly"] as const) {
        const last = lastMailTime(frequency, new Date(now));
        expect(last.getTime()).toBeLessThanOrEqual(now);
        expect(wallClockOf(last)).toBe("07:00");
        if (frequency === "weekly") expect(weekdayOf(edmontonDate(last))).toBe(6);
        for (let made = now - 9 * 86_400_000; made <= now; made += 61 * 60_000) {
          if (dueAt(frequency, new Date(made)).getTime() <= now)
            expect(made, `${frequency} row made ${new Date(made).toISOString()}, now ${new Date(now).toISOString()}`).toBeLessThanOrEqual(
              last.getTime(),
            );
        }
      }
    }
  });
});
