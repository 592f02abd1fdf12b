/**
 * The roll's pages over HTTP (issues 42 and 43): the production server on the built site, on a
 * PGlite folder holding the full generated roll (BENCH_ASSESSMENT_ACCOUNTS accounts, default
 * 440,000, with as many property information rows and the neighbourhood boundaries, imported from
 * the City stand-in in a process of its own) and LISTINGS listings for sale at its homes, loaded by
 * the real sync from the DDF stand-in. Then autocannon at 8 connections (and one at a time) on:
 * - every neighbourhood page, round robin; the render cache keeps a page under its request target,
 *   so each pass after the first adds a query the page ignores (`?r=2`): every answer is a render;
 * - listing pages with their assessment, each listing once (then again with `?r=`);
 * - address suggestions (`/home-value/suggest`), each request a prefix not asked before;
 * - a home's result page (`/home-value/{account}`), each request an account not asked before
 *   (its history fetched once from the City stand-in, as a first visit does);
 * beside a bare node:http handler at the same 8 connections in the same run: what the machine and
 * autocannon cost by themselves. Target: p99 ≤ 50 ms at 8 connections for the neighbourhood
 * and listing pages and the suggestions.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { allNeighbourhoods } from "../../app/lib/server/assessments/neighbourhoods.server";
import { importRoll } from "../../app/lib/server/assessments/import.server";
import { createSodaClient } from "../../app/lib/server/assessments/soda-client.server";
import { generateListings } from "../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../tests/fixtures/ddf/stand-in";
import { startCity } from "./assessments";
import { pathOfListing, syncFromStandIn } from "./listings";
import { fmt } from "./stats";
import { type GetTiming, timeGets, withBareServer } from "./timed-gets";

export const ROLL_PAGE_P99_TARGET_MS = 50;
const LISTINGS = 3_000;
/** Homes read from the roll for the result pages and the typed prefixes (each asked for once). */
const SAMPLE = 40_000;

export interface RollPagesData {
  accounts: number;
  importSeconds: number;
  syncSeconds: number;
  neighbourhoods: string[];
  listingPaths: string[];
  homes: string[];
  prefixes: string[];
}

type Home = {
  account: string;
  suite: string | null;
  house: string | null;
  street: string | null;
  assessed: number;
  lat: number | null;
  lon: number | null;
};

/**
 * Imports the roll and syncs the listings into PGlite at `pgliteDir` (closed again after); the
 * City and DDF stand-ins stay up for the server (its history fetches, its photos).
 */
export async function prepareRollPages(pgliteDir: string, accounts: number) {
  const city = await startCity(accounts);
  await city.full();
  const db = await openDatabase({ pgliteDir });
  let ddf: Awaited<ReturnType<typeof startDdfStandIn>> | null = null;
  try {
    const t0 = performance.now();
    await importRoll(db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 2 }), { refreshMs: 1, force: true });
    const importSeconds = (performance.now() - t0) / 1000;
    const neighbourhoods = (await allNeighbourhoods(db)).map((hood) => hood.slug);
    // Residential accounts in an order unrelated to their numbers or streets.
    const homes = await db.rows<Home>(sql`
      select account_number as account, suite, house_number as house, street_name as street, assessed_value as assessed,
        latitude as lat, longitude as lon
      from assessment_accounts
      where generation = (select live_generation from assessment_import where id = 1) and tax_class = 'Residential' and match_key is not null
      order by md5(account_number) limit ${SAMPLE}`);
    const forSale = homes.slice(0, LISTINGS);
    const listings = generateListings(forSale.length, { seed: 7, now: new Date("2026-11-01T00:00:00Z") }).map((p, i) => {
      const home = forSale[i]!;
      return {
        ...p,
        // Homes for sale at 90–125 % of their assessments, as a listing writes its address.
        ListPrice: Math.round((home.assessed * (0.9 + ((i * 37) % 100) / 285)) / 100) * 100,
        UnparsedAddress: `${home.suite ? `#${home.suite} ` : ""}${home.house ?? ""} ${home.street ?? ""}, Edmonton, Alberta`,
        City: "Edmonton",
        InternetAddressDisplayYN: true,
        Latitude: home.lat,
        Longitude: home.lon,
      };
    });
    ddf = await startDdfStandIn({ listings });
    const syncSeconds = await syncFromStandIn(db, ddf);
    const others = homes.slice(LISTINGS);
    // What people type: a prefix of an address of every length from 3 characters, each once.
    const prefixes = [
      ...new Set(
        others.map((h, i) => {
          const full = `${h.house ?? ""} ${h.street ?? ""}`;
          const prefix = full.slice(0, 3 + ((i * 7919) % Math.max(1, full.length - 2)));
          return h.suite && i % 2 === 0 ? `#${h.suite} ${prefix}` : prefix;
        }),
      ),
    ];
    const data: RollPagesData = {
      accounts,
      importSeconds,
      syncSeconds,
      neighbourhoods,
      listingPaths: listings.map(pathOfListing),
      homes: others.map((h) => h.account),
      prefixes,
    };
    const standIns = { city, ddf };
    ddf = null;
    return { data, ...standIns };
  } catch (error) {
    await ddf?.close();
    await city.close();
    throw error;
  } finally {
    await db.close();
  }
}

