/** A Property's facts and cost figures as stored: kept as the feed gives them, junk left out. */
import { describe, expect, it } from "vitest";
import { MAX_ROOMS, featuresOf, listingFactsOf } from "./property-facts.server";
import { listingFactGroups } from "~/components/listings/listing-fact-groups";
import type { ListingDetail } from "~/lib/listing-types";
import { type DdfProperty, toListingRow } from "./property.server";

const now = new Date("2026-11-25T12:00:00Z");

describe("listingFactsOf", () => {
  it("keeps the feed's facts and costs", () => {
    expect(
      listingFactsOf(
        {
          TaxAnnualAmount: 3912.4,
          TaxYear: 2025,
          AssociationFee: 1250.5,
          AssociationFeeFrequency: " Quarterly ",
          AssociationFeeIncludes: ["Insurance", "Water", "Insurance", " "],
          YearBuilt: 1998,
          Rooms: [{ RoomType: "Kitchen", RoomLevel: "Main level", RoomDimensions: "3.66 m x 3.35 m" }, { RoomType: " Den " }],
          ParkingTotal: 0,
          LotSizeArea: 512.4,
          LotSizeUnits: "square meters",
          Heating: ["Forced air", "Natural gas"],
        },
        now,
      ),
    ).toEqual({
      tax_annual_amount: 3912.4,
      tax_year: 2025,
      association_fee: 1250.5,
      association_fee_frequency: "Quarterly",
      fee_includes: ["Insurance", "Water"],
      year_built: 1998,
      rooms: [
        { type: "Kitchen", level: "Main level", dimensions: "3.66 m x 3.35 m" },
        { type: "Den", level: null, dimensions: null },
      ],
      // No parking is a fact too.
      parking_total: 0,
      lot_size_area: 512.4,
      lot_size_units: "square meters",
      heating: ["Forced air", "Natural gas"],
      features: {},
    });
  });

  it("stores nothing for what the feed leaves out", () => {
    expect(listingFactsOf({}, now)).toEqual({
      tax_annual_amount: null,
      tax_year: null,
      association_fee: null,
      association_fee_frequency: null,
      fee_includes: [],
      year_built: null,
      rooms: [],
      parking_total: null,
      lot_size_area: null,
      lot_size_units: null,
      heating: [],
      features: {},
    });
  });

  it.each([
    ["a negative tax", { TaxAnnualAmount: -250 }, "tax_annual_amount"],
    ["a tax of 0", { TaxAnnualAmount: 0 }, "tax_annual_amount"],
    ["a tax of ten million", { TaxAnnualAmount: 10_000_000 }, "tax_annual_amount"],
    ["a tax year of 20025", { TaxYear: 20025 }, "tax_year"],
    ["a tax year next year but one", { TaxYear: 2028 }, "tax_year"],
    ["a fractional tax year", { TaxYear: 2025.5 }, "tax_year"],
    ["a negative fee", { AssociationFee: -1, AssociationFeeFrequency: "Monthly" }, "association_fee"],
    ["a fee of a million", { AssociationFee: 1_000_000 }, "association_fee"],
    ["a year built of 19985", { YearBuilt: 19985 }, "year_built"],
    ["a year built of 0", { YearBuilt: 0 }, "year_built"],
    ["a negative parking total", { ParkingTotal: -1 }, "parking_total"],
    ["2.5 parking spaces", { ParkingTotal: 2.5 }, "parking_total"],
    ["parking for 5,000", { ParkingTotal: 5000 }, "parking_total"],
    ["a lot of 0", { LotSizeArea: 0, LotSizeUnits: "acres" }, "lot_size_area"],
    ["an infinite lot", { LotSizeArea: Infinity }, "lot_size_area"],
    ["a number sent as text", { TaxAnnualAmount: "3912" as unknown as number }, "tax_annual_amount"],
    ["not a number", { YearBuilt: Number.NaN }, "year_built"],
  ] as const)("leaves out %s", (_, property, column) => {
    expect(listingFactsOf(property, now)[column]).toBeNull();
  });

  it("keeps a frequency and units only beside the figure they qualify", () => {
    expect(listingFactsOf({ AssociationFeeFrequency: "Monthly", LotSizeUnits: "acres" }, now)).toMatchObject({
      association_fee_frequency: null,
      lot_size_units: null,
    });
    expect(listingFactsOf({ AssociationFee: 410, AssociationFeeFrequency: "  " }, now)).toMatchObject({
      association_fee: 410,
      association_fee_frequency: null,
    });
  });

  it("trims and caps texts, drops rooms without a type and keeps at most 60 rooms", () => {
    const rooms = Array.from({ length: 80 }, (_, n) => ({
      RoomType: `Bedroom ${n + 1}`,
      RoomLevel: "Upper Level",
      RoomDimensions: "3 m x 3 m",
    }));
    const junk = [
      null,
      "Kitchen",
      { RoomType: "  " },
      { RoomLevel: "Basement" },
      { RoomType: "x".repeat(500), RoomLevel: "y".repeat(500), RoomDimensions: 12 },
    ];
    const facts = listingFactsOf(
      {
        Rooms: [...(junk as never[]), ...rooms],
        Heating: ["z".repeat(300), 7 as unknown as string],
        AssociationFeeIncludes: "Water" as unknown as string[],
      },
      now,
    );
    expect(facts.rooms).toHaveLength(MAX_ROOMS);
    expect(facts.rooms[0]).toEqual({ type: "x".repeat(60), level: "y".repeat(40), dimensions: null });
    expect(facts.rooms[1]).toEqual({ type: "Bedroom 1", level: "Upper Level", dimensions: "3 m x 3 m" });
    expect(facts.heating).toEqual(["z".repeat(80)]);
    expect(facts.fee_includes).toEqual([]);
    expect(listingFactsOf({ Rooms: "Kitchen" as never, Heating: null }, now)).toMatchObject({ rooms: [], heating: [] });
  });

  it("accepts a home listed before it is built, a few years ahead", () => {
    expect(listingFactsOf({ YearBuilt: 2028 }, now).year_built).toBe(2028);
    expect(listingFactsOf({ YearBuilt: 2035 }, now).year_built).toBeNull();
  });
});

