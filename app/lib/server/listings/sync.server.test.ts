import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURE_MEMBER_KEY, generateListings, generateOffices, generateOpenHouses } from "../../../../tests/fixtures/ddf/listings";
import { edmontonDate } from "../../dates";
import { agentListings, listingByKey, searchListings } from "./queries.server";
import { startDdfStandIn } from "../../../../tests/fixtures/ddf/stand-in";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { createDdfClient } from "./ddf-client.server";
import { DdfRateLimited, DdfUnavailable } from "./ddf-errors.server";
import { countListings } from "./store.server";
import { listingSyncStatus } from "./sync-status.server";
import { workerDelay } from "./sync-worker.server";
import { type ListingSyncRow, syncListings } from "./sync.server";

// One sync run against the local stand-in of the DDF® API: the full load, increments, removals,
// token expiry, the feed down or rate limiting, and two servers asking at once.

const t = testDatabaseForThisFile();
const HOUR = 3_600_000;
type StandIn = Awaited<ReturnType<typeof startDdfStandIn>>;
let standIns: StandIn[] = [];
afterEach(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  standIns = [];
});

async function feed(count: number, delayMs = 0) {
  const standIn = await startDdfStandIn({ listings: generateListings(count, { seed: 7 }), offices: generateOffices() });
  standIns.push(standIn);
  const slow: typeof fetch = async (input, init) => {
    await new Promise((r) => setTimeout(r, delayMs));
    return fetch(input, init);
  };
  const client = createDdfClient({
    tokenUrl: standIn.tokenUrl,
    apiUrl: standIn.apiUrl,
    clientId: "ddf-client",
    clientSecret: "ddf-secret",
    fetch: delayMs ? slow : undefined,
  });
  return { standIn, client };
}

const state = async () => (await t.db.rows<ListingSyncRow>(sql`select * from listing_sync where id = 1`))[0]!;
/** The API requests (token requests left out), paths relative to the API's root. */
const apiRequests = (s: StandIn) =>
  s.requests.filter((r) => r.path.startsWith("/odata/v1/")).map((r) => ({ ...r, path: r.path.slice("/odata/v1".length) }));
/** Only the Property resource's requests (the offices and open houses follow in each run). */
const propertyRequests = (s: StandIn) => apiRequests(s).filter((r) => r.path.startsWith("/Property"));