/** The n-th of `pool`, each once, then again with a query the page ignores so that it is rendered anew. */
function distinct(pool: readonly string[], n: number): string {
  const round = Math.floor(n / pool.length);
  const target = pool[n % pool.length]!;
  return round === 0 ? target : `${target}${target.includes("?") ? "&" : "?"}r=${round}`;
}

function kinds(data: RollPagesData): { name: string; path: (n: number) => string }[] {
  // Each pool of addresses is made once: made per request, the suggestions' (thousands of
  // prefixes, each encoded) cost the load generator milliseconds a request, and the figures
  // measured it instead of the server.
  const pools: [string, string[]][] = [
    ["neighbourhood pages, all, round robin", data.neighbourhoods.map((s) => `/neighbourhoods/${s}`)],
    ["listing pages with the assessment", data.listingPaths],
    ["address suggestions", data.prefixes.map((q) => `/home-value/suggest?q=${encodeURIComponent(q)}`)],
    ["a home's result page", data.homes.map((a) => `/home-value/${a}`)],
  ];
  return pools.map(([name, pool]) => ({ name, path: (n: number) => distinct(pool, n) }));
}

export interface RollPagesBench {
  data: RollPagesData;
  timings: GetTiming[];
  /** Of a sample of listing pages, those showing the City's assessment. */
  withAssessment: { shown: number; of: number };
}

export async function benchRollPages(
  origin: string,
  data: RollPagesData,
  seconds: number,
  serverPid: number | null,
): Promise<RollPagesBench> {
  return withBareServer(async (bareOrigin) => {
    const all = kinds(data);
    // One counter per kind across every phase: no request repeats an earlier one's target.
    const counters = all.map(() => 0);
    const next = (k: number) => () => all[k]!.path(counters[k]!++);
    // Warm-up: the first requests compile the route modules and read the tables' pages in.
    for (const k of all.keys()) await timeGets("warm-up", origin, next(k), 2);
    const sample = data.listingPaths.slice(-50);
    let shown = 0;
    for (const p of sample) if ((await (await fetch(`${origin}${p}?r=0`)).text()).includes("City of Edmonton assessment")) shown++;
    const timings = [await timeGets("bare node:http (reference)", bareOrigin, () => "/", seconds)];
    for (const k of all.keys()) timings.push(await timeGets(all[k]!.name, origin, next(k), seconds, 8, serverPid));
    for (const k of all.keys()) timings.push(await timeGets(`  ${all[k]!.name}`, origin, next(k), Math.max(2, seconds / 2), 1, serverPid));
    return { data, timings, withAssessment: { shown, of: sample.length } };
  });
}

export function printRollPages(r: RollPagesBench): boolean {
  console.log(
    `Roll: ${fmt(r.data.accounts)} accounts imported in ${fmt(r.data.importSeconds, 1)} s (${r.data.neighbourhoods.length} neighbourhood pages); ${fmt(r.data.listingPaths.length)} listings at its homes synced in ${fmt(r.data.syncSeconds, 1)} s; ${r.withAssessment.shown} of ${r.withAssessment.of} listing pages sampled show the assessment`,
  );
  let ok = true;
  for (const t of r.timings) {
    console.log(
      `${`${t.name}, ${t.connections === 1 ? "one at a time" : `${t.connections} connections`}`.padEnd(56)} ${fmt(t.reqPerSec).padStart(6)} req/s   p50 ${fmt(t.p50, 1)} ms   p99 ${fmt(t.p99, 1)} ms   max ${fmt(t.max, 1)} ms${t.cpuMs === null ? "" : `   server CPU ${fmt(t.cpuMs, 1)} ms each`}   (${fmt(t.requests)} requests${t.non2xx ? `, non-2xx ${t.non2xx}` : ""})`,
    );
    if (t.non2xx > 0) ok = false;
  }
  for (const t of r.timings.slice(1, 4)) {
    console.log(
      `target: ${t.name} p99 ≤ ${ROLL_PAGE_P99_TARGET_MS} ms at 8 connections: ${t.p99 <= ROLL_PAGE_P99_TARGET_MS ? "met" : "NOT met"}`,
    );
  }
  return ok;
}
