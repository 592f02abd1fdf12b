import { describe, expect, it } from "vitest";
import { criteriaFields, criteriaLabel, criteriaSearchPath, matchesCriteria, parseAlertCriteria } from "./alert-criteria";
import { SEARCH_CITIES } from "./listing-types";

const [EDMONTON, OTHER] = [SEARCH_CITIES[0]!, SEARCH_CITIES.find((c) => c !== SEARCH_CITIES[0])!];
const home = { city: EDMONTON, category: "single-family" as const, price: 400_000, beds: 3, status: "active" };

describe("alert criteria", () => {
  it("reads a query string as the search does: repeated cities among the offered ones, clamped and swapped numbers, no paging or status", () => {
    const params = new URLSearchParams([
      ["city", EDMONTON],
      ["city", "Atlantis"],
      ["city", OTHER],
      ["city", EDMONTON],
      ["type", "townhouse"],
      ["minPrice", "$500,000"],
      ["maxPrice", "300000"],
      ["minBeds", "99"],
      ["page", "3"],
      ["status", "all"],
    ]);
    expect(parseAlertCriteria(params)).toEqual({
      cities: [EDMONTON, OTHER],
      category: "townhouse",
      minPrice: 300_000,
      maxPrice: 500_000,
      minBeds: 20,
    });
    expect(parseAlertCriteria(new URLSearchParams("type=castle&minPrice=abc&minBeds=0"))).toEqual({});
  });

  it("gives back the same criteria through its form fields, and the search's page", () => {
    const criteria = { cities: [EDMONTON, OTHER], category: "condominium" as const, minPrice: 200_000, minBeds: 2 };
    expect(parseAlertCriteria(new URLSearchParams(criteriaFields(criteria)))).toEqual(criteria);
    expect(criteriaSearchPath(criteria)).toBe("/listings?type=condominium&minPrice=200000&minBeds=2");
    expect(criteriaSearchPath({ cities: [EDMONTON], maxPrice: 500_000 })).toBe(
      `/listings?city=${encodeURIComponent(EDMONTON).replace(/%20/g, "+")}&maxPrice=500000`,
    );
    expect(criteriaSearchPath({})).toBe("/listings");
  });

  it("names the search in words", () => {
    expect(criteriaLabel({ cities: ["Edmonton"], category: "single-family", minPrice: 300_000, maxPrice: 500_000, minBeds: 3 })).toBe(
      "Houses in Edmonton, $300,000–$500,000, 3+ bedrooms",
    );
    expect(criteriaLabel({})).toBe("All homes for sale");
    expect(criteriaLabel({ cities: ["Leduc", "Devon", "Beaumont"] })).toBe("Homes in Leduc, Devon or Beaumont");
    expect(criteriaLabel({ maxPrice: 250_000, minBeds: 1 })).toBe("Homes, up to $250,000, 1+ bedroom");
    expect(criteriaLabel({ category: "condominium", minPrice: 100_000 })).toBe("Condos, from $100,000");
  });

  it("matches an available home on every criterion, and never one with a missing value a criterion needs", () => {
    expect(matchesCriteria({}, home)).toBe(true);
    expect(matchesCriteria({}, { ...home, status: "pending" })).toBe(false);
    expect(matchesCriteria({ cities: [OTHER, EDMONTON] }, home)).toBe(true);
    expect(matchesCriteria({ cities: [OTHER] }, home)).toBe(false);
    expect(matchesCriteria({ cities: [OTHER] }, { ...home, city: null })).toBe(false);
    expect(matchesCriteria({ category: "condominium" }, home)).toBe(false);
    expect(matchesCriteria({ minPrice: 400_000, maxPrice: 400_000 }, home)).toBe(true);
    expect(matchesCriteria({ minPrice: 400_001 }, home)).toBe(false);
    expect(matchesCriteria({ maxPrice: 399_999 }, home)).toBe(false);
    expect(matchesCriteria({ maxPrice: 1 }, { ...home, price: null })).toBe(false);
    expect(matchesCriteria({ minBeds: 3 }, home)).toBe(true);
    expect(matchesCriteria({ minBeds: 4 }, home)).toBe(false);
    expect(matchesCriteria({ minBeds: 1 }, { ...home, beds: null })).toBe(false);
  });
});
