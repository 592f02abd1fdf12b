/**
 * Matching listing changes to searches and watches (PGlite): every criterion, price drops but not
 * rises, status changes and removals only for watches, the most frequent subscription per person,
 * nothing from before a confirmation, the cursor; and the newer filters, matched by the search's own SQL.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertCursor, alertItems as i, listingChanges as c } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import type { AlertCriteria } from "../../alert-values";
import { listingsMatching, searchListings } from "../listings/queries.server";
import { removeListings, upsertListings } from "../listings/store.server";
import { follow, listing } from "../../../../tests/support/alerts";
import { decidedByRow, matchChanges, rowMatches } from "./matching.server";
import { generateListings } from "../../../../tests/fixtures/ddf/listings";
import { toListingRow } from "../listings/property.server";

const t = testDatabaseForThisFile();
const NOW = new Date("2030-01-01T00:00:00Z");
/** The (person, change) pairs the rows hold, in change order. */
const items = () =>
  select(
    t.db.rows,
    {
      person: i.person_id,
      subscription: i.subscription_id,
      key: c.listing_key,
      kind: c.kind,
      oldPrice: c.old_price,
      newPrice: c.new_price,
      status: c.new_status,
      frequency: i.frequency,
    },
    sql`from ${i} cross join unnest(${i.change_ids}) as u(change_id) join ${c} on ${c.id} = u.change_id order by ${c.id}, ${i.id}`,
  );
const keysFor = async (person: number) => (await items()).filter((x) => x.person === person).map((x) => `${x.kind}:${x.key}`);

