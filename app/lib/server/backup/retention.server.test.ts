import { describe, expect, it } from "vitest";
import { backupsToKeep } from "./retention.server";

/** 3:00 MST (10:00Z) on each of `days` days before 2026-12-31. */
const daily = (days: number) => Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 11, 31 - i, 10)));

describe("the retention of backups", () => {
  it("keeps the last 7 daily and the newest of each of the last 8 weeks (Monday to Sunday, Edmonton)", () => {
    const all = daily(90);
    const kept = [...backupsToKeep(all)].sort((a, b) => b - a).map((t) => new Date(t).toISOString().slice(0, 10));
    // Dec 31 2026 is a Thursday: the 7 newest days, then each earlier week's Sunday.
    expect(kept).toEqual([
      "2026-12-31",
      "2026-12-30",
      "2026-12-29",
      "2026-12-28",
      "2026-12-27",
      "2026-12-26",
      "2026-12-25",
      "2026-12-20",
      "2026-12-13",
      "2026-12-06",
      "2026-11-29",
      "2026-11-22",
      "2026-11-15",
    ]);
  });

  it("keeps the newest of a day with several, and counts days by Edmonton's calendar", () => {
    // 23:30 MST on Dec 30 is Dec 31 in UTC, but still Dec 30 in Edmonton.
    const late = new Date("2026-12-31T06:30:00Z");
    const early = new Date("2026-12-30T10:00:00Z");
    const manual = new Date("2026-12-31T18:00:00Z");
    const kept = backupsToKeep([early, late, manual]);
    expect(kept).toEqual(new Set([late.getTime(), manual.getTime()]));
  });

  it("keeps everything while there are fewer than 7 days", () => {
    const all = daily(5);
    expect(backupsToKeep(all).size).toBe(5);
  });
});
