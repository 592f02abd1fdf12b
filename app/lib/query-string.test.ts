import { describe, expect, it } from "vitest";
import { areas } from "~/content/areas";
import { QUERY_KEEPING_PREFIXES, bareLocation, keepsQueryString } from "./query-string";

describe("query-string rule", () => {
  it.each([
    "/buy",
    "/search",
    "/property-search",
    "/mls-search",
    "/sold-properties",
    "/single-family-homes",
    "/condominiums",
    "/townhouses",
    "/office-listings",
  ])("keeps the query on %s", (path) => {
    expect(keepsQueryString(path)).toBe(true);
    expect(bareLocation(path, "?city=Edmonton", "")).toBeNull();
  });

  it("keeps the query on every one of the 15 city and county listing pages", () => {
    expect(areas).toHaveLength(15);
    for (const area of areas) {
      expect(keepsQueryString(area.path)).toBe(true);
      expect(keepsQueryString(`${area.path}/anything`)).toBe(true);
    }
  });

  it.each(["/", "/sell", "/about", "/contact", "/blog", "/blog/hidden-costs-buying-home-alberta", "/mortgage-calculator", "/welcome"])(
    "strips the query on %s and keeps the fragment",
    (path) => {
      expect(keepsQueryString(path)).toBe(false);
      expect(bareLocation(path, "?utm_source=x", "#price=1")).toBe(`${path}#price=1`);
    },
  );

  it("does nothing when there is no query", () => {
    expect(bareLocation("/about", "", "")).toBeNull();
  });

  it("has one entry per prefix", () => {
    expect(new Set(QUERY_KEEPING_PREFIXES).size).toBe(QUERY_KEEPING_PREFIXES.length);
    expect(QUERY_KEEPING_PREFIXES).toHaveLength(9 + 15);
  });
});
