import { type SQL, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { generateListings } from "../../../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../../../tests/fixtures/ddf/stand-in";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import type { Database } from "../../../../platform/db/database";
import { createDdfClient } from "./ddf-client.server";
import { toListingRow } from "./property.server";
import { searchListings } from "./queries.server";
import { upsertListings } from "./store.server";
import { syncListings } from "./sync.server";

// The count and median over a filter's listings, kept until the sync changes the local copy
// (summary.server.ts), read through the pages' own query.

const t = testDatabaseForThisFile();
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function feed(count: number) {
  const standIn = await startDdfStandIn({ listings: generateListings(count, { seed: 11 }) });
  closers.push(() => standIn.close());
  const client = createDdfClient({
    tokenUrl: standIn.tokenUrl,
    apiUrl: standIn.apiUrl,
    clientId: "ddf-client",
    clientSecret: "ddf-secret",
  });
  const sync = async (db: Database = t.db) => {
    const result = await syncListings(db, client, { fullCheckMs: 6 * 3_600_000 });
    expect(result.error).toBeUndefined();
  };
  /** A new Edmonton listing in the feed, at a price no generated one has. */
  const add = (key: string, price: number) => {
    const template = [...standIn.listings.values()][0]!;
    standIn.upsert({ ...template, ListingKey: key, City: "Edmonton", ListPrice: price, ModificationTimestamp: undefined });
  };
  return { standIn, sync, add };
}

/** What the page shows: the total and the median. */
async function shown(db: Database, cities?: string[]) {
  const page = await searchListings(db, { cities, page: 1, pageSize: 1 });
  return { total: page.total, median: page.medianAskingPrice };
}

/** The same figures read from the table now (available homes, as a search shows by default). */
async function live(where: SQL = sql`true`) {
  const [row] = await t.db.rows<{ total: number; median: number | null }>(sql`
    select count(*)::int as total, percentile_cont(0.5) within group (order by list_price) as median from listings where status = 'active' and ${where}`);
  return row!;
}

describe(`listing summary (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("reads the figures each time until a sync has finished", async () => {
    const [a, b] = generateListings(2, { seed: 3 });
    await upsertListings(t.db, [toListingRow(a!)]);
    expect((await shown(t.db)).total).toBe(1);
    await upsertListings(t.db, [toListingRow(b!)]);
    expect((await shown(t.db)).total).toBe(2);
  });

  it("keeps the figures until a sync changes the copy, then reads them again", async () => {
    const { sync, add } = await feed(40);
    await sync();
    const edmonton = sql`city = 'Edmonton'`;
    expect(await shown(t.db)).toEqual(await live());
    expect(await shown(t.db, ["Edmonton"])).toEqual(await live(edmonton));
    const before = await shown(t.db);

    // A row written around the sync is not seen: the figures were not read again.
    const [outside] = generateListings(1, { seed: 5 });
    await upsertListings(t.db, [toListingRow({ ...outside!, ListingKey: "OUTSIDE1" })]);
    expect(await shown(t.db)).toEqual(before);
    expect((await live()).total).toBe(before.total + 1);

    // The sync stores two more: every figure is read again, the row written around it included.
    add("NEW1", 5_000_000);
    add("NEW2", 6_000_000);
    await sync();
    expect(await shown(t.db)).toEqual(await live());
    expect((await shown(t.db)).total).toBe(before.total + 3);
    expect(await shown(t.db, ["Edmonton"])).toEqual(await live(edmonton));
  });

  it.skipIf(!usingPostgres)("sees a sync that another server ran on the shared database", async () => {
    const other = await t.openAnother();
    const { sync, add } = await feed(30);
    await sync(t.db);
    const before = await shown(other, ["Edmonton"]);
    expect(before).toEqual(await live(sql`city = 'Edmonton'`));
    add("NEW3", 7_000_000);
    await sync(t.db);
    expect(await shown(other, ["Edmonton"])).toEqual({ total: before.total + 1, median: (await live(sql`city = 'Edmonton'`)).median });
  });
});
