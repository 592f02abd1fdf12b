/**
 * The listing changes the store records in the same statement as the change (the alerts' source):
 * new, price, status, removed (with the feed's status when it is why), none on the first full
 * load, and through the real sync: nothing on the full load, the increment's changes after it.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { listingChanges as c } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { generateListings, generateOffices } from "../../../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../../../tests/fixtures/ddf/stand-in";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { listing } from "../../../../tests/support/alerts";
import { createDdfClient } from "./ddf-client.server";
import { removeListings, upsertListings } from "./store.server";
import { syncListings } from "./sync.server";

const t = testDatabaseForThisFile();
const changes = () =>
  select(
    t.db.rows,
    { key: c.listing_key, kind: c.kind, oldPrice: c.old_price, newPrice: c.new_price, oldStatus: c.old_status, newStatus: c.new_status },
    sql`from ${c} order by ${c.id}`,
  );

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

describe("listing changes", () => {
  it("records new listings, price and status changes, and nothing for a listing stored again unchanged", async () => {
    expect(await upsertListings(t.db, [listing("A"), listing("B")])).toBe(2);
    expect(await changes()).toEqual([
      { key: "A", kind: "new", oldPrice: null, newPrice: 400_000, oldStatus: null, newStatus: "active" },
      { key: "B", kind: "new", oldPrice: null, newPrice: 400_000, oldStatus: null, newStatus: "active" },
    ]);
    await t.db.rows(sql`delete from ${c}`);
    expect(
      await upsertListings(t.db, [
        listing("A", { list_price: 380_000 }),
        listing("B", { status: "pending", address: "new address" }),
        listing("C"),
      ]),
    ).toBe(3);
    expect(await changes()).toEqual([
      { key: "C", kind: "new", oldPrice: null, newPrice: 400_000, oldStatus: null, newStatus: "active" },
      { key: "A", kind: "price", oldPrice: 400_000, newPrice: 380_000, oldStatus: "active", newStatus: "active" },
      { key: "B", kind: "status", oldPrice: 400_000, newPrice: 400_000, oldStatus: "active", newStatus: "pending" },
    ]);
    await t.db.rows(sql`delete from ${c}`);
    await upsertListings(t.db, [listing("A", { list_price: 380_000, address: "renamed" })]);
    expect(await changes()).toEqual([]);
  });

  it("records a removal with the last price and status and the feed's status, and a listing that comes back as new", async () => {
    await upsertListings(t.db, [listing("A", { list_price: 500_000 }), listing("B", { status: "under-contract" })], {
      recordChanges: false,
    });
    expect(await changes()).toEqual([]);
    expect(await removeListings(t.db, [{ key: "A", status: "Closed" }, "B", { key: "UNKNOWN", status: "Expired" }])).toBe(2);
    expect(await changes()).toEqual([
      { key: "A", kind: "removed", oldPrice: 500_000, newPrice: null, oldStatus: "active", newStatus: "Closed" },
      { key: "B", kind: "removed", oldPrice: 400_000, newPrice: null, oldStatus: "under-contract", newStatus: null },
    ]);
    await t.db.rows(sql`delete from ${c}`);
    await upsertListings(t.db, [listing("A")]);
    expect(await changes()).toMatchObject([{ key: "A", kind: "new" }]);
    await removeListings(t.db, ["A"], { recordChanges: false });
    expect(await changes()).toHaveLength(1);
  });

  it("records nothing on the sync's first full load, then the increment's changes and the feed's status of a listing that left", async () => {
    const feed = generateListings(30, { seed: 11 });
    const standIn = await startDdfStandIn({ listings: feed, offices: generateOffices() });
    closers.push(() => standIn.close());
    const client = createDdfClient({
      tokenUrl: standIn.tokenUrl,
      apiUrl: standIn.apiUrl,
      clientId: "ddf-client",
      clientSecret: "ddf-secret",
    });
    const first = await syncListings(t.db, client, { fullCheckMs: 6 * 3_600_000 });
    expect(first.error).toBeUndefined();
    expect(first.upserted).toBe(30);
    expect(await changes()).toEqual([]);

    const [cheaper, sold] = [standIn.listings.get(feed[3]!.ListingKey)!, standIn.listings.get(feed[4]!.ListingKey)!];
    standIn.upsert({ ...cheaper, ListPrice: 1000, ModificationTimestamp: undefined });
    standIn.upsert({ ...sold, StandardStatus: "Closed", ModificationTimestamp: undefined });
    standIn.upsert({ ...cheaper, ListingKey: "39000009", ModificationTimestamp: undefined });
    const second = await syncListings(t.db, client, { fullCheckMs: 6 * 3_600_000 });
    expect(second.error).toBeUndefined();
    const recorded = await changes();
    expect(recorded).toHaveLength(3);
    expect(recorded).toEqual(
      expect.arrayContaining([
        { key: cheaper.ListingKey, kind: "price", oldPrice: cheaper.ListPrice, newPrice: 1000, oldStatus: "active", newStatus: "active" },
        expect.objectContaining({ key: sold.ListingKey, kind: "removed", newStatus: "Closed" }),
        expect.objectContaining({ key: "39000009", kind: "new", newPrice: cheaper.ListPrice }),
      ]),
    );
  });
});
