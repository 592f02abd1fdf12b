import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "~/lib/dates";
import { openHouseSamples, sampleOpenHouses } from "./open-houses";

const isoDay = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2060, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));

describe("the sample open houses", () => {
  it("are the six of spec §2, with every field", () => {
    const samples = sampleOpenHouses("2026-11-24");
    expect(samples).toHaveLength(6);
    expect(samples.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const s of samples) {
      expect(Object.keys(s).sort()).toEqual(["address", "baths", "beds", "date", "id", "image", "price", "sqft", "time"]);
      expect(s.address).toMatch(/^Sample home, /);
    }
  });

  it("fall on the next two weekends, never on a day that has passed or has begun", () => {
    fc.assert(
      fc.property(isoDay, (today) => {
        const samples = sampleOpenHouses(today);
        const dates = samples.map((s) => s.date);
        expect([...dates].sort()).toEqual(dates);
        for (const date of dates) {
          expect(date > today).toBe(true);
          expect([0, 6]).toContain(weekdayOf(date));
          expect(date <= addDays(today, 15)).toBe(true);
        }
        // Two weekends: the first four on one, the last two a week later.
        expect(addDays(dates[0]!, 7)).toBe(dates[4]);
        expect(addDays(dates[2]!, 7)).toBe(dates[5]);
      }),
    );
  });

  it("keep the samples' order and days: Saturday, Saturday, Sunday, Sunday, then the next Saturday and Sunday", () => {
    // Tuesday, November 24, 2026.
    expect(sampleOpenHouses("2026-11-24").map((s) => s.date)).toEqual([
      "2026-11-28",
      "2026-11-28",
      "2026-11-29",
      "2026-11-29",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(openHouseSamples.map((s) => s.day)).toEqual(["Saturday", "Saturday", "Sunday", "Sunday", "Saturday", "Sunday"]);
  });
});