describe("toListingRow", () => {
  it("carries the facts and costs into the row", () => {
    const p: DdfProperty = {
      ListingKey: "F1",
      ModificationTimestamp: "2026-11-01T00:00:00Z",
      TaxAnnualAmount: 2400,
      TaxYear: 2025,
      YearBuilt: 2001,
      Heating: ["Forced air"],
    };
    expect(toListingRow(p, now)).toMatchObject({
      tax_annual_amount: 2400,
      tax_year: 2025,
      year_built: 2001,
      heating: ["Forced air"],
      rooms: [],
      association_fee: null,
    });
  });
});

describe("featuresOf (issue 45)", () => {
  it("keeps the feed's lists, texts and figures under their keys, units only beside a figure", () => {
    expect(
      featuresOf({
        ArchitecturalStyle: ["Bungalow"],
        Cooling: ["Central air conditioning", "Central air conditioning", " "],
        Basement: ["Finished", "Full"],
        ParkingFeatures: ["Attached Garage"],
        Appliances: ["Dishwasher", "Refrigerator"],
        Flooring: [],
        FireplaceYN: true,
        FireplacesTotal: 2,
        FireplaceFeatures: ["Gas"],
        LotFeatures: ["Corner lot"],
        LotSizeDimensions: " 15.2 x 36.6 m ",
        Zoning: "RF1",
        ZoningDescription: "Small Scale Residential",
        CommunityFeatures: ["Playground"],
        AboveGradeFinishedArea: 1250,
        AboveGradeFinishedAreaUnits: "square feet",
        BelowGradeFinishedAreaUnits: "square feet",
        Stories: 0,
      }),
    ).toEqual({
      architecturalStyle: ["Bungalow"],
      cooling: ["Central air conditioning"],
      basement: ["Finished", "Full"],
      parking: ["Attached Garage"],
      appliances: ["Dishwasher", "Refrigerator"],
      fireplace: true,
      fireplaces: 2,
      fireplaceFeatures: ["Gas"],
      lotFeatures: ["Corner lot"],
      lotDimensions: "15.2 x 36.6 m",
      zoning: "RF1",
      zoningDescription: "Small Scale Residential",
      communityFeatures: ["Playground"],
      aboveGradeArea: 1250,
      aboveGradeAreaUnits: "square feet",
    });
  });

  it("leaves out junk: wrong types, impossible figures, endless texts", () => {
    expect(
      featuresOf({ Cooling: "None" as never, Stories: -2, FireplacesTotal: 1.5e9, FireplaceYN: "yes" as never, Zoning: 42 as never }),
    ).toEqual({});
    expect(featuresOf({ Zoning: "z".repeat(500) }).zoning).toHaveLength(60);
  });

  it("writes a room's sides out when the board gave no dimensions", () => {
    const facts = listingFactsOf(
      {
        Rooms: [
          { RoomType: "Kitchen", RoomLevel: "Main level", RoomLength: 4.27, RoomWidth: 3.96, RoomLengthWidthUnits: "Meters" },
          { RoomType: "Den", RoomLength: 3 },
        ],
      },
      now,
    );
    expect(facts.rooms).toEqual([
      { type: "Kitchen", level: "Main level", dimensions: "4.27 x 3.96 Meters" },
      { type: "Den", level: null, dimensions: null },
    ]);
  });
});

