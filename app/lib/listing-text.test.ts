import { describe, expect, it } from "vitest";
import { bedsBaths, brokerageLine, brokerageNames, countFact, formatListingPrice, formatLivingArea, statusLabel } from "./listing-text";

describe("listing text", () => {
  it("prices a listing, or reads 'Price on request' for none, zero or nonsense", () => {
    expect(formatListingPrice(525_000)).toBe("$525,000");
    for (const none of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatListingPrice(none)).toBe("Price on request");
  });

  it("joins the brokerages, listing office first, without blanks or repeats", () => {
    expect(brokerageNames(["A Realty", "B Homes"])).toBe("A Realty, B Homes");
    expect(brokerageNames([" A Realty ", "", "A Realty"])).toBe("A Realty");
    expect(brokerageNames([])).toBeNull();
    expect(brokerageLine(["A Realty", "B Homes"])).toBe("Listing brokerage: A Realty, B Homes");
    expect(brokerageLine([])).toBe("Listing brokerage: not provided by the listing");
  });

  it("labels the statuses of spec issue 27", () => {
    expect(statusLabel("active")).toBeNull();
    expect(statusLabel("under-contract")).toBe("Conditionally sold");
    expect(statusLabel("pending")).toBe("Sale pending");
  });

  it("counts only what there is", () => {
    expect(bedsBaths(1, 1)).toEqual(["1 bed", "1 bath"]);
    expect(bedsBaths(3, 2.5)).toEqual(["3 beds", "2.5 baths"]);
    expect(bedsBaths(null, null)).toEqual([]);
    expect(bedsBaths(0, Number.NaN)).toEqual([]);
    expect(countFact(4)).toBe("4");
    expect(countFact(0)).toBeNull();
    expect(countFact(null)).toBeNull();
  });

  it("writes the living area with the usual unit, and nothing without one", () => {
    expect(formatLivingArea(1450.4, "square feet")).toBe("1,450 sq ft");
    expect(formatLivingArea(120, "square meters")).toBe("120 m²");
    expect(formatLivingArea(120, null)).toBe("120 sq ft");
    expect(formatLivingArea(120, "  ")).toBe("120 sq ft");
    for (const none of [null, 0, -5, Number.NaN]) expect(formatLivingArea(none, "square feet")).toBeNull();
  });
});
