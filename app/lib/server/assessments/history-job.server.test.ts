/**
 * The homes for sale get their histories before a visitor asks (issue 42): a run fetches the
 * missing ones of the matched listings, a bounded number per run, one request each; once all are
 * kept it asks the City nothing; a failing City stops the run at its first failure.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { type ApiRow, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { HOME } from "../../../../tests/support/listing-routes";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { createAssessmentsContext } from "./context.server";
import { HISTORY } from "./datasets.server";
import { HistoryJob } from "./history-job.server";
import { parseAddress } from "../../assessments/address";
import { matchAddresses } from "./lookup.server";
import { importRoll } from "./import.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 300, seed: 12 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
afterAll(async () => {
  await city.close();
});

/** The address as a listing writes it: "10234 105 St NW". */
const typed = (r: ApiRow) => `${r.house_number} ${(r.street_name as string).replace(/ STREET /, " St ").replace(/ AVENUE /, " Ave ")}`;
const houses = data.roll.filter((r) => !r.suite && / (STREET|AVENUE) NW$/.test(r.street_name as string)).slice(0, 5);

const historyRequests = () => city.requests.filter((r) => r.path.includes(HISTORY.id)).length;
const kept = async () =>
  (await t.db.rows<{ n: number }>(sql`select count(*)::int as n from assessment_history where jsonb_array_length("values") > 0`))[0]!.n;
const run = (job: HistoryJob) => job.run({ signal: new AbortController().signal, failures: 0 });

/** The live roll and five listings for sale at its houses (each test starts from an empty database). */
async function forSale(): Promise<number> {
  await importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });
  await upsertListings(
    t.db,
    houses.map((r, i) =>
      toListingRow({
        ...HOME,
        ListingKey: `4100000${i}`,
        ListPrice: 400_000 + i,
        UnparsedAddress: `${typed(r)}, Edmonton, Alberta`,
        City: "Edmonton",
        Latitude: null,
        Longitude: null,
      }),
    ),
  );
  // Those the roll matches unambiguously, by the listing pages' rules, are the ones with a history to fetch.
  return (
    await matchAddresses(
      t.db,
      houses.map((r) => ({ key: parseAddress(typed(r))!, point: null })),
    )
  ).filter(Boolean).length;
}

describe("the histories of the homes for sale", () => {
  it("are fetched a few a run, each once, and nothing is asked once all are kept; a failing City stops the run", async () => {
    const job = new HistoryJob(createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, { warn() {} }), { perRun: 2 });
    expect(houses).toHaveLength(5);
    const matched = await forSale();
    expect(matched).toBeGreaterThanOrEqual(3);

    // The City fails the first request: the run stops there, keeps nothing and asks no more.
    city.failNext(1, 500);
    const before = historyRequests();
    expect(await run(job)).toEqual({ fetched: 0 });
    expect(historyRequests() - before).toBe(1);
    expect(await kept()).toBe(0);

    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const asked = historyRequests();
      expect((await run(job)).fetched).toBe(historyRequests() - asked);
      counts.push(historyRequests() - asked);
    }
    // Two a run until every matched listing's history is kept, then no request at all.
    expect(counts).toEqual([2, Math.min(2, matched - 2), Math.max(0, matched - 4), 0]);
    expect(await kept()).toBe(matched);
  });

  it("match a few listings a run, from where the last run stopped, until every one has its history", async () => {
    const job = new HistoryJob(createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, { warn() {} }), { listingsPerRun: 2 });
    const matched = await forSale();
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push((await run(job)).fetched);
    // Five listings two a run: three runs go round them once; none fetches more than its two listings'.
    expect(counts.every((n) => n <= 2)).toBe(true);
    expect(counts.slice(0, 3).reduce((x, y) => x + y)).toBe(matched);
    expect(counts[3]).toBe(0);
    expect(await kept()).toBe(matched);
  });
});
