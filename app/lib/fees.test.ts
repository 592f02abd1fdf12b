import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { landTitleFees, landTitleTransferFee, mortgageRegistrationFee } from "./fees";

describe("Alberta land titles fees ($50 + $5 per $5,000 or portion)", () => {
  it.each([
    [0, 50],
    [1, 55],
    [5_000, 55],
    [5_000.01, 60],
    [10_000, 60],
    [450_000, 500],
    [450_001, 505],
  ])("transfer fee on %d is $%d", (value, fee) => {
    expect(landTitleTransferFee(value)).toBe(fee);
  });

  it("registers a mortgage the same way, and no mortgage costs nothing", () => {
    expect(mortgageRegistrationFee(360_000)).toBe(410);
    expect(mortgageRegistrationFee(0)).toBe(0);
  });

  // Hidden-costs article examples with an 80 % mortgage, worked by hand:
  //   $300k: (50 + 5·60) + (50 + 5·48) = 350 + 290 = 640
  //   $450k: (50 + 5·90) + (50 + 5·72) = 500 + 410 = 910
  //   $600k: (50 + 5·120) + (50 + 5·96) = 650 + 530 = 1,180  (the article says 1,185: the rule wins)
  //   $800k: (50 + 5·160) + (50 + 5·128) = 850 + 690 = 1,540
  it.each([
    [300_000, 350, 290, 640],
    [450_000, 500, 410, 910],
    [600_000, 650, 530, 1_180],
    [800_000, 850, 690, 1_540],
  ])("a $%d home with an 80 %% mortgage: transfer %d + mortgage %d = %d", (price, transfer, mortgage, total) => {
    expect(landTitleFees({ price, mortgage: price * 0.8 })).toEqual({ transfer, mortgage, total });
  });

  it("does not tip into the next $5,000 step on floating-point noise", () => {
    expect(landTitleTransferFee(0.1 * 3 * 1_500_000)).toBe(500); // 450,000.00000000006
  });

  it("gives 0 for invalid amounts rather than NaN", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2e9]) {
      expect(landTitleTransferFee(bad)).toBe(0);
      expect(mortgageRegistrationFee(bad)).toBe(0);
    }
  });

  it("fees are non-decreasing in the amount, finite, and at most $5 more per $5,000", () => {
    const amount = fc.double({ min: 0, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(landTitleTransferFee(hi)).toBeGreaterThanOrEqual(landTitleTransferFee(lo));
        expect(mortgageRegistrationFee(hi)).toBeGreaterThanOrEqual(mortgageRegistrationFee(lo));
        const fee = landTitleTransferFee(hi);
        expect(Number.isFinite(fee)).toBe(true);
        expect(fee).toBeLessThanOrEqual(50 + 5 * (hi / 5000 + 1));
        // Values are dollars and cents: a fraction of a cent is no portion of $5,000.
        expect(fee).toBeGreaterThanOrEqual(50 + 5 * (Math.round(hi * 100) / 100 / 5000) - 1e-6);
      }),
    );
  });

  it("the total is always the sum of its parts and finite for any input", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (price, mortgage) => {
        const fees = landTitleFees({ price, mortgage });
        expect(fees.total).toBe(fees.transfer + fees.mortgage);
        expect(Number.isFinite(fees.total)).toBe(true);
      }),
    );
  });
});
