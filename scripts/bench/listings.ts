/**
 * The listings feed (issue 12): the time to load BENCH_LISTINGS (default 20,000) listings from
 * the local DDF® stand-in into a fresh PGlite folder through the real sync (token, pages of 100
 * followed by nextLink, one upsert statement per page), then the production server's latency on
 * listing pages (a different listing per request), an area page and the /listings search, with
 * that many listings stored. Target: a listing page's p99 under 50 ms.
 */
import { type Database, openDatabase } from "../../platform/db/database";
import { createDdfClient } from "../../app/lib/server/listings/ddf-client.server";
import { countListings } from "../../app/lib/server/listings/store.server";
import { syncListings } from "../../app/lib/server/listings/sync.server";
import { listingPath } from "../../app/lib/listings";
import { type DdfProperty, toListingRow } from "../../app/lib/server/listings/property.server";
import { generateListings } from "../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../tests/fixtures/ddf/stand-in";
import { fmt } from "./stats";
import { type GetTiming, timeGets } from "./timed-gets";

export const LISTING_PAGE_P99_TARGET_MS = 50;

export interface ListingsLoad {
  listings: number;
  seconds: number;
  perSecond: number;
}

/** A feed listing's page on the site. */
export function pathOfListing(p: DdfProperty): string {
  const row = toListingRow(p);
  return listingPath(row.listing_key, row.slug);
}

/** One full sync from a DDF stand-in into `db`, as the server's worker runs it; its seconds. */
export async function syncFromStandIn(db: Database, standIn: { tokenUrl: string; apiUrl: string }): Promise<number> {
  const client = createDdfClient({
    tokenUrl: standIn.tokenUrl,
    apiUrl: standIn.apiUrl,
    clientId: "ddf-client",
    clientSecret: "ddf-secret",
  });
  const started = performance.now();
  const result = await syncListings(db, client, {
    fullCheckMs: 6 * 3_600_000,
    log: { info() {}, warn: console.warn, error: console.error },
  });
  const seconds = (performance.now() - started) / 1000;
  if (!result.ran || result.error) throw new Error(`the sync did not complete: ${result.error ?? result.skipped}`);
  return seconds;
}

/** Starts the stand-in with `count` listings and syncs them into PGlite at `pgliteDir` (closed again after). */
export async function loadListings(pgliteDir: string, count: number) {
  const standIn = await startDdfStandIn({ listings: generateListings(count, { seed: 7, now: new Date("2026-11-01T00:00:00Z") }) });
  const db = await openDatabase({ pgliteDir });
  try {
    const seconds = await syncFromStandIn(db, standIn);
    const stored = await countListings(db);
    const paths = [...standIn.listings.values()].slice(0, 2000).map(pathOfListing);
    return { load: { listings: stored, seconds, perSecond: stored / seconds } satisfies ListingsLoad, standIn, paths };
  } finally {
    await db.close();
  }
}

/** `seconds` of GET requests to `paths` in turn. */
const time = (origin: string, page: string, paths: readonly string[], seconds: number, connections = 8) =>
  timeGets(page, origin, (n) => paths[n % paths.length]!, seconds, connections);

export async function benchListingPages(origin: string, paths: readonly string[], seconds = 8): Promise<GetTiming[]> {
  // Warm-up: the first requests compile the route modules.
  await time(origin, "warm-up", paths, 2);
  // One connection: a page's own server time, what the target is about; then 8 visitors at once.
  return [
    await time(origin, "listing page, one visitor at a time", paths, seconds, 1),
    await time(origin, "listing page, 8 connections", paths, seconds),
    await time(
      origin,
      "area page /edmonton-listings, pages 1-5",
      [
        "/edmonton-listings",
        "/edmonton-listings?page=2",
        "/edmonton-listings?page=3",
        "/edmonton-listings?page=4",
        "/edmonton-listings?page=5",
      ],
      seconds,
    ),
    // Each in the search's own spelling (listingSearchQuery): any other is a redirect, not a search.
    await time(
      origin,
      "search /listings?city=Edmonton&minBeds=3",
      ["/listings?city=Edmonton&minBeds=3", "/listings?city=St.+Albert&minPrice=400000", "/listings?type=condominium&page=2"],
      seconds,
    ),
    await time(
      origin,
      "search with the filters and orders of issue 45",
      [
        "/listings?city=Edmonton&minBeds=2&minBaths=2&minArea=1200&style=Bungalow&q=garage&sort=price-asc",
        "/listings?type=single-family&maxPrice=800000&openHouse=1&new=30&sort=price-desc",
        "/listings?minArea=1500&sort=size-desc&page=3",
        "/listings?q=fireplace+basement&reduced=1",
      ],
      seconds,
    ),
  ];
}

export function printListings(load: ListingsLoad, timings: readonly GetTiming[]): boolean {
  console.log(
    `load ${fmt(load.listings)} listings from the stand-in (full sync)   ${fmt(load.seconds, 1)} s   (${fmt(load.perSecond)} listings/s)`,
  );
  let ok = true;
  for (const t of timings) {
    console.log(
      `${t.name.padEnd(48)} ${fmt(t.reqPerSec).padStart(6)} req/s   p50 ${fmt(t.p50, 1)} ms   p99 ${fmt(t.p99, 1)} ms${t.non2xx ? `   non-2xx ${t.non2xx}` : ""}`,
    );
    if (t.non2xx > 0) ok = false;
  }
  const listing = timings[0]!;
  const met = listing.p99 < LISTING_PAGE_P99_TARGET_MS;
  console.log(`${"".padEnd(48)} target: listing page p99 < ${LISTING_PAGE_P99_TARGET_MS} ms: ${met ? "met" : "NOT met"}`);
  return ok;
}
