/**
 * The search's filters and orders of issue 45 through the sync's store and the page's read, on
 * PGlite and PostgreSQL: baths, size in either unit, style, community, keywords (typed text kept
 * a parameter), open houses, price reduced as the sync sees it, new in the last days, the orders,
 * and the counts agreeing with the rows.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { property, seedListings } from "../../../../tests/support/listings";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { parseListingSearch } from "~/lib/listing-types";
import { type DdfProperty, toOpenHouseRow } from "./property.server";
import { daysBefore, keywordQuery, listingByKey, listingCard, mapListings, searchListings } from "./queries.server";
import { decodeMapData, encodeMapData } from "~/lib/map-data";
import { replaceOpenHouses } from "./store.server";

const t = testDatabaseForThisFile();
const TODAY = "2026-11-20";

const seed = (...props: DdfProperty[]) => seedListings(t.db, ...props);
/** The keys a query string finds, in the page's order, and the total it reports. */
async function found(query: string): Promise<{ keys: string[]; total: number }> {
  const page = await searchListings(t.db, { ...parseListingSearch(new URLSearchParams(query)), pageSize: 50, today: TODAY });
  return { keys: page.listings.map((l) => l.key), total: page.total };
}
const keysOf = async (query: string) => (await found(query)).keys.sort();

describe("the search's filters (issue 45)", () => {
  it("filters by baths, size in square feet (metres converted), style and community", async () => {
    await seed(
      property("A", {
        BathroomsTotalInteger: 1,
        LivingArea: 900,
        LivingAreaUnits: "square feet",
        ArchitecturalStyle: ["Bungalow"],
        SubdivisionName: "Windermere",
      }),
      property("B", {
        BathroomsTotalInteger: 3,
        LivingArea: 2400,
        LivingAreaUnits: "square feet",
        ArchitecturalStyle: ["2 Level"],
        SubdivisionName: "Glenora",
      }),
      // 150 m² is 1,615 sq ft.
      property("C", {
        BathroomsTotalInteger: 2,
        LivingArea: 150,
        LivingAreaUnits: "square meters",
        ArchitecturalStyle: ["Bungalow", "Bi-level"],
        SubdivisionName: "windermere",
      }),
      property("D", { BathroomsTotalInteger: 2 }),
    );
    expect(await keysOf("minBaths=2")).toEqual(["B", "C", "D"]);
    expect(await keysOf("minArea=1500&maxArea=2000")).toEqual(["C"]);
    // A minimum above the maximum is swapped, not an empty page.
    expect(await keysOf("minArea=2000&maxArea=1500")).toEqual(["C"]);
    expect(await keysOf("style=Bungalow")).toEqual(["A", "C"]);
    expect(await keysOf("style=Castle")).toEqual(["A", "B", "C", "D"]);
    expect(await keysOf("community=WINDERMERE")).toEqual(["A", "C"]);
  });

  it("finds every keyword in the description, without case, and takes typed text as text", async () => {
    await seed(
      property("K1", { PublicRemarks: "Sunny bungalow with a double garage and a wood fireplace." }),
      property("K2", { PublicRemarks: "Garage suite; 100% renovated, o'clock_view." }),
      property("K3", { PublicRemarks: null }),
    );
    expect(await keysOf("q=GARAGE")).toEqual(["K1", "K2"]);
    expect(await keysOf("q=garage+fireplace")).toEqual(["K1"]);
    // LIKE's wildcards and SQL quotes are not operators here: they are dropped as punctuation.
    expect(await keysOf("q=%25")).toEqual(["K1", "K2", "K3"]);
    expect(await keysOf("q=_")).toEqual(["K1", "K2", "K3"]);
    expect(await keysOf("q=100%25")).toEqual(["K2"]);
    expect((await found("q=' or 1=1 --")).total).toBe(0);
    expect(await keysOf(`q=${"garage ".repeat(40)}`)).toEqual(["K1", "K2"]);
  });

  it("finds homes with an open house from today on, and those new in the last days (Edmonton's days)", async () => {
    await seed(
      property("O1", { OriginalEntryTimestamp: "2026-11-19T15:00:00Z" }),
      property("O2", { OriginalEntryTimestamp: "2026-11-10T00:00:00Z" }),
      property("O3", { OriginalEntryTimestamp: "2026-09-01T00:00:00Z" }),
    );
    const open = (key: string, listing: string, date: string) =>
      toOpenHouseRow({ OpenHouseKey: key, ListingKey: listing, OpenHouseDate: date, OpenHouseType: "Public" })!;
    await replaceOpenHouses(t.db, [open("H1", "O2", "2026-11-22"), open("H2", "O3", "2026-11-18")], "2026-11-01");
    expect(await keysOf("openHouse=1")).toEqual(["O2"]);
    expect(daysBefore(TODAY, 7)).toBe("2026-11-13");
    expect(await keysOf("new=1")).toEqual(["O1"]);
    expect(await keysOf("new=14")).toEqual(["O1", "O2"]);
    // Only the offered periods: another number is no filter.
    expect(await keysOf("new=5")).toEqual(["O1", "O2", "O3"]);
  });

  it("marks a price the sync saw go down as reduced, until it goes up again", async () => {
    await seed(property("P1", { ListPrice: 500_000 }), property("P2", { ListPrice: 400_000 }));
    await seed(property("P1", { ListPrice: 479_900 }), property("P2", { ListPrice: 410_000 }));
    expect(await keysOf("reduced=1")).toEqual(["P1"]);
    expect(await listingByKey(t.db, "P1")).toMatchObject({ price: 479_900, previousPrice: 500_000 });
    // The same price again keeps the mark; a rise clears it.
    await seed(property("P1", { ListPrice: 479_900 }));
    expect(await keysOf("reduced=1")).toEqual(["P1"]);
    await seed(property("P1", { ListPrice: 489_900 }));
    expect(await keysOf("reduced=1")).toEqual([]);
    expect(await listingByKey(t.db, "P1")).toMatchObject({ previousPrice: null });
  });
});

