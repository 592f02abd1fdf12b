/**
 * The pages' reads against a real database: lookups and tombstones, filters, newest-first order
 * with undated listings last, pagination, the median, and speed with a copy of 20,000 listings.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { type DdfProperty, displayable, toListingRow, toOpenHouseRow } from "./property.server";
import { listingPhotoPath } from "./photos.server";
import { agentListings, allListingPaths, listingByKey, searchListings, upcomingOpenHouses } from "./queries.server";
import { removeListings, replaceOpenHouses, upsertListings, upsertOffices } from "./store.server";

const t = testDatabaseForThisFile();

let serial = 0;
function property(overrides: Partial<DdfProperty> = {}): DdfProperty {
  serial += 1;
  return {
    ListingKey: `K${1000 + serial}`,
    ListingId: `E${4000000 + serial}`,
    StandardStatus: "Active",
    ListPrice: 400_000,
    UnparsedAddress: `${100 + serial} Test Street NW, Edmonton, Alberta T5J 0A1`,
    City: "Edmonton",
    StateOrProvince: "Alberta",
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1500,
    LivingAreaUnits: "square feet",
    PropertySubType: "Single Family",
    StructureType: ["House"],
    PublicRemarks: "A bright home.",
    ListOfficeKey: "O1",
    OriginalEntryTimestamp: "2025-01-01T00:00:00Z",
    ModificationTimestamp: "2025-02-01T00:00:00Z",
    Media: [{ MediaURL: `https://media.example/${serial}/1.jpg`, Order: 1 }],
    ...overrides,
  };
}

async function seed(...props: DdfProperty[]) {
  await upsertOffices(t.db, [{ OfficeKey: "O1", OfficeName: "Test Realty", ModificationTimestamp: "2025-01-01T00:00:00Z" }], new Date());
  await upsertListings(
    t.db,
    props.map((p) => toListingRow(p)),
  );
}

describe("listingByKey", () => {
  it("reads a listing with its canonical path, photos and brokerage", async () => {
    const p = property({ ListingKey: "ABC123", UnparsedAddress: "10123 Jasper Avenue NW, Edmonton, AB" });
    await seed(p);
    const found = await listingByKey(t.db, "ABC123");
    expect(found).toMatchObject({
      key: "ABC123",
      path: "/listings/ABC123-10123-jasper-avenue-nw-edmonton",
      address: "10123 Jasper Avenue NW",
      brokerages: ["Test Realty"],
      status: "active",
      listedByAgent: false,
      openHouses: [],
      mlsNumber: p.ListingId,
      // Served from the site's own origin, named after the feed's URL.
      photos: [{ url: listingPhotoPath("ABC123", 0, p.Media![0]!.MediaURL!) }],
      listedAt: "2025-01-01T00:00:00.000Z",
    });
  });
  it("answers gone for a removed listing and null for an unknown key", async () => {
    await seed(property({ ListingKey: "GONE1" }));
    await removeListings(t.db, ["GONE1"]);
    expect(await listingByKey(t.db, "GONE1")).toEqual({ gone: true });
    expect(await listingByKey(t.db, "NOPE")).toBeNull();
  });
});

describe("searchListings", () => {
  it("lists newest first, undated last, ties by key, with total, pages and median", async () => {
    await seed(
      property({ ListingKey: "A", ListPrice: 100_000, OriginalEntryTimestamp: "2025-03-01T00:00:00Z" }),
      property({ ListingKey: "B", ListPrice: 200_000, OriginalEntryTimestamp: null }),
      property({ ListingKey: "C", ListPrice: 300_000, OriginalEntryTimestamp: "2025-05-01T00:00:00Z" }),
      property({ ListingKey: "D", ListPrice: 400_000, OriginalEntryTimestamp: "2025-05-01T00:00:00Z" }),
    );
    const first = await searchListings(t.db, { page: 1, pageSize: 3 });
    expect(first.listings.map((l) => l.key)).toEqual(["C", "D", "A"]);
    expect(first).toMatchObject({ total: 4, page: 1, pageCount: 2, medianAskingPrice: 250_000 });
    const second = await searchListings(t.db, { page: 2, pageSize: 3 });
    expect(second.listings.map((l) => l.key)).toEqual(["B"]);
    const beyond = await searchListings(t.db, { page: 9, pageSize: 3 });
    expect(beyond).toMatchObject({ total: 4, page: 9, listings: [] });
  });
  it("filters by cities, category, price range and bedrooms", async () => {
    await seed(
      property({ ListingKey: "E1", City: "Edmonton", BedroomsTotal: 2, ListPrice: 300_000 }),
      property({ ListingKey: "E2", City: "Edmonton", BedroomsTotal: 4, ListPrice: 600_000 }),
      property({
        ListingKey: "L1",
        City: "Leduc",
        BedroomsTotal: 4,
        ListPrice: 500_000,
        PropertySubType: "Apartment",
        StructureType: ["Apartment"],
      }),
      property({ ListingKey: "C1", City: "Leduc County", BedroomsTotal: 5, ListPrice: 900_000 }),
    );
    const keys = async (f: Parameters<typeof searchListings>[1]) => (await searchListings(t.db, f)).listings.map((l) => l.key).sort();
    expect(await keys({ page: 1, pageSize: 12, cities: ["Edmonton"] })).toEqual(["E1", "E2"]);
    expect(await keys({ page: 1, pageSize: 12, cities: ["Leduc", "Leduc County"] })).toEqual(["C1", "L1"]);
    expect(await keys({ page: 1, pageSize: 12, category: "condominium" })).toEqual(["L1"]);
    expect(await keys({ page: 1, pageSize: 12, minPrice: 450_000, maxPrice: 650_000 })).toEqual(["E2", "L1"]);
    expect(await keys({ page: 1, pageSize: 12, minBeds: 4, cities: ["Edmonton"] })).toEqual(["E2"]);
    const none = await searchListings(t.db, { page: 1, pageSize: 12, cities: ["Devon"] });
    expect(none).toEqual({ total: 0, page: 1, pageCount: 1, listings: [], medianAskingPrice: null });
  });
  it("gives a card only what a card shows", async () => {
    const p = property({ ListingKey: "CARD1", PublicRemarks: "long text" });
    await seed(p);
    const [card] = (await searchListings(t.db, { page: 1, pageSize: 12 })).listings;
    expect(Object.keys(card!).sort()).toEqual([
      "address",
      "area",
      "areaUnits",
      "baths",
      "beds",
      "brokerages",
      "category",
      "city",
      "key",
      "listedByAgent",
      "path",
      "photo",
      "price",
      "status",
    ]);
    expect(card!.photo).toBe(listingPhotoPath("CARD1", 0, p.Media![0]!.MediaURL!));
  });
});

describe("brokerages, statuses, the agent's own listings and open houses", () => {
  it("names every office of a listing in its order, and follows a renamed office", async () => {
    await seed(property({ ListingKey: "CO1", CoListOfficeKey: "O2", CoListOfficeKey2: "O-missing" }));
    await upsertOffices(
      t.db,
      [{ OfficeKey: "O2", OfficeName: "Second Brokerage Ltd.", ModificationTimestamp: "2025-01-01T00:00:00Z" }],
      new Date(),
    );
    expect(await listingByKey(t.db, "CO1")).toMatchObject({ brokerages: ["Test Realty", "Second Brokerage Ltd."] });
    await upsertOffices(
      t.db,
      [{ OfficeKey: "O1", OfficeName: "Test Realty (Renamed) Inc.", ModificationTimestamp: "2025-03-01T00:00:00Z" }],
      new Date(),
    );
    expect(await listingByKey(t.db, "CO1")).toMatchObject({ brokerages: ["Test Realty (Renamed) Inc.", "Second Brokerage Ltd."] });
    const [card] = (await searchListings(t.db, { page: 1, pageSize: 12 })).listings;
    expect(card!.brokerages[0]).toBe("Test Realty (Renamed) Inc.");
  });

  it("shows available homes by default and accepted offers, labelled, only when asked; other statuses are never stored", async () => {
    const statuses = [
      "Active",
      "Active Under Contract",
      "Pending",
      "Closed",
      "Expired",
      "Withdrawn",
      "Coming Soon",
      "Canceled",
      "Hold",
      null,
    ];
    const records = statuses.map((StandardStatus, i) => property({ ListingKey: `ST${i}`, StandardStatus, ListPrice: 100_000 * (i + 1) }));
    expect(records.filter(displayable).map((p) => p.StandardStatus)).toEqual(["Active", "Active Under Contract", "Pending"]);
    await seed(...records.filter(displayable));
    const available = await searchListings(t.db, { page: 1, pageSize: 12 });
    expect(available.listings.map((l) => [l.key, l.status])).toEqual([["ST0", "active"]]);
    expect(available).toMatchObject({ total: 1, medianAskingPrice: 100_000 });
    const all = await searchListings(t.db, { page: 1, pageSize: 12, withAcceptedOffers: true });
    expect(all.listings.map((l) => [l.key, l.status]).sort()).toEqual([
      ["ST0", "active"],
      ["ST1", "under-contract"],
      ["ST2", "pending"],
    ]);
    expect(all).toMatchObject({ total: 3, medianAskingPrice: 200_000 });
    expect(await listingByKey(t.db, "ST1")).toMatchObject({ status: "under-contract" });
  });

  it("reads a price of 0 as no price", async () => {
    await seed(property({ ListingKey: "ZERO", ListPrice: 0 }));
    expect(await listingByKey(t.db, "ZERO")).toMatchObject({ price: null });
  });

  it("marks the agent's own and co-listed listings and lists them first", async () => {
    await seed(
      property({ ListingKey: "OWN1", ListAgentKey: "M1", OriginalEntryTimestamp: "2025-01-01T00:00:00Z" }),
      property({ ListingKey: "OWN2", ListAgentKey: "M9", CoListAgentKey2: "M1", OriginalEntryTimestamp: "2025-02-01T00:00:00Z" }),
      property({ ListingKey: "OTHER", ListAgentKey: "M9" }),
    );
    expect((await agentListings(t.db, "M1", 6)).map((l) => [l.key, l.listedByAgent])).toEqual([
      ["OWN2", true],
      ["OWN1", true],
    ]);
    expect(await listingByKey(t.db, "OTHER", { memberKey: "M1" })).toMatchObject({ listedByAgent: false });
    expect(await listingByKey(t.db, "OWN1", { memberKey: "M1" })).toMatchObject({ listedByAgent: true });
    expect(await listingByKey(t.db, "OWN1")).toMatchObject({ listedByAgent: false });
  });

  it("shows upcoming public open houses only, the agent's first, and drops past ones at the next sync", async () => {
    await seed(
      property({ ListingKey: "OH1", ListAgentKey: "M1" }),
      property({ ListingKey: "OH2", City: "Leduc" }),
      property({ ListingKey: "OH3", City: "Calgary" }),
    );
    const open = (key: string, listing: string, date: string, extra: object = {}) =>
      toOpenHouseRow({
        OpenHouseKey: key,
        ListingKey: listing,
        OpenHouseDate: date,
        OpenHouseStartTime: "13:00:00.00",
        OpenHouseEndTime: "15:00:00.00",
        OpenHouseType: "Public",
        OpenHouseStatus: "Active",
        ...extra,
      });
    const rows = [
      open("a", "OH1", "2026-11-29", { LivestreamOpenHouseURL: "https://video.example/live" }),
      open("b", "OH2", "2026-11-28"),
      open("c", "OH3", "2026-11-28"),
      open("d", "OH2", "2026-11-27", { LivestreamOpenHouseURL: "javascript:alert(1)" }),
    ];
    expect(open("x", "OH1", "2026-11-28", { OpenHouseStatus: "Cancelled" })).toBeNull();
    expect(open("y", "OH1", "2026-11-28", { OpenHouseType: "Broker" })).toBeNull();
    // The feed's pages may repeat a record: stored once.
    await replaceOpenHouses(t.db, [...rows.flatMap((r) => r ?? []), rows[1]!], "2026-11-26");
    const upcoming = await upcomingOpenHouses(t.db, { memberKey: "M1", cities: ["Edmonton", "Leduc"], limit: 10, today: "2026-11-26" });
    expect(upcoming.map((o) => [o.listing.key, o.date, o.start, o.end, o.livestreamUrl])).toEqual([
      ["OH1", "2026-11-29", "13:00", "15:00", "https://video.example/live"],
      ["OH2", "2026-11-27", "13:00", "15:00", null],
      ["OH2", "2026-11-28", "13:00", "15:00", null],
    ]);
    expect(await listingByKey(t.db, "OH2", { today: "2026-11-28" })).toMatchObject({
      openHouses: [{ date: "2026-11-28", start: "13:00" }],
    });
    // The next day's sync: the feed no longer lists "d" (it was yesterday) and "b" was cancelled.
    await replaceOpenHouses(t.db, [rows[0]!], "2026-11-28");
    expect(
      (await upcomingOpenHouses(t.db, { memberKey: null, cities: ["Edmonton", "Leduc"], limit: 10, today: "2026-11-28" })).map(
        (o) => o.listing.key,
      ),
    ).toEqual(["OH1"]);
  });
});

describe("allListingPaths", () => {
  it("lists every page with its modification time", async () => {
    await seed(property({ ListingKey: "S1", ModificationTimestamp: "2025-04-02T10:00:00Z" }));
    expect(await allListingPaths(t.db)).toEqual([
      { path: expect.stringMatching(/^\/listings\/S1-/), modifiedAt: new Date("2025-04-02T10:00:00Z") },
    ]);
  });
});

describe("with 20,000 listings", () => {
  it("answers a results page, a city page and a listing, through the indexes", async () => {
    // Generated in the database: 200 upserts of 100 would spend the test's time on seeding.
    await t.db.rows(sql`
      insert into listings (listing_key, slug, status, list_price, address, city, bedrooms, category, listed_at, modified_at)
      select 'P' || i, 'home-' || i, 'active', 200000 + (i % 500) * 1000, i || ' Some Street', (array['Edmonton','Leduc','Devon','St. Albert'])[1 + i % 4],
        1 + i % 5, (array['single-family','condominium','townhouse','other'])[1 + i % 4],
        case when i % 50 = 0 then null else timestamptz '2024-01-01' + i * interval '1 minute' end, now()
      from generate_series(1, 20000) as i`);
    await t.db.rows(sql`analyze listings`);
    // Their speed is the bench's (BENCH_ONLY=listings, search); that they go through the indexes is checked by the plans below.
    const all = await searchListings(t.db, { page: 1, pageSize: 12 });
    expect(all.total).toBe(20_000);
    expect(all.listings[0]!.key).toBe("P19999");
    const city = await searchListings(t.db, { page: 3, pageSize: 12, cities: ["Devon"] });
    expect(city.total).toBe(5_000);
    const last = await searchListings(t.db, { page: 1667, pageSize: 12 });
    expect(last.listings.at(-1)!.key).toBe("P9950");
    expect(await listingByKey(t.db, "P12345")).toMatchObject({ key: "P12345" });

    const plan = async (query: ReturnType<typeof sql>) =>
      (await t.db.rows<{ "QUERY PLAN": string }>(sql`explain ${query}`)).map((r) => r["QUERY PLAN"]).join("\n");
    const newest = await plan(
      sql`select listing_key from listings where true and listed_at is not null order by listed_at desc, listing_key limit 12`,
    );
    expect(newest).toMatch(/Index Scan Backward using listings_listed_idx/);
    // The planner may walk either index (a quarter of the rows are Devon's); it never sorts the table.
    const byCity = await plan(
      sql`select listing_key from listings where city = 'Devon' and listed_at is not null order by listed_at desc, listing_key limit 36`,
    );
    expect(byCity).toMatch(/Index Scan( Backward)? using listings_(city_)?listed_idx/);
    expect(byCity).not.toMatch(/Seq Scan/);
  });
});