describe("matchChanges", () => {
  it("gives each search the new listings it would show as available homes, on every criterion", async () => {
    const searches: Record<string, AlertCriteria> = {
      all: {},
      city: { cities: ["Leduc", "St. Albert"] },
      type: { category: "condominium" },
      min: { minPrice: 450_000 },
      max: { maxPrice: 350_000 },
      beds: { minBeds: 4 },
      every: { cities: ["Edmonton"], category: "single-family", minPrice: 300_000, maxPrice: 500_000, minBeds: 3 },
    };
    const people: Record<string, number> = {};
    for (const [who, criteria] of Object.entries(searches))
      people[who] = (await follow(t.db, { email: `${who}@example.com`, criteria })).personId;
    await upsertListings(t.db, [
      listing("HOUSE"),
      listing("LEDUC", { city: "Leduc" }),
      listing("CONDO", { category: "condominium", list_price: 300_000 }),
      listing("DEAR", { list_price: 600_000, bedrooms: 5 }),
      listing("PENDING", { status: "pending" }),
      listing("NOPRICE", { list_price: null, bedrooms: null }),
    ]);
    // One row per search that matched.
    expect(await matchChanges(t.db, NOW)).toEqual({ changes: 6, items: 7, matches: 11, caughtUp: true });
    expect(await keysFor(people.all!)).toEqual(["new:HOUSE", "new:LEDUC", "new:CONDO", "new:DEAR", "new:NOPRICE"]);
    expect(await keysFor(people.city!)).toEqual(["new:LEDUC"]);
    expect(await keysFor(people.type!)).toEqual(["new:CONDO"]);
    expect(await keysFor(people.min!)).toEqual(["new:DEAR"]);
    expect(await keysFor(people.max!)).toEqual(["new:CONDO"]);
    expect(await keysFor(people.beds!)).toEqual(["new:DEAR"]);
    expect(await keysFor(people.every!)).toEqual(["new:HOUSE"]);
    // Caught up: nothing is matched twice.
    expect(await matchChanges(t.db, NOW)).toEqual({ changes: 0, items: 0, matches: 0, caughtUp: true });
    const [cursor] = await select(t.db.rows, { last: alertCursor.last_change_id }, sql`from ${alertCursor}`);
    expect(cursor!.last).toBe(6);
  });

  it("gives searches price drops but not rises, and watches every change of their home, removal included", async () => {
    await upsertListings(t.db, [listing("A"), listing("B"), listing("C")], { recordChanges: false });
    const search = (await follow(t.db, { email: "search@example.com", criteria: { cities: ["Edmonton"] } })).personId;
    const watch = (await follow(t.db, { email: "watch@example.com", listingKey: "A" })).personId;
    await follow(t.db, { email: "watch@example.com", listingKey: "B" });
    await upsertListings(t.db, [
      listing("A", { list_price: 390_000 }),
      listing("B", { list_price: 410_000 }),
      listing("C", { status: "pending" }),
    ]);
    await matchChanges(t.db, NOW);
    await upsertListings(t.db, [listing("A", { list_price: 380_000, status: "under-contract" })]);
    await removeListings(t.db, [{ key: "B", status: "Closed" }]);
    await matchChanges(t.db, NOW);
    // The second drop of A came with an accepted offer: no longer an available home for the search.
    expect(await keysFor(search)).toEqual(["price:A"]);
    expect((await items()).filter((x) => x.person === watch)).toEqual([
      expect.objectContaining({ key: "A", kind: "price", oldPrice: 400_000, newPrice: 390_000 }),
      expect.objectContaining({ key: "B", kind: "price", oldPrice: 400_000, newPrice: 410_000 }),
      expect.objectContaining({ key: "A", kind: "price", oldPrice: 390_000, newPrice: 380_000 }),
      expect.objectContaining({ key: "A", kind: "status", status: "under-contract" }),
      expect.objectContaining({ key: "B", kind: "removed", oldPrice: 410_000, newPrice: null, status: "Closed" }),
    ]);
  });

  it("stores one item per person and change, at their most frequent matching subscription, and none from before a confirmation", async () => {
    const weekly = await follow(t.db, { email: "sam@example.com", criteria: {}, frequency: "weekly" });
    const daily = await follow(t.db, { email: "sam@example.com", criteria: { cities: ["Edmonton"] }, frequency: "daily" });
    await follow(t.db, { email: "late@example.com", criteria: {}, confirmedAt: new Date("2100-01-01T00:00:00Z") });
    await upsertListings(t.db, [listing("E"), listing("L", { city: "Leduc" })]);
    await matchChanges(t.db, NOW);
    expect(await items()).toEqual([
      expect.objectContaining({ person: weekly.personId, subscription: daily.subscriptionId, key: "E", frequency: "daily" }),
      expect.objectContaining({ person: weekly.personId, subscription: weekly.subscriptionId, key: "L", frequency: "weekly" }),
    ]);
  });

  it("reads the changes in bounded batches", async () => {
    await follow(t.db, { email: "all@example.com", criteria: {} });
    await upsertListings(
      t.db,
      ["1", "2", "3", "4", "5"].map((k) => listing(`K${k}`)),
    );
    expect(await matchChanges(t.db, NOW, { batch: 2 })).toEqual({ changes: 2, items: 1, matches: 2, caughtUp: false });
    expect(await matchChanges(t.db, NOW, { batch: 2 })).toEqual({ changes: 2, items: 1, matches: 2, caughtUp: false });
    expect(await matchChanges(t.db, NOW, { batch: 2 })).toEqual({ changes: 1, items: 1, matches: 1, caughtUp: true });
    expect(await items()).toHaveLength(5);
    // One row per subscription and run, its change ids in id order.
    const rows = await select(t.db.rows, { ids: sql<string>`array_to_string(${i.change_ids}, ',')` }, sql`from ${i} order by ${i.id}`);
    expect(rows.map((r) => r.ids)).toEqual(["1,2", "3,4", "5"]);
  });
});

