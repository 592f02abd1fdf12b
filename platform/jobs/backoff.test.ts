import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

// The pause of the job runner after a failure: exponential backoff with jitter.

describe("backoffDelay", () => {
  it("stays within 20 % of the doubled delay, capped, whatever the randomness", () => {
    for (let failures = 1; failures <= 12; failures++) {
      const exponential = Math.min(60_000, 1_000 * 2 ** (failures - 1));
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(failures, 1_000, 60_000);
        expect(d).toBeGreaterThanOrEqual(Math.floor(exponential * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(exponential * 1.2));
      }
    }
    // The jitter really spreads the delays.
    expect(new Set(Array.from({ length: 50 }, () => backoffDelay(3, 1_000, 60_000))).size).toBeGreaterThan(10);
  });
});
