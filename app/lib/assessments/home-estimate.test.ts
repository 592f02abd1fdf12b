import { describe, expect, it } from "vitest";
import { type ComparableHome, type EstimateSubject, basisWords, estimateHome, quantile } from "./home-estimate";

// Hand-made neighbourhoods: Garneau (id 1) and Oliver (id 2) in ward "papastew", Glenora (id 3) in ward "O-day'min".
const GARNEAU = { neighbourhoodId: 1, ward: "papastew" };
const OLIVER = { neighbourhoodId: 2, ward: "papastew" };
const GLENORA = { neighbourhoodId: 3, ward: "O-day'min" };

let serial = 0;
function forSale(area: { neighbourhoodId: number; ward: string }, ratio: number, extra: Partial<ComparableHome> = {}): ComparableHome {
  serial++;
  const assessed = 400_000 + serial * 1000;
  return {
    listingKey: `L${serial}`,
    path: `/listings/L${serial}`,
    address: `${serial} Test Street NW`,
    price: Math.round(assessed * ratio),
    assessed,
    homeClass: "house",
    point: [-113.52, 53.52 + serial * 0.0001],
    accountNumber: `A${serial}`,
    ...area,
    ...extra,
  };
}

const home: EstimateSubject = {
  accountNumber: "HOME",
  assessed: 500_000,
  homeClass: "house",
  neighbourhood: "Garneau",
  point: [-113.52, 53.52],
  ...GARNEAU,
};

describe("the estimated range", () => {
  it("applies the middle half of the neighbourhood's asking/assessed ratios to the home's assessment", () => {
    const homes = [1.0, 1.05, 1.1, 1.15, 1.2].map((r) => forSale(GARNEAU, r));
    const e = estimateHome(home, homes);
    expect(e.kind).toBe("range");
    if (e.kind !== "range") return;
    // Quartiles of [1.00, 1.05, 1.10, 1.15, 1.20] are 1.05 and 1.15 (within the rounding of the prices).
    expect(e.low).toBe(525_000);
    expect(e.high).toBe(575_000);
    expect(e.ratios.median).toBeCloseTo(1.1, 2);
    expect(e).toMatchObject({ count: 5, area: "neighbourhood", areaName: "Garneau" });
    expect(basisWords(e.count, e.homeClass, e.area, e.areaName)).toBe("5 houses for sale in Garneau");
    expect(e.comparables).toHaveLength(5);
  });

  it("widens to the ward, then the city, until there are five", () => {
    const few = [forSale(GARNEAU, 1), forSale(GARNEAU, 1.1)];
    const ward = [forSale(OLIVER, 1.2), forSale(OLIVER, 1.3), forSale(OLIVER, 1.4)];
    const elsewhere = [forSale(GLENORA, 0.9), forSale(GLENORA, 0.95)];
    const inWard = estimateHome(home, [...few, ...ward, ...elsewhere]);
    expect(inWard).toMatchObject({ kind: "range", count: 5, area: "ward", areaName: "papastew" });
    const inCity = estimateHome(home, [...few, ...ward.slice(0, 2), ...elsewhere]);
    expect(inCity).toMatchObject({ kind: "range", count: 6, area: "city", areaName: "Edmonton" });
  });

  it("gives no range with fewer than five comparable homes in the whole city, but still lists them", () => {
    const e = estimateHome(home, [forSale(GARNEAU, 1), forSale(OLIVER, 1.1), forSale(GLENORA, 1.2), forSale(GLENORA, 1.3)]);
    expect(e).toMatchObject({ kind: "none", count: 4 });
    expect(e.comparables).toHaveLength(4);
  });

  it("compares a condo with condos only, and never with itself", () => {
    const condo: EstimateSubject = { ...home, accountNumber: "UNIT-1203", homeClass: "condo", assessed: 250_000 };
    const houses = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0].map((r) => forSale(GARNEAU, r));
    const condos = [0.9, 0.92, 0.94, 0.96, 0.98].map((r) => forSale(GARNEAU, r, { homeClass: "condo" }));
    const itself = forSale(GARNEAU, 2.0, { homeClass: "condo", accountNumber: "UNIT-1203" });
    const e = estimateHome(condo, [...houses, ...condos, itself]);
    expect(e).toMatchObject({ kind: "range", count: 5, area: "neighbourhood", homeClass: "condo" });
    if (e.kind !== "range") return;
    expect(e.low).toBe(230_000); // 250,000 × 0.92
    expect(e.high).toBe(240_000); // 250,000 × 0.96
    expect(e.comparables.map((c) => c.path)).not.toContain(itself.path);
    expect(basisWords(e.count, e.homeClass, e.area, e.areaName)).toBe("5 condos for sale in Garneau");
    // Without enough condos anywhere, the houses do not stand in for them.
    expect(estimateHome(condo, houses)).toMatchObject({ kind: "none", count: 0 });
  });

  it("is not moved by an outlier: a price typed with a zero too many is dropped, a high one stays outside the middle half", () => {
    const steady = [1.0, 1.02, 1.04, 1.06, 1.08, 1.1].map((r) => forSale(GARNEAU, r));
    const base = estimateHome(home, steady);
    const typo = estimateHome(home, [...steady, forSale(GARNEAU, 10)]);
    expect(typo).toEqual(base);
    const high = estimateHome(home, [...steady, forSale(GARNEAU, 2.2)]);
    expect(high.kind === "range" && base.kind === "range" && high.high - base.high).toBeLessThanOrEqual(10_000);
    expect(high).toMatchObject({ count: 7 });
  });

  it("lists at most six comparable homes, the nearest first", () => {
    const homes = Array.from({ length: 10 }, () => forSale(GARNEAU, 1));
    const e = estimateHome(home, homes.reverse());
    expect(e.comparables).toHaveLength(6);
    expect(e.comparables[0]!.path).toBe(homes[homes.length - 1]!.path);
  });

  it("interpolates quartiles as PostgreSQL's percentile_cont does", () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75);
    expect(quantile([5], 0.75)).toBe(5);
  });
});
