import { describe, expect, it } from "vitest";
import { formatWhen } from "./inbox-ui";

describe("inbox times (Edmonton)", () => {
  it("uses Mountain Standard Time in winter and Daylight Time in summer", () => {
    expect(formatWhen(new Date("2026-11-23T04:51:00Z"))).toBe("Nov 22, 2026, 9:51 p.m.");
    expect(formatWhen(new Date("2026-07-01T18:05:00Z"))).toBe("Jul 1, 2026, 12:05 p.m.");
  });

  it("changes at 2:00 local on the second Sunday of March and the first Sunday of November", () => {
    // 2026: March 8 and November 1.
    expect(formatWhen(new Date("2026-03-08T08:59:00Z"))).toBe("Mar 8, 2026, 1:59 a.m.");
    expect(formatWhen(new Date("2026-03-08T09:00:00Z"))).toBe("Mar 8, 2026, 3:00 a.m.");
    expect(formatWhen(new Date("2026-11-01T07:59:00Z"))).toBe("Nov 1, 2026, 1:59 a.m.");
    expect(formatWhen(new Date("2026-11-01T08:00:00Z"))).toBe("Nov 1, 2026, 1:00 a.m.");
  });

  it("agrees with the time-zone database where it has one", () => {
    const tz = new Intl.DateTimeFormat("en-US", { timeZone: "America/Edmonton", hour: "numeric", hourCycle: "h23" });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 * 7) {
      const d = new Date(t);
      const hour = Number(tz.format(d)) % 24;
      const ours = formatWhen(d).match(/, (\d+):\d\d ([ap])\.m\.$/)!;
      expect((Number(ours[1]) % 12) + (ours[2] === "p" ? 12 : 0)).toBe(hour);
    }
  });
});