describe("listingFactGroups (issue 45)", () => {
  const listing = (features: ListingDetail["facts"]["features"], more: Partial<ListingDetail> = {}): ListingDetail =>
    ({
      price: 450_000,
      previousPrice: null,
      facts: { yearBuilt: 1998, rooms: [], parkingTotal: 2, lotSize: null, heating: ["Forced air"], feeIncludes: [], features },
      costs: { taxAnnualAmount: 3100, taxYear: 2025, associationFee: null, associationFeeFrequency: null },
      ...more,
    }) as ListingDetail;

  it("groups what the feed gave as the portals do, and leaves out empty groups", () => {
    const groups = listingFactGroups(
      listing({
        architecturalStyle: ["Bungalow"],
        cooling: ["Central air conditioning"],
        fireplace: true,
        fireplaces: 1,
        fireplaceFeatures: ["Gas"],
        zoning: "RF1",
        communityFeatures: ["Park", "Schools"],
      }),
    );
    expect(groups).toEqual([
      {
        title: "Building",
        rows: [
          ["Style", "Bungalow"],
          ["Year built", "1998"],
        ],
      },
      {
        title: "Inside",
        rows: [
          ["Heating", "Forced air"],
          ["Cooling", "Central air conditioning"],
          ["Fireplace", "1 (Gas)"],
        ],
      },
      { title: "Parking", rows: [["Parking spaces", "2"]] },
      { title: "Land", rows: [["Zoning", "RF1"]] },
      { title: "Community", rows: [["Amenities nearby", "Park, Schools"]] },
      { title: "Taxes", rows: [["Property tax", "$3,100 (2025)"]] },
    ]);
  });

  it("shows the condo fee and a reduced price, and says 'None' for a fireplace the feed says is absent", () => {
    const groups = listingFactGroups(
      listing(
        { fireplace: false },
        {
          previousPrice: 475_000,
          costs: { taxAnnualAmount: null, taxYear: null, associationFee: 420, associationFeeFrequency: "Monthly" },
        },
      ),
    );
    expect(groups.find((g) => g.title === "Condo")?.rows).toEqual([["Condo fee", "$420 monthly"]]);
    expect(groups.find((g) => g.title === "Listing")?.rows).toEqual([["Price reduced from", "$475,000"]]);
    expect(groups.find((g) => g.title === "Inside")?.rows).toContainEqual(["Fireplace", "None"]);
    expect(groups.some((g) => g.title === "Taxes")).toBe(false);
  });
});
