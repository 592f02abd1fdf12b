import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_FIGURE, formatCurrency, formatNumber, formatPercent, roundCents } from "./format";

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

describe("the hand-written digits agree with Intl.NumberFormat (en-CA)", () => {
  const wholeDollars = new Intl.NumberFormat("en-CA", {
    style: "currency",
    currency: "CAD",
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  const withCents = new Intl.NumberFormat("en-CA", {
    style: "currency",
    currency: "CAD",
    maximumFractionDigits: 2,
    minimumFractionDigits: 2,
  });
  const plain = new Intl.NumberFormat("en-CA");
  // Intl writes a negative zero with its sign; this site never does (see above).
  const intl = (formatter: Intl.NumberFormat, value: number) => formatter.format(value).replace(/^-(\$?0(\.0+)?)$/, "$1");
  // Amounts from cents to far beyond any home, halves and binary edge cases included.
  const amounts = fc.oneof(
    fc.double({ min: -1e16, max: 1e16, noNaN: true }),
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((cents) => cents / 100),
    fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n + 0.5),
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((n) => n / 1000 + 0.0005),
    fc.constantFrom(1.005, 2.675, 1.0005, 0.5, -0.5, 1e-7, -1e-7, 999.9995, 9_999_999.995, 2 ** 53, 1e21),
  );

  it("for dollars, with and without cents", () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatCurrency(value)).toBe(intl(wholeDollars, value));
        expect(formatCurrency(value, { cents: true })).toBe(intl(withCents, value));
      }),
      { numRuns: 5000 },
    );
  });

  it("for plain numbers, up to three decimals", () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatNumber(value)).toBe(intl(plain, value));
      }),
      { numRuns: 5000 },
    );
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatNumber(2.6)).toBe("2.6");
    expect(formatNumber(-0.0001)).toBe("0");
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