describe("a saved search with the search's newer filters (issue 45)", () => {
  it("gets exactly what /listings shows for it: baths, size, style, community, keywords, the map's area", async () => {
    const near = { latitude: 53.45, longitude: -113.6 };
    const match = {
      bathrooms: 3,
      living_area: 2000,
      living_area_units: "square feet",
      features: { architecturalStyle: ["Bungalow"] },
      community: "Windermere",
      public_remarks: "A triple garage and a gas fireplace.",
      ...near,
    };
    const criteria: AlertCriteria = {
      minBaths: 2,
      minArea: 1500,
      style: "Bungalow",
      community: "windermere",
      keywords: ["garag", "fireplace"],
      bounds: { south: 53.4, west: -113.7, north: 53.5, east: -113.5 },
      sort: "price-asc",
    };
    const buyer = (await follow(t.db, { email: "picky@example.com", criteria })).personId;
    const words = (await follow(t.db, { email: "words@example.com", criteria: { keywords: ["fireplace"] } })).personId;
    await upsertListings(t.db, [
      listing("MATCH", match),
      listing("FAR", { ...match, latitude: 53.7 }),
      listing("NOGARAGE", { ...match, public_remarks: "A gas fireplace." }),
      listing("SMALL", { ...match, living_area: 90, living_area_units: "square meters" }),
      listing("TWOLEVEL", { ...match, features: { architecturalStyle: ["2 Level"] } }),
      listing("ONEBATH", { ...match, bathrooms: 1 }),
      listing("ELSEWHERE", { ...match, community: "Oliver" }),
      listing("NOPOINT", { ...match, latitude: null, longitude: null }),
    ]);
    await matchChanges(t.db, NOW);
    const shown = async (c: AlertCriteria) =>
      (await searchListings(t.db, { ...c, page: 1, pageSize: 100, today: "2029-12-31" })).listings.map((l) => `new:${l.key}`).sort();
    expect(await keysFor(buyer)).toEqual(["new:MATCH"]);
    expect(await keysFor(buyer)).toEqual(await shown(criteria));
    expect((await keysFor(words)).sort()).toEqual(await shown({ keywords: ["fireplace"] }));
    expect(await keysFor(words)).toHaveLength(8);
  });

  it("decides searches of city, type, price and bedrooms on the change's row exactly as the SQL does", async () => {
    const rows = generateListings(300, { seed: 5 }).map((p) => toListingRow(p));
    rows.forEach((r, n) => {
      if (n % 17 === 0) r.list_price = null;
      if (n % 13 === 0) r.bedrooms = null;
      if (n % 19 === 0) r.city = null;
      if (n % 23 === 0) r.list_price = 0;
    });
    await upsertListings(t.db, rows, { recordChanges: false });
    const cities = [...new Set(rows.flatMap((r) => (r.city ? [r.city] : [])))];
    const criteria: AlertCriteria[] = [
      {},
      { cities: [cities[0]!] },
      { cities: cities.slice(0, 3), category: "single-family" },
      { category: "condominium", maxPrice: 300_000 },
      { minPrice: 500_000, maxPrice: 900_000, sort: "price-asc" },
      { maxPrice: 200_000 },
      { minBeds: 3 },
    ];
    const keys = rows.filter((r) => r.status === "active").map((r) => r.listing_key);
    const bySql = await listingsMatching(
      t.db,
      criteria.map((c) => ({ filter: c, keys })),
    );
    criteria.forEach((c, i) => {
      expect(decidedByRow(c)).toBe(true);
      const byRow = rows
        .filter(
          (r) =>
            r.status === "active" &&
            rowMatches(c, { city: r.city ?? null, category: r.category, price: r.list_price ?? null, beds: r.bedrooms ?? null }),
        )
        .map((r) => r.listing_key);
      expect(byRow.sort(), JSON.stringify(c)).toEqual(bySql[i]!.sort());
      expect(byRow.length, JSON.stringify(c)).toBeGreaterThan(0);
    });
    expect(decidedByRow({ keywords: ["deck"] })).toBe(false);
  });

  it("reads many searches a few hundred to a statement, each its own answer", async () => {
    await upsertListings(
      t.db,
      [listing("P1", { list_price: 100_000 }), listing("P2", { list_price: 200_000 }), listing("P3", { list_price: 300_000 })],
      {
        recordChanges: false,
      },
    );
    const reads = Array.from({ length: 450 }, (_, n) => ({
      filter: { minPrice: (n % 4) * 100_000 || undefined },
      keys: n % 5 === 4 ? [] : ["P1", "P2", "P3", "NONE"],
    }));
    const matched = await listingsMatching(t.db, reads);
    expect(matched).toHaveLength(450);
    matched.forEach((keys, n) =>
      expect(keys.sort(), String(n)).toEqual(n % 5 === 4 ? [] : ["P1", "P2", "P3"].slice(Math.max(0, (n % 4) - 1))),
    );
  });
});
