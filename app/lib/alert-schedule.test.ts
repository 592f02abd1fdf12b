import { describe, expect, it } from "vitest";
import { dueAt } from "./alert-schedule";

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