describe("the map's area and data (issue 45)", () => {
  it("finds the homes inside the box, edges included, none without a point; the map's data holds the whole search", async () => {
    await seed(
      property("IN", { Latitude: 53.5, Longitude: -113.5 }),
      property("EDGE", { Latitude: 53.4, Longitude: -113.7 }),
      property("NORTH", { Latitude: 53.51, Longitude: -113.5 }),
      property("WEST", { Latitude: 53.45, Longitude: -113.71 }),
      property("NOPOINT"),
      property("HIDDEN", { Latitude: 53.45, Longitude: -113.6, InternetAddressDisplayYN: false }),
    );
    const box = "bounds=53.4%2C-113.7%2C53.5%2C-113.5";
    expect(await found(box)).toEqual({ keys: ["EDGE", "IN"], total: 2 });
    // Combined with the other filters, and counted apart from the search without it.
    expect(await found(`minPrice=400000&${box}`)).toEqual({ keys: ["EDGE", "IN"], total: 2 });
    expect((await found("")).total).toBe(6);
    // The map shows the whole search, whatever the box: every home with a point, a hidden address's point never stored.
    const points = await mapListings(t.db, { bounds: { south: 53.4, west: -113.7, north: 53.5, east: -113.5 } }, TODAY);
    expect(points.map((p) => p.key).sort()).toEqual(["EDGE", "IN", "NORTH", "WEST"]);
    const back = decodeMapData(encodeMapData(points));
    expect(back.map((p) => p.key).sort()).toEqual(["EDGE", "IN", "NORTH", "WEST"]);
    for (const p of back) {
      const original = points.find((o) => o.key === p.key)!;
      expect(Math.abs(p.latitude - original.latitude)).toBeLessThan(1e-5);
      expect(Math.abs(p.longitude - original.longitude)).toBeLessThan(1e-5);
      expect(p.price).toBe(500_000);
    }
    expect(await listingCard(t.db, "IN")).toMatchObject({ key: "IN", price: 500_000, path: expect.stringMatching(/^\/listings\/IN-/) });
    expect(await listingCard(t.db, "GONE")).toBeNull();
  });
});

