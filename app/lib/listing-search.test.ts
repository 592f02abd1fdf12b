/**
 * The search's query string (issue 45): what each parameter reads as, and the one spelling each
 * search has (listingSearchQuery), which /listings moves every other spelling to, so a bot cannot
 * make the caches keep more than one copy of a search (decision 054).
 */
import { describe, expect, it } from "vitest";
import { MAX_KEYWORDS, boundsOf, isRefined, keywordsOf, listingSearchQuery, parseListingSearch } from "./listing-types";

const canonical = (query: string) => listingSearchQuery(parseListingSearch(new URLSearchParams(query)));

describe("parseListingSearch and listingSearchQuery", () => {
  it("read every filter and order, and write them back in one order", () => {
    const query =
      "sort=price-desc&q=Garage+FIREPLACE&community=Windermere&style=Bungalow&maxArea=2500&minArea=1200&minBaths=2&minBeds=3&maxPrice=700000&minPrice=400000&type=single-family&city=Edmonton&openHouse=1&reduced=1&new=7&status=all&page=2";
    expect(parseListingSearch(new URLSearchParams(query))).toMatchObject({
      cities: ["Edmonton"],
      category: "single-family",
      minBaths: 2,
      minArea: 1200,
      maxArea: 2500,
      style: "Bungalow",
      community: "Windermere",
      keywords: ["garage", "fireplace"],
      openHouse: true,
      priceReduced: true,
      newWithinDays: 7,
      sort: "price-desc",
      page: 2,
    });
    expect(canonical(query)).toBe(
      "city=Edmonton&type=single-family&minPrice=400000&maxPrice=700000&minBeds=3&minBaths=2&minArea=1200&maxArea=2500&style=Bungalow&community=Windermere&q=garage+fireplace&openHouse=1&reduced=1&new=7&status=all&sort=price-desc&page=2",
    );
    // Written back, it reads the same.
    expect(canonical(canonical(query))).toBe(canonical(query));
  });

  it("drop blanks, defaults, unknown parameters and values it does not offer", () => {
    expect(canonical("city=&minPrice=&minBeds=&type=&q=&community=&sort=newest&page=1")).toBe("");
    expect(canonical("utm_source=x&beds=3&style=Castle&new=5&sort=cheapest&openHouse=yes&reduced=true&minBaths=-4&minArea=abc")).toBe("");
    expect(canonical("maxArea=900&minArea=1500")).toBe("minArea=900&maxArea=1500");
    expect(canonical("minBaths=99")).toBe("minBaths=20");
    expect(isRefined(parseListingSearch(new URLSearchParams("sort=size-desc")))).toBe(true);
    expect(isRefined(parseListingSearch(new URLSearchParams("sort=newest&foo=1")))).toBe(false);
  });

  it("bound what is typed: keywords are letters and digits, a few and short; a community loses markup and length", () => {
    expect(keywordsOf("  O'Brien's   %_garage%  <b>deck</b> a ")).toEqual(["o", "brien", "garage", "deck"].filter((w) => w.length >= 2));
    expect(keywordsOf("one two three four five six seven")).toHaveLength(MAX_KEYWORDS);
    expect(keywordsOf("x".repeat(500))).toEqual(["x".repeat(30)]);
    expect(keywordsOf("garage GARAGE Garage")).toEqual(["garage"]);
    expect(canonical(`community=${encodeURIComponent("<script>alert(1)</script>")}`)).toBe("community=script+alert+1+script");
    expect(canonical(`community=${"a".repeat(300)}`)).toBe(`community=${"a".repeat(60)}`);
  });
});

describe("the map's area (issue 45)", () => {
  it("reads four numbers in range, south below north and west of east, rounded to about 10 m; anything else is invalid", () => {
    expect(boundsOf(null)).toBeNull();
    expect(boundsOf("53.40001,-113.712345,53.6,-113.3")).toEqual({ south: 53.4, west: -113.7123, north: 53.6, east: -113.3 });
    for (const bad of [
      "",
      "1,2,3",
      "1,2,3,4,5",
      "a,b,c,d",
      "53.6,-113.6,53.4,-113.4",
      "53.4,-113.4,53.6,-113.6",
      "91,0,92,1",
      "0,-181,1,0",
      "1e1,0,20,1",
      "53.4,,53.6,-113.3",
      " 53.4,-113.7,53.6,-113.3",
      "53.40001,-113.7,53.40002,-113.6",
    ]) {
      expect(boundsOf(bad), bad).toBe("invalid");
    }
  });

  it("is one more filter of the search's one spelling, after the others", () => {
    expect(canonical("bounds=53.40001,-113.7,53.6,-113.3&city=Edmonton&sort=price-asc")).toBe(
      "city=Edmonton&bounds=53.4%2C-113.7%2C53.6%2C-113.3&sort=price-asc",
    );
    // Dropped by the parser (the page answers it 400 before).
    expect(canonical("bounds=oops")).toBe("");
    expect(isRefined(parseListingSearch(new URLSearchParams("bounds=53.4,-113.7,53.6,-113.3")))).toBe(true);
  });
});