describe(`syncListings (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("loads the whole feed page by page, then fetches only what changed", async () => {
    const { standIn, client } = await feed(450);
    const first = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(first.error).toBeUndefined();
    expect(first).toMatchObject({ ran: true, fetched: 450, upserted: 450, removed: 0, stored: 450 });
    const pages = propertyRequests(standIn);
    expect(pages).toHaveLength(5);
    expect(pages.every((r) => r.path === "/Property" && r.status === 200)).toBe(true);
    // Pages 2 to 5 come from @odata.nextLink: the same query, $skip moved on.
    expect(pages.slice(1).map((r) => new URLSearchParams(r.query).get("$skip"))).toEqual(["100", "200", "300", "400"]);
    const newest = Math.max(...[...standIn.listings.values()].map((p) => Date.parse(p.ModificationTimestamp)));
    expect((await state()).watermark?.getTime()).toBe(newest);
    expect((await state()).last_full_check_at).not.toBeNull();
    // The full load is tidied (tidyListingsAfterSync): the table vacuumed (pages all-visible for the
    // search's index-only scans) and analysed (PGlite has no autovacuum; unanalysed, it counts -1 rows).
    const [table] = await t.db.rows<{ tuples: number; visible: number }>(
      sql`select reltuples::int as tuples, relallvisible::int as visible from pg_class where relname = 'listings'`,
    );
    expect(table!.tuples).toBe(450);
    expect(table!.visible).toBeGreaterThan(0);
    // The facts and costs (issue 28) come with the listing, Rooms inline like Media.
    const condo = [...standIn.listings.values()].find((p) => p.AssociationFee && p.Rooms)!;
    expect(await listingByKey(t.db, condo.ListingKey)).toMatchObject({
      costs: {
        associationFee: condo.AssociationFee,
        associationFeeFrequency: condo.AssociationFeeFrequency,
        taxAnnualAmount: condo.TaxAnnualAmount ?? null,
      },
      facts: {
        rooms: condo.Rooms!.map((r) => ({ type: r.RoomType, level: r.RoomLevel, dimensions: r.RoomDimensions ?? null })),
        heating: condo.Heating,
      },
    });

    standIn.requests.length = 0;
    const changed = [...standIn.listings.values()].slice(10, 13);
    for (const p of changed) standIn.upsert({ ...p, ListPrice: (p.ListPrice ?? 0) + 1000 });
    const template = standIn.listings.get(changed[0]!.ListingKey)!;
    for (const key of ["39000001", "39000002"]) standIn.upsert({ ...template, ListingKey: key, ModificationTimestamp: undefined });

    const second = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(second).toMatchObject({ ran: true, fetched: 5, upserted: 5, removed: 0, stored: 452 });
    const calls = propertyRequests(standIn);
    expect(calls.map((r) => r.path)).toEqual(["/Property/PropertyReplication()", "/Property"]);
    // Offices by their increment too, and the open houses whole (that resource has no replication).
    expect(
      apiRequests(standIn)
        .slice(2)
        .map((r) => r.path),
    ).toEqual(["/Office/OfficeReplication()", "/OpenHouse"]);
    expect(new URLSearchParams(calls[0]!.query).get("$filter")).toMatch(/^ModificationTimestamp gt /);
    const asked = /ListingKey in \((.*)\)/.exec(new URLSearchParams(calls[1]!.query).get("$filter") ?? "")![1]!.split(",");
    expect(asked.map((k) => k.replace(/'/g, "")).sort()).toEqual([...changed.map((p) => p.ListingKey), "39000001", "39000002"].sort());
    const [row] = await t.db.rows<{ list_price: number }>(
      sql`select list_price from listings where listing_key = ${changed[0]!.ListingKey}`,
    );
    expect(row!.list_price).toBe((changed[0]!.ListPrice ?? 0) + 1000);
    // The token from the first run is still good: none asked for.
    expect(standIn.requests.some((r) => r.path === "/connect/token")).toBe(false);
  });

  it("removes (and tombstones) a listing that left the feed, at the next run once the full check is due", async () => {
    const { standIn, client } = await feed(30);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    const gone = [...standIn.listings.keys()][4]!;
    standIn.remove(gone);

    // The full check is not due yet: the increment cannot see a removal.
    expect(await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).toMatchObject({ ran: true, removed: 0, stored: 30 });

    await t.db.rows(sql`update listing_sync set last_full_check_at = now() - interval '7 hours' where id = 1`);
    const run = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(run).toMatchObject({ ran: true, removed: 1, stored: 29 });
    expect(await t.db.rows(sql`select 1 from listings where listing_key = ${gone}`)).toHaveLength(0);
    expect(await t.db.rows(sql`select 1 from listing_tombstones where listing_key = ${gone}`)).toHaveLength(1);
    expect(Date.now() - (await state()).last_full_check_at!.getTime()).toBeLessThan(60_000);
  });

  it("catches, in the full check, a change the increments missed", async () => {
    const { standIn, client } = await feed(20);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    // A change stamped before the watermark (it happened during the full load, on a page already read).
    const p = [...standIn.listings.values()][2]!;
    standIn.upsert({ ...p, ListPrice: 1, ModificationTimestamp: new Date(Date.parse(p.ModificationTimestamp) + 10).toISOString() });
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(
      (await t.db.rows<{ list_price: number }>(sql`select list_price from listings where listing_key = ${p.ListingKey}`))[0]!.list_price,
    ).not.toBe(1);
    await t.db.rows(sql`update listing_sync set last_full_check_at = null where id = 1`);
    expect(await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).toMatchObject({ fetched: 1, upserted: 1, removed: 0 });
    expect(
      (await t.db.rows<{ list_price: number }>(sql`select list_price from listings where listing_key = ${p.ListingKey}`))[0]!.list_price,
    ).toBe(1);
  });

  it("renews an expired token transparently", async () => {
    const { standIn, client } = await feed(10);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(standIn.tokensIssued).toBe(1);
    standIn.expireTokens();
    const p = [...standIn.listings.values()][0]!;
    standIn.upsert({ ...p, ListPrice: 123_456 });
    const run = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({ ran: true, upserted: 1 });
    expect(standIn.tokensIssued).toBe(2);
    expect(standIn.requests.some((r) => r.status === 401)).toBe(true);
  });

  it("keeps every stored listing when the feed is down, records the failure, and recovers", async () => {
    const { standIn, client } = await feed(25);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    standIn.setDown(503);
    // A new client: no cached token, so the token endpoint is down too.
    const fresh = createDdfClient({
      tokenUrl: standIn.tokenUrl,
      apiUrl: standIn.apiUrl,
      clientId: "ddf-client",
      clientSecret: "ddf-secret",
    });
    for (const c of [client, fresh]) {
      await t.db.rows(sql`update listing_sync set last_full_check_at = null where id = 1`);
      const run = await syncListings(t.db, c, { fullCheckMs: 6 * HOUR, intervalMs: 900_000, backoffMaxMs: HOUR });
      expect(run.ran).toBe(true);
      expect(run.failure).toBeInstanceOf(DdfUnavailable);
      expect(run.error).toMatch(/unavailable \(HTTP 503/);
    }
    const failed = await state();
    expect(failed.consecutive_failures).toBe(2);
    expect(failed.last_error).toMatch(/HTTP 503/);
    expect(failed.lease_owner).toBeNull();
    // The second failure backs off about 60 s (30 s doubled, +-20 %).
    const wait = failed.next_run_at!.getTime() - failed.last_finished_at!.getTime();
    expect(wait).toBeGreaterThanOrEqual(48_000);
    expect(wait).toBeLessThanOrEqual(72_000);
    expect(await countListings(t.db)).toBe(25);
    expect(await listingSyncStatus(t.db)).toMatchObject({ stored: 25, consecutiveFailures: 2, running: false, lastRun: { ok: false } });

    standIn.setDown(null);
    const recovered = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(recovered.error).toBeUndefined();
    expect(recovered).toMatchObject({ ran: true, stored: 25 });
    expect(await state()).toMatchObject({ consecutive_failures: 0, last_error: null });
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    const { standIn, client } = await feed(5);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    standIn.rateLimitNext(1, 600);
    const run = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR, intervalMs: 900_000, backoffMaxMs: HOUR });
    expect(run.failure).toBeInstanceOf(DdfRateLimited);
    expect((run.failure as DdfRateLimited).retryAfterMs).toBe(600_000);
    expect(workerDelay(run, 900_000)).toBeGreaterThan(590_000);
    expect((await state()).next_run_at!.getTime() - Date.now()).toBeGreaterThan(590_000);
    // A scheduled run does not start before then; a manual one does.
    expect(await syncListings(t.db, client, { fullCheckMs: 6 * HOUR, onlyWhenDue: true })).toMatchObject({
      ran: false,
      skipped: "not due",
    });
    const manual = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(manual.ran && manual.error === undefined).toBe(true);
  });

  it("lets only one of two servers sync at a time", async () => {
    // Each request takes 100 ms, so the run outlasts the other server's attempt.
    const { client } = await feed(250, 100);
    const other = usingPostgres ? await t.openAnother() : t.db;
    const runs = await Promise.all([
      syncListings(t.db, client, { fullCheckMs: 6 * HOUR }),
      syncListings(other, client, { fullCheckMs: 6 * HOUR }),
    ]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(runs.find((r) => !r.ran)).toMatchObject({ skipped: "busy", fetched: 0 });
    expect(await countListings(t.db)).toBe(250);
    expect((await state()).lease_owner).toBeNull();
  });

  it("takes over the lease of a server that died mid-run", async () => {
    const { client } = await feed(3);
    await t.db.rows(sql`update listing_sync set lease_owner = 'dead', lease_until = now() + interval '1 minute' where id = 1`);
    expect(await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).toMatchObject({ ran: false, skipped: "busy" });
    expect((await listingSyncStatus(t.db)).running).toBe(true);
    await t.db.rows(sql`update listing_sync set lease_until = now() - interval '1 second' where id = 1`);
    expect(await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).toMatchObject({ ran: true, stored: 3 });
  });

  it("refuses to remove everything when the feed suddenly lists nothing", async () => {
    const { standIn, client } = await feed(4);
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    for (const key of [...standIn.listings.keys()]) standIn.remove(key);
    await t.db.rows(sql`update listing_sync set last_full_check_at = null where id = 1`);
    const run = await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(run.error).toMatch(/listed no listings/);
    expect(await countListings(t.db)).toBe(4);
  });

  it("replicates the offices: every listing names its brokerage, a renamed office follows, a removed one goes at the full check", async () => {
    const { standIn, client } = await feed(40);
    expect((await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).error).toBeUndefined();
    const names = new Set(generateOffices().map((o) => o.OfficeName));
    for (const key of standIn.listings.keys()) {
      const found = await listingByKey(t.db, key);
      expect(found && "brokerages" in found ? found.brokerages[0] : null, key).toSatisfy((n: string | null) => names.has(n ?? ""));
    }
    const first = [...standIn.listings.values()][0]!;
    standIn.upsertOffice({ OfficeKey: first.ListOfficeKey!, OfficeName: "Renamed Realty & Co." });
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(await listingByKey(t.db, first.ListingKey)).toMatchObject({ brokerages: ["Renamed Realty & Co."] });
    expect(
      apiRequests(standIn)
        .filter((r) => r.path === "/Office")
        .at(-1)!.query,
    ).toContain("OfficeKey");

    standIn.removeOffice(first.ListOfficeKey!);
    await t.db.rows(sql`update listing_sync set last_full_check_at = now() - interval '7 hours'`);
    expect((await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).error).toBeUndefined();
    expect(await listingByKey(t.db, first.ListingKey)).toMatchObject({ brokerages: [] });
  });

  it("keeps upcoming open houses as the feed has them, drops cancelled and past ones, and honours each status", async () => {
    const { standIn, client } = await feed(40);
    const today = edmontonDate();
    for (const o of generateOpenHouses([...standIn.listings.values()], today)) standIn.openHouses.set(o.OpenHouseKey, o);
    expect((await syncListings(t.db, client, { fullCheckMs: 6 * HOUR })).error).toBeUndefined();
    const [first] = standIn.listings.keys();
    const found = await listingByKey(t.db, first!);
    // The fixture gives 29000100 one upcoming, one cancelled and one past open house.
    expect(found && "openHouses" in found ? found.openHouses.length : -1).toBe(1);
    standIn.openHouses.delete(`OH${first}`);
    standIn.openHouses.set("OH-new", {
      OpenHouseKey: "OH-new",
      ListingKey: first!,
      OpenHouseDate: today,
      OpenHouseStartTime: "18:00:00.00",
      OpenHouseType: "Public",
      OpenHouseStatus: "Active",
    });
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(await listingByKey(t.db, first!)).toMatchObject({ openHouses: [{ date: today, start: "18:00", end: null }] });

    // Statuses: an accepted offer stays, labelled, out of the default search; a sale takes the page down (410).
    const keys = [...standIn.listings.keys()];
    standIn.upsert({ ...standIn.listings.get(keys[1]!)!, StandardStatus: "Active Under Contract" });
    standIn.upsert({ ...standIn.listings.get(keys[2]!)!, StandardStatus: "Closed" });
    await syncListings(t.db, client, { fullCheckMs: 6 * HOUR });
    expect(await listingByKey(t.db, keys[1]!)).toMatchObject({ status: "under-contract" });
    expect(await listingByKey(t.db, keys[2]!)).toEqual({ gone: true });
    const shown = (await searchListings(t.db, { page: 1, pageSize: 100 })).listings.map((l) => l.key);
    expect(shown).not.toContain(keys[1]);
    expect((await searchListings(t.db, { page: 1, pageSize: 100, withAcceptedOffers: true })).listings.map((l) => l.key)).toContain(
      keys[1],
    );

    // The fixture makes every 37th listing the agent's own (29000100 among them).
    expect((await agentListings(t.db, FIXTURE_MEMBER_KEY, 6)).map((l) => l.key)).toContain(first);
  });
});
