import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GST_REBATE_FULL_UP_TO, GST_REBATE_MAX, GST_REBATE_PHASE_OUT_END, gstOnPrice, gstRebate, gstRebateBand } from "./gst-rebate";

describe("first-time home buyers' GST rebate", () => {
  it.each([
    [400_000, 20_000],
    [600_000, 30_000],
    [800_000, 40_000],
    [1_000_000, 50_000],
    [1_100_000, 40_000],
    [1_250_000, 25_000],
    [1_400_000, 10_000],
    [1_499_990, 1],
    [1_500_000, 0],
    [2_000_000, 0],
    [333_333, 16_666.65],
  ])("on a $%d new home is $%d", (price, rebate) => {
    expect(gstRebate(price)).toBe(rebate);
  });

  it("is 0 for invalid prices", () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(gstRebate(bad)).toBe(0);
  });

  it("bands: full to $1M, partial below $1.5M, none from there", () => {
    expect(gstRebateBand(1_000_000)).toBe("full");
    expect(gstRebateBand(1_000_001)).toBe("partial");
    expect(gstRebateBand(1_500_000)).toBe("none");
  });

  it("the GST is 5 % of the price", () => {
    expect(gstOnPrice(600_000)).toBe(30_000);
    expect(gstOnPrice(1e308)).toBe(0);
  });

  it("is bounded by the GST paid and by $50,000, and never non-finite", () => {
    fc.assert(
      fc.property(fc.double(), (price) => {
        const rebate = gstRebate(price);
        expect(Number.isFinite(rebate)).toBe(true);
        expect(rebate).toBeGreaterThanOrEqual(0);
        expect(rebate).toBeLessThanOrEqual(GST_REBATE_MAX);
        if (Number.isFinite(price) && price > 0 && price <= 1e9) expect(rebate).toBeLessThanOrEqual(gstOnPrice(price));
      }),
    );
  });

  it("is non-decreasing up to $1M and non-increasing above it", () => {
    const below = fc.double({ min: 0, max: GST_REBATE_FULL_UP_TO, noNaN: true });
    const above = fc.double({ min: GST_REBATE_FULL_UP_TO, max: GST_REBATE_PHASE_OUT_END * 2, noNaN: true });
    fc.assert(
      fc.property(below, below, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(gstRebate(hi)).toBeGreaterThanOrEqual(gstRebate(lo));
      }),
    );
    fc.assert(
      fc.property(above, above, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(gstRebate(hi)).toBeLessThanOrEqual(gstRebate(lo));
      }),
    );
  });
});