describe("the search's orders (issue 45)", () => {
  it("orders by price both ways and by size, those without one last, ties by key; counts agree", async () => {
    await seed(
      property("S1", { ListPrice: 300_000, LivingArea: 1000, LivingAreaUnits: "square feet" }),
      property("S2", { ListPrice: 700_000, LivingArea: 100, LivingAreaUnits: "square meters" }),
      property("S3", { ListPrice: 0, LivingArea: null }),
      property("S4", { ListPrice: 300_000, LivingArea: 2000, LivingAreaUnits: "square feet" }),
      property("S5", {
        ListPrice: 500_000,
        LivingArea: 1500,
        LivingAreaUnits: "square feet",
        OriginalEntryTimestamp: "2026-11-01T00:00:00Z",
      }),
    );
    expect((await found("sort=price-asc")).keys).toEqual(["S1", "S4", "S5", "S2", "S3"]);
    expect((await found("sort=price-desc")).keys).toEqual(["S2", "S5", "S1", "S4", "S3"]);
    // 100 m² is 1,076 sq ft: between S1 and S5.
    expect((await found("sort=size-desc")).keys).toEqual(["S4", "S5", "S2", "S1", "S3"]);
    expect((await found("sort=newest")).keys[0]).toBe("S5");
    expect((await found("sort=nonsense")).keys[0]).toBe("S5");
    const paged = await searchListings(t.db, { page: 2, pageSize: 2, sort: "price-asc", today: TODAY });
    expect(paged).toMatchObject({ total: 5, pageCount: 3 });
    expect(paged.listings.map((l) => l.key)).toEqual(["S5", "S2"]);
    expect((await found("sort=price-asc&minBaths=0&maxArea=1600")).total).toBe((await found("maxArea=1600")).keys.length);
  });
});

describe("the search on 20,000 listings", () => {
  it("answers every filter and order with a page and its count", async () => {
    // Generated in the database: 200 upserts of 100 would spend the test's time on seeding.
    await t.db.rows(sql`
      insert into listings (listing_key, slug, status, list_price, address, city, community, category, bedrooms, bathrooms, living_area, living_area_units,
        public_remarks, features, previous_price, listed_at, modified_at)
      select 'Q' || i, 'home-' || i, case when i % 10 = 0 then 'pending' else 'active' end, 200000 + (i * 7919 % 800) * 1000, i || ' Some Street',
        (array['Edmonton','Leduc','Devon','St. Albert'])[1 + i % 4], (array['Windermere','Glenora','Oliver'])[1 + i % 3],
        (array['single-family','condominium','townhouse','other'])[1 + (i / 4) % 4], 1 + i % 5, 1 + (i / 3) % 3, 600 + i % 3000, 'square feet',
        'A fictional home with a ' || (array['double garage','fireplace','finished basement','south yard'])[1 + i % 4] || ' and a long description ' || repeat('of its rooms ', 40) || i,
        jsonb_build_object('architecturalStyle', jsonb_build_array((array['Bungalow','2 Level','Bi-level'])[1 + i % 3])),
        case when i % 7 = 0 then 999999 end, now() - (i % 25) * interval '1 day', now()
      from generate_series(1, 20000) as i`);
    await t.db.rows(sql`analyze listings`);
    const every =
      "city=Edmonton&type=single-family&minPrice=100000&maxPrice=2000000&minBeds=2&minBaths=2&minArea=800&maxArea=3000&style=Bungalow&community=Windermere&q=garage&reduced=1&new=30";
    for (const query of [
      "",
      "q=garage+fireplace",
      every,
      ...["price-asc", "price-desc", "size-desc", "newest"].flatMap((sort) => [
        `sort=${sort}`,
        `${every}&sort=${sort}`,
        `sort=${sort}&page=400`,
      ]),
    ]) {
      const search = { ...parseListingSearch(new URLSearchParams(query)), pageSize: 12, today: TODAY };
      // Its speed is the bench's (BENCH_ONLY=search) and its plans search-plan.server.test.ts's, not a timer's here.
      const page = await searchListings(t.db, search);
      expect(page.listings.length, query).toBe(Math.min(12, Math.max(0, page.total - (search.page - 1) * 12)));
    }
    expect(
      (await searchListings(t.db, { ...parseListingSearch(new URLSearchParams(every)), pageSize: 12, today: TODAY })).total,
    ).toBeGreaterThan(0);
    // The keywords are looked up in the description words' index, not by reading every description.
    const plan = (
      await t.db.rows<{ "QUERY PLAN": string }>(sql`explain select listing_key from listings
      where to_tsvector('simple'::regconfig, coalesce(public_remarks, '')) @@ to_tsquery('simple'::regconfig, ${keywordQuery(["garage", "fireplace"])})`)
    )
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toMatch(/listings_remarks_words_idx/);
  });
});
