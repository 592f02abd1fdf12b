import { describe, expect, it } from "vitest";
import { type BuyerFigures, buyerFiguresOf, buyerFiguresSentence, figureFieldValues } from "./buyer-figures";
import { readBuyerFigures } from "./schemas/listing-inquiry";

const FIGURES: BuyerFigures = {
  down: 25_000,
  rate: 5.4,
  amortizationYears: 25,
  monthlyTotal: 3049.6,
  includesTax: true,
  includesCondoFee: true,
};

describe("buyerFiguresSentence", () => {
  it("reads as one line, money as the site writes it, with what the total includes", () => {
    expect(buyerFiguresSentence(FIGURES)).toBe("$25,000 down at 5.4 %, 25 years: about $3,050 a month with tax and condo fee");
    expect(buyerFiguresSentence({ ...FIGURES, includesCondoFee: false })).toBe(
      "$25,000 down at 5.4 %, 25 years: about $3,050 a month with tax",
    );
    expect(buyerFiguresSentence({ ...FIGURES, includesTax: false })).toBe(
      "$25,000 down at 5.4 %, 25 years: about $3,050 a month with condo fee",
    );
    expect(buyerFiguresSentence({ ...FIGURES, includesTax: false, includesCondoFee: false })).toBe(
      "$25,000 down at 5.4 %, 25 years: about $3,050 a month",
    );
  });
  it("writes one year, a zero rate and a big down payment plainly", () => {
    expect(
      buyerFiguresSentence({ ...FIGURES, down: 1_250_000, rate: 0, amortizationYears: 1, includesTax: false, includesCondoFee: false }),
    ).toBe("$1,250,000 down at 0 %, 1 year: about $3,050 a month");
    expect(buyerFiguresSentence({ ...FIGURES, rate: 4.125 })).toContain("at 4.125 %");
  });
});

describe("the figures' hidden fields", () => {
  const fields = (over: Record<string, string> = {}) => ({ ...figureFieldValues(FIGURES), ...over });

  it("read back as the figures they were written from", () => {
    expect(fields()).toEqual({
      "figures.down": "25000",
      "figures.rate": "5.4",
      "figures.years": "25",
      "figures.total": "3049.6",
      "figures.tax": "1",
      "figures.fee": "1",
    });
    expect(readBuyerFigures(fields())).toEqual(FIGURES);
    expect(readBuyerFigures(fields({ "figures.tax": "0", "figures.fee": "0" }))).toEqual({
      ...FIGURES,
      includesTax: false,
      includesCondoFee: false,
    });
  });
  it("are bounded: the edges pass, beyond them the figures are dropped", () => {
    const edges = { "figures.down": "50000000", "figures.rate": "30", "figures.years": "40", "figures.total": "1000000" };
    expect(readBuyerFigures(fields(edges))).toMatchObject({ down: 50_000_000, rate: 30, amortizationYears: 40, monthlyTotal: 1_000_000 });
    expect(
      readBuyerFigures(fields({ "figures.down": "0", "figures.rate": "0", "figures.years": "1", "figures.total": "0" })),
    ).toMatchObject({ down: 0, rate: 0, amortizationYears: 1 });
    const beyond: Record<string, string>[] = [
      { "figures.down": "50000000.01" },
      { "figures.rate": "30.5" },
      { "figures.years": "41" },
      { "figures.years": "0" },
      { "figures.total": "1000001" },
    ];
    for (const over of beyond) {
      expect(readBuyerFigures(fields(over)), JSON.stringify(over)).toBeUndefined();
    }
  });
  it("drop junk whole rather than keep part of it", () => {
    const junk: Record<string, string>[] = [
      { "figures.down": "-5" },
      { "figures.down": "1e5" },
      { "figures.down": "25,000" },
      { "figures.down": "0x10" },
      { "figures.rate": "NaN" },
      { "figures.rate": "Infinity" },
      { "figures.rate": " 5" },
      { "figures.years": "25.5" },
      { "figures.total": "<b>3000</b>" },
      { "figures.tax": "yes" },
      { "figures.fee": "" },
    ];
    for (const over of junk) expect(readBuyerFigures(fields(over)), JSON.stringify(over)).toBeUndefined();
  });
  it("are absent when the form sent none, or only some", () => {
    expect(readBuyerFigures({})).toBeUndefined();
    expect(
      readBuyerFigures({
        "figures.down": "",
        "figures.rate": "",
        "figures.years": "",
        "figures.total": "",
        "figures.tax": "",
        "figures.fee": "",
      }),
    ).toBeUndefined();
    expect(readBuyerFigures({ "figures.down": "25000", "figures.rate": "5.4" })).toBeUndefined();
  });
});

describe("buyerFiguresOf (a stored payload's figures)", () => {
  it("takes figures as stored and nothing else", () => {
    expect(buyerFiguresOf(FIGURES)).toEqual(FIGURES);
    expect(buyerFiguresOf({ ...FIGURES, extra: "<script>" })).toEqual(FIGURES);
    for (const bad of [
      null,
      undefined,
      "figures",
      42,
      {},
      { ...FIGURES, down: "25000" },
      { ...FIGURES, rate: 31 },
      { ...FIGURES, amortizationYears: 2.5 },
      { ...FIGURES, includesTax: "yes" },
      { ...FIGURES, monthlyTotal: Number.NaN },
    ]) {
      expect(buyerFiguresOf(bad)).toBeNull();
    }
  });
});
