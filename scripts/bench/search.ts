/**
 * The search and its map (issue 45), over BENCH_LISTINGS (default 20,000) listings loaded by the
 * real sync: /listings with every filter and every order, each request a search not asked before
 * (its minimum price moves by a dollar each time), so neither the server's render cache nor the
 * count-and-median cache answers it: each one is a render and its queries. Beside it, at the same
 * 8 connections, a bare node:http handler answering at once: what the loaded machine and
 * autocannon cost by themselves. Then the map's data for the whole region in one request, its
 * bytes as sent gzipped (and as brotli), and its time. Targets: search p99 ≤ 50 ms, map data
 * ≤ 150 KB gzipped.
 */
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { fmt } from "./stats";
import { type GetTiming, timeGets, withBareServer } from "./timed-gets";
import { ARCHITECTURAL_STYLES, LISTING_SORTS, NEW_WITHIN_DAYS, listingSearchQuery, parseListingSearch } from "../../app/lib/listing-types";

export const SEARCH_P99_TARGET_MS = 50;
export const MAP_DATA_TARGET_BYTES = 150 * 1024;

export interface SearchBench {
  timings: GetTiming[];
  map: { listings: number; identity: number; gzip: number; brotli: number; gzip9: number; ms: number };
}

const WORDS = ["garage", "fireplace", "basement", "deck", "kitchen", "renovated", "yard", "suite"];
const CITIES = ["Edmonton", "St. Albert", "Sherwood Park", "Spruce Grove", "Leduc"];

const SEARCH_KINDS = [
  "city, beds, baths",
  "type, size range, style",
  "keywords, new in the last days",
  "open houses, price reduced, community",
  "the map's area",
  "max price, with accepted offers, pages 1-3",
];

/** The numbers of one series of searches (the timed runs each start a series of their own). */
const SERIES = 1_000_000;

/**
 * The n-th search: every filter and every order turn up, each URL in the search's own spelling.
 * Each is new through its minimum price: $100,000 and a dollar more each time in the first series
 * (n below SERIES), $20,000 lower in each later series, so the runs ask for searches just as wide
 * (few listings cost under $100,000) that none of them asked before. (The series once started
 * at $2,100,000, so the one-at-a-time runs timed searches that matched almost nothing.)
 */
export function searchPath(n: number): string {
  const sort = LISTING_SORTS[n % LISTING_SORTS.length]!;
  const minPrice = 100_000 + (n % SERIES) - Math.floor(n / SERIES) * 20_000;
  const params = new URLSearchParams({ minPrice: String(minPrice), sort });
  switch (n % 6) {
    case 0:
      params.set("city", CITIES[n % CITIES.length]!);
      params.set("minBeds", String(1 + (n % 4)));
      params.set("minBaths", String(1 + (n % 3)));
      break;
    case 1:
      params.set("type", "single-family");
      params.set("minArea", String(1000 + (n % 10) * 100));
      params.set("maxArea", "3500");
      params.set("style", ARCHITECTURAL_STYLES[n % ARCHITECTURAL_STYLES.length]!);
      break;
    case 2:
      params.set("q", `${WORDS[n % WORDS.length]} ${WORDS[(n + 3) % WORDS.length]}`);
      params.set("new", String(NEW_WITHIN_DAYS[n % NEW_WITHIN_DAYS.length]));
      break;
    case 3:
      params.set("openHouse", "1");
      params.set("reduced", String(n % 2));
      params.set("community", "Windermere");
      break;
    case 4: {
      // A map's area somewhere over the region, about a neighbourhood to a quarter of the city.
      const south = 53.4 + (n % 20) * 0.01;
      const west = -113.7 + (n % 30) * 0.01;
      params.set("bounds", [south, west, south + 0.05 + (n % 5) * 0.02, west + 0.08 + (n % 5) * 0.03].map((x) => x.toFixed(4)).join(","));
      break;
    }
    default:
      params.set("maxPrice", String(600_000 + n));
      params.set("status", "all");
      params.set("page", String(1 + (n % 3)));
  }
  return `/listings?${listingSearchQuery(parseListingSearch(params))}`;
}

