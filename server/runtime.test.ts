import { describe, expect, it } from "vitest";
import { durationText } from "./runtime";

describe("durationText (the start-up log's intervals)", () => {
  it("says each interval in the unit that reads right", () => {
    expect(durationText(10_000)).toBe("10 s");
    expect(durationText(90_000)).toBe("90 s");
    expect(durationText(900_000)).toBe("15 min");
    expect(durationText(150_000)).toBe("150 s");
    expect(durationText(3_600_000)).toBe("1 h");
    expect(durationText(5_400_000)).toBe("1 h 30 min");
  });
});
