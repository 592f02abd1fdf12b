/**
 * Matching many addresses at once (a neighbourhood page's listings, every listing for sale for the
 * home-value estimates) reads the roll one index search per address, even on a roll just imported,
 * before the planner has any statistics (PGlite has no autovacuum; the server analyses daily). Asked
 * as `in (select jsonb_array_elements_text(…))` or `= any(…)`, the planner read and hashed the whole
 * generation instead: 0.6–1.3 s over 440,000 accounts, and once 39.8 s for a first home-value page.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../../platform/db/database";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { HOME } from "../../../../tests/support/listing-routes";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { parseAddress } from "../../assessments/address";
import { matchedListings } from "./home-value.server";
import { importRoll } from "./import.server";
import { matchAddresses } from "./lookup.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 3_000, seed: 9, history: false });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
afterAll(async () => {
  await city.close();
});

const ROLL_TABLES = ["assessment_accounts", "assessment_property_info"];

/** The roll's tables as a fresh import leaves them: no statistics, no size recorded. */
async function forgetStatistics(db: Database) {
  for (const table of ROLL_TABLES) {
    await db.rows(sql`delete from pg_statistic where starelid = ${table}::regclass`);
    await db.rows(sql`update pg_class set reltuples = -1, relpages = 0 where oid = ${table}::regclass`);
  }
}

/** Every statement `run` sends, to explain afterwards. */
async function statementsOf(db: Database, run: (db: Database) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  await run({ ...db, rows: (query: SQL) => (sent.push(query), db.rows(query)) } as Database);
  return sent;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** How the statement reads the roll's tables: each scan's kind and index, and whether anything was hashed. */
async function rollScans(db: Database, query: SQL) {
  const [row] = await db.rows<{ "QUERY PLAN": [{ Plan: PlanNode }] | string }>(sql`explain (analyze, format json) ${query}`);
  const raw = row!["QUERY PLAN"];
  const plan = (typeof raw === "string" ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan;
  const nodes = nodesOf(plan);
  return {
    seqScans: nodes.filter((n) => n["Node Type"] === "Seq Scan" && ROLL_TABLES.includes(n["Relation Name"] ?? "")).length,
    hashed: nodes.some((n) => n["Node Type"].startsWith("Hash")),
    accountIndexes: [...new Set(nodes.filter((n) => n["Index Name"]?.startsWith("assessment_accounts")).map((n) => n["Index Name"]))],
  };
}

describe("matching many addresses", () => {
  it("reads one index search per address on a roll without statistics, and finds each", async () => {
    await importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });
    const homes = data.roll.filter((r) => r.tax_class === "Residential" && !r.suite).slice(0, 200);
    await upsertListings(
      t.db,
      homes.map((r, i) =>
        toListingRow({
          ...HOME,
          ListingKey: String(50_000_000 + i),
          ListPrice: Number(r.assessed_value),
          UnparsedAddress: `${String(r.house_number)} ${String(r.street_name)}, Edmonton, Alberta`,
        }),
      ),
    );
    await forgetStatistics(t.db);

    const addresses = homes.map((r) => ({ key: parseAddress(`${String(r.house_number)} ${String(r.street_name)}`)!, point: null }));
    let found: Awaited<ReturnType<typeof matchAddresses>> = [];
    const [byAddress] = await statementsOf(t.db, async (db) => (found = await matchAddresses(db, addresses)));
    expect(found.map((h) => h?.accountNumber)).toEqual(homes.map((r) => r.account_number));
    expect(await rollScans(t.db, byAddress!)).toEqual({ seqScans: 0, hashed: false, accountIndexes: ["assessment_accounts_match_idx"] });

    // The estimates' comparables: every listing for sale matched to its account, in one statement.
    let matched: Awaited<ReturnType<typeof matchedListings>> = [];
    const sent = await statementsOf(t.db, async (db) => (matched = await matchedListings(db)));
    expect(matched).toHaveLength(homes.length);
    const forSale = sent.at(-1)!;
    expect(await rollScans(t.db, forSale)).toEqual({ seqScans: 0, hashed: false, accountIndexes: ["assessment_accounts_match_idx"] });
  });
});