function bytesOf(url: string, encoding: string): Promise<{ bytes: Buffer; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve({ bytes: Buffer.concat(chunks), ms: performance.now() - started })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

export async function benchSearch(origin: string, seconds: number, serverPid?: number): Promise<SearchBench> {
  return withBareServer(async (bareOrigin) => {
    // Warm-up: the first requests compile the route modules (other searches than the timed ones).
    await timeGets("warm-up", origin, (n) => searchPath(SERIES + n), 2);
    // One at a time first: a search's own server time, without waiting behind the others for
    // PGlite's one connection; these also warm the database's pages, fresh from the sync's process.
    const timings: GetTiming[] = [];
    // Which kind of search costs what (the six kinds of searchPath).
    for (const [kind, name] of SEARCH_KINDS.entries()) {
      timings.push(
        await timeGets(
          `  ${name}, one at a time`,
          origin,
          (n) => searchPath(3 * SERIES + n * 6 + kind),
          Math.max(2, seconds / 4),
          1,
          serverPid,
        ),
      );
    }
    timings.unshift(
      await timeGets("bare node:http, 8 connections (reference)", bareOrigin, () => "/", seconds),
      await timeGets("search, every filter and order, 8 connections", origin, searchPath, seconds, 8, serverPid),
      await timeGets("search, every filter and order, one at a time", origin, (n) => searchPath(2 * SERIES + n), seconds, 1, serverPid),
    );
    const identity = await bytesOf(`${origin}/listings/map-data`, "identity");
    const gzip = await bytesOf(`${origin}/listings/map-data`, "gzip");
    const brotli = await bytesOf(`${origin}/listings/map-data`, "br");
    const listings = (JSON.parse(identity.bytes.toString("utf8")) as { lat: number[] }).lat.length;
    return {
      timings,
      map: {
        listings,
        identity: identity.bytes.length,
        gzip: gzip.bytes.length,
        brotli: brotli.bytes.length,
        gzip9: gzipSync(identity.bytes, { level: 9 }).length,
        ms: gzip.ms,
      },
    };
  });
}

export function printSearch(result: SearchBench): boolean {
  let ok = true;
  for (const t of result.timings) {
    console.log(
      `${t.name.padEnd(48)} ${fmt(t.reqPerSec).padStart(6)} req/s   p50 ${fmt(t.p50, 1)} ms   p99 ${fmt(t.p99, 1)} ms   (${fmt(t.requests)} requests${t.non2xx ? `, non-2xx ${t.non2xx}` : ""})${t.cpuMs === null ? "" : `   server CPU ${fmt(t.cpuMs, 1)} ms/request`}`,
    );
    if (t.non2xx > 0) ok = false;
  }
  const search = result.timings[1]!;
  console.log(
    `${"".padEnd(48)} target: search p99 ≤ ${SEARCH_P99_TARGET_MS} ms: ${search.p99 <= SEARCH_P99_TARGET_MS ? "met" : "NOT met"}`,
  );
  const m = result.map;
  console.log(
    `map data, whole region (${fmt(m.listings)} listings)`.padEnd(49) +
      `${fmt(m.identity / 1024, 1)} KB plain, ${fmt(m.gzip / 1024, 1)} KB gzip as sent (${fmt(m.gzip9 / 1024, 1)} KB at gzip -9), ${fmt(m.brotli / 1024, 1)} KB brotli; ${fmt(m.ms, 1)} ms`,
  );
  console.log(`${"".padEnd(48)} target: map data ≤ 150 KB gzip: ${m.gzip <= MAP_DATA_TARGET_BYTES ? "met" : "NOT met"}`);
  return ok;
}
