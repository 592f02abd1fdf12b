import { describe, expect, it } from "vitest";
import { canonicalAlertCriteria, criteriaFields, criteriaLabel, criteriaSearchPath, parseAlertCriteria } from "./alert-criteria";
import { SEARCH_CITIES, listingSearchQuery, parseListingSearch } from "./listing-types";

const [EDMONTON, OTHER] = [SEARCH_CITIES[0]!, SEARCH_CITIES.find((c) => c !== SEARCH_CITIES[0])!];

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

  it("carry the search's newer filters and its order (issue 45): read, written back, named, linked and stored one way", () => {
    const query =
      "city=Edmonton&minBaths=2&minArea=1200&maxArea=2500&style=Bungalow&community=Windermere&q=Garage+fireplace&openHouse=1&reduced=1&new=7&bounds=53.4%2C-113.7%2C53.5%2C-113.5&sort=price-asc&page=3&status=all";
    const criteria = parseAlertCriteria(new URLSearchParams(query));
    expect(criteria).toEqual({
      cities: ["Edmonton"],
      minBaths: 2,
      minArea: 1200,
      maxArea: 2500,
      style: "Bungalow",
      community: "Windermere",
      keywords: ["garage", "fireplace"],
      openHouse: true,
      priceReduced: true,
      newWithinDays: 7,
      bounds: { south: 53.4, west: -113.7, north: 53.5, east: -113.5 },
      sort: "price-asc",
    });
    expect(parseAlertCriteria(new URLSearchParams(criteriaFields(criteria)))).toEqual(criteria);
    // The results page is the search's own spelling (no redirect), without the page or the status.
    expect(criteriaSearchPath(criteria)).toBe(
      `/listings?${listingSearchQuery({ ...parseListingSearch(new URLSearchParams(query)), page: 1, withAcceptedOffers: false })}`,
    );
    expect(criteriaLabel(criteria)).toBe(
      "Homes in Edmonton, 2+ bathrooms, 1,200 sq ft–2,500 sq ft, Bungalow, in Windermere, with “garage fireplace”, open houses, price reduced, new in the last 7 days, in an area of the map",
    );
    expect(canonicalAlertCriteria(criteria)).toEqual(criteria);
    // Stored values that are not what the search reads are left out, never passed on.
    expect(
      canonicalAlertCriteria({
        style: "Castle",
        keywords: ["<b>", "deck"],
        community: "<script>",
        bounds: { south: 60, west: 0, north: 50, east: 1 },
        minBaths: -3,
        openHouse: "yes" as unknown as boolean,
        sort: "cheapest" as never,
      }),
    ).toEqual({ keywords: ["deck"], community: "script" });
    expect(parseAlertCriteria(new URLSearchParams("bounds=1,2,3"))).toEqual({});
  });
});
