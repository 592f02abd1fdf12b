import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_FIGURE, formatCurrency, formatPercent, roundCents } from "./format";

describe("formatCurrency (en-CA)", () => {
  it("shows whole dollars by default and cents on request", () => {
    expect(formatCurrency(2528.272)).toBe("$2,528");
    expect(formatCurrency(2528.272, { cents: true })).toBe("$2,528.27");
    expect(formatCurrency(2528.5)).toBe("$2,529");
    expect(formatCurrency(1_250_000)).toBe("$1,250,000");
  });

  it("never shows NaN, Infinity or -$0", () => {
    expect(formatCurrency(Number.NaN)).toBe(NO_FIGURE);
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe(NO_FIGURE);
    expect(formatCurrency(null)).toBe(NO_FIGURE);
    expect(formatCurrency(-0.001)).toBe("$0");
    expect(formatCurrency(-0.001, { cents: true })).toBe("$0.00");
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(formatCurrency(value)).not.toMatch(/NaN|Infinity|∞|-\$0$/);
      }),
    );
  });
});

describe("formatPercent", () => {
  it("drops trailing zeros", () => {
    expect(formatPercent(6.5)).toBe("6.5%");
    expect(formatPercent(20)).toBe("20%");
    expect(formatPercent(7.4567)).toBe("7.46%");
    expect(formatPercent(Number.NaN)).toBe(NO_FIGURE);
  });
});

describe("roundCents", () => {
  it("snaps binary noise to the cent", () => {
    expect(roundCents(0.05 * 333_333)).toBe(16_666.65);
    expect(roundCents(-2.345)).toBe(-2.35);
  });
});
