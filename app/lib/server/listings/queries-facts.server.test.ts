/**
 * A listing's facts and cost figures through the sync's store and the page's read, and the
 * "similar homes" beside it: band, widening, exclusion, status, order and speed on 20,000 listings.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { property, seedListings } from "../../../../tests/support/listings";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import type { DdfProperty } from "./property.server";
import { listingByKey, similarListings } from "./queries.server";

const t = testDatabaseForThisFile();

const seed = (...props: DdfProperty[]) => seedListings(t.db, ...props);

describe("listingByKey's facts and costs", () => {
  it("returns what the feed gave, as stored", async () => {
    await seed(
      property("CONDO", {
        PropertySubType: "Condo Apartment",
        StructureType: ["Apartment"],
        TaxAnnualAmount: 2150.75,
        TaxYear: 2025,
        AssociationFee: 1260,
        AssociationFeeFrequency: "Quarterly",
        AssociationFeeIncludes: ["Insurance", "Water"],
        YearBuilt: 1979,
        Rooms: [
          { RoomType: "Kitchen", RoomLevel: "Main level", RoomDimensions: "3.05 m x 2.74 m" },
          { RoomType: "Primary Bedroom", RoomLevel: "Main level" },
        ],
        ParkingTotal: 1,
        Heating: ["Baseboard heaters"],
      }),
      property("HOUSE", { LotSizeArea: 612.5, LotSizeUnits: "square meters", YearBuilt: -5, TaxAnnualAmount: -1 }),
    );
    expect(await listingByKey(t.db, "CONDO")).toMatchObject({
      facts: {
        yearBuilt: 1979,
        rooms: [
          { type: "Kitchen", level: "Main level", dimensions: "3.05 m x 2.74 m" },
          { type: "Primary Bedroom", level: "Main level", dimensions: null },
        ],
        parkingTotal: 1,
        lotSize: null,
        heating: ["Baseboard heaters"],
        feeIncludes: ["Insurance", "Water"],
      },
      costs: { taxAnnualAmount: 2150.75, taxYear: 2025, associationFee: 1260, associationFeeFrequency: "Quarterly" },
    });
    const house = await listingByKey(t.db, "HOUSE");
    expect(house).toMatchObject({
      facts: {
        yearBuilt: null,
        rooms: [],
        parkingTotal: null,
        lotSize: { area: 612.5, units: "square meters" },
        heating: [],
        feeIncludes: [],
      },
      costs: { taxAnnualAmount: null, taxYear: null, associationFee: null, associationFeeFrequency: null },
    });
    // Only the view's own fields: none of the stored columns leak beside facts and costs.
    expect(Object.keys(house!)).not.toContain("yearBuilt");
    expect(Object.keys(house!)).not.toContain("taxAnnualAmount");
  });

  it("updates them when the feed changes the listing", async () => {
    await seed(property("U1", { AssociationFee: 300, AssociationFeeFrequency: "Monthly" }));
    await seed(property("U1", { AssociationFee: null, ModificationTimestamp: "2026-10-03T00:00:00Z" }));
    expect(await listingByKey(t.db, "U1")).toMatchObject({ costs: { associationFee: null, associationFeeFrequency: null } });
  });
});

describe("similarListings", () => {
  const home = { key: "HOME", category: "single-family", city: "Edmonton", price: 500_000 } as const;
  const keys = async (listing: Parameters<typeof similarListings>[1] = home, options: Parameters<typeof similarListings>[2] = {}) =>
    (await similarListings(t.db, listing, options)).map((c) => c.key);

  it("gives available homes of the same city and category within 20 %, nearest price first, never the home itself", async () => {
    await seed(
      property("HOME"),
      property("NEAR1", { ListPrice: 510_000 }),
      property("NEAR2", { ListPrice: 480_000 }),
      property("EDGE_LOW", { ListPrice: 400_000 }),
      property("EDGE_HIGH", { ListPrice: 600_000 }),
      property("TIE_B", { ListPrice: 530_000 }),
      property("TIE_A", { ListPrice: 470_000 }),
      property("WIDE", { ListPrice: 640_000 }),
      property("PENDING", { ListPrice: 500_000, StandardStatus: "Pending" }),
      property("CONTRACT", { ListPrice: 500_000, StandardStatus: "Active Under Contract" }),
      property("LEDUC", { ListPrice: 500_000, City: "Leduc" }),
      property("CONDO", { ListPrice: 500_000, PropertySubType: "Condo Apartment", StructureType: ["Apartment"] }),
      property("NOPRICE", { ListPrice: 0 }),
    );
    expect(await keys()).toEqual(["NEAR1", "NEAR2", "TIE_A", "TIE_B", "EDGE_HIGH", "EDGE_LOW"]);
    expect(await keys(home, { limit: 3 })).toEqual(["NEAR1", "NEAR2", "TIE_A"]);
    const [card] = await similarListings(t.db, home, { memberKey: "M1" });
    expect(card).toMatchObject({
      key: "NEAR1",
      path: expect.stringMatching(/^\/listings\/NEAR1-/),
      price: 510_000,
      status: "active",
      listedByAgent: false,
      category: "single-family",
    });
  });

  it("widens to 35 % when 20 % finds fewer than 3, and no further", async () => {
    await seed(
      property("HOME"),
      property("NEAR", { ListPrice: 550_000 }),
      property("W_LOW", { ListPrice: 340_000 }),
      property("W_HIGH", { ListPrice: 660_000 }),
      property("W_EDGE", { ListPrice: 326_000 }),
      property("FAR_LOW", { ListPrice: 320_000 }),
      property("FAR_HIGH", { ListPrice: 680_000 }),
    );
    expect(await keys()).toEqual(["NEAR", "W_HIGH", "W_LOW", "W_EDGE"]);
    // A third home within 20 %: the band is narrow again.
    await seed(property("NEAR2", { ListPrice: 450_000 }), property("NEAR3", { ListPrice: 590_000 }));
    expect(await keys()).toEqual(["NEAR", "NEAR2", "NEAR3"]);
  });

  it("has none for a home without a price or a city, or alone in its market", async () => {
    await seed(property("HOME"), property("OTHER", { ListPrice: 505_000 }));
    expect(await keys({ ...home, price: null })).toEqual([]);
    expect(await keys({ ...home, city: null })).toEqual([]);
    expect(await keys({ ...home, category: "townhouse" })).toEqual([]);
    expect(await keys({ ...home, key: "OTHER" })).toEqual(["HOME"]);
  });

  it("answers from the index on 20,000 listings, reading only the nearest rows", async () => {
    // Generated in the database: 200 upserts of 100 would spend the test's time on seeding.
    await t.db.rows(sql`
      insert into listings (listing_key, slug, status, list_price, address, city, category, modified_at)
      select 'P' || i, 'home-' || i, case when i % 10 = 0 then 'pending' else 'active' end, 200000 + (i * 7919 % 800) * 1000, i || ' Some Street',
        (array['Edmonton','Leduc','Devon','St. Albert'])[1 + i % 4], (array['single-family','condominium','townhouse','other'])[1 + (i / 4) % 4], now()
      from generate_series(1, 20000) as i`);
    await t.db.rows(sql`analyze listings`);
    const listing = { key: "P1", category: "single-family", city: "Leduc", price: 500_000 } as const;
    const found = await similarListings(t.db, listing);
    expect(found).toHaveLength(6);
    expect(
      found.every(
        (c) => c.city === "Leduc" && c.category === "single-family" && c.status === "active" && Math.abs(c.price! - 500_000) <= 100_000,
      ),
    ).toBe(true);
    const distances = found.map((c) => Math.abs(c.price! - 500_000));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    const plan = (
      await t.db.rows<{ "QUERY PLAN": string }>(sql`explain
      select listing_key from listings where city = 'Leduc' and category = 'single-family' and status = 'active' and listing_key <> 'P1'
        and list_price < 500000 and list_price >= 325000 order by list_price desc, listing_key limit 6`)
    )
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    // Its own index, or the search's (decision 062), either walked along the price from 500,000.
    expect(plan).toMatch(/Index (Only )?Scan( Backward)? using listings_(similar|search)_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
