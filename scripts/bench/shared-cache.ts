/**
 * Behind a CDN (issue 29): listing, area and search pages directly from the production server and
 * through Debian's Varnish in front of it (tests/support/varnish.ts, configured as a CDN behaves by
 * default), beside a prerendered page and the bare node:http server answering that page's bytes,
 * all in the same run at 8 connections (the issue's figures), BENCH_STATIC_SECONDS per row. The
 * prerendered page is timed first and again last, and the pages are held to the better figure, so
 * a disturbance during one (other work on the machine, a collection) does not flatter them.
 * Targets: through the cache >= 10,000 req/s; directly >= 0.5x the prerendered page.
 *
 * It runs at the end of the listings section (BENCH_ONLY=listings), on its server: it needs the
 * BENCH_LISTINGS listings loaded, and there they are (the sync worker is off, so the sync
 * generation stays the same throughout). A BENCH_ONLY=cache of its own would need an entry in
 * scripts/script-config.ts and would load the listings all the same.
 *
 * Each set of paths is requested once before it is timed: directly, so the server's own page cache
 * holds them; through Varnish, so Varnish does (a live page's s-maxage of 20 s outlasts the timed
 * run). Varnish's `X-Cache` on the timed run's answers gives the hit share. Without varnishd the
 * through-cache rows are skipped with one line.
 *
 * None of the paths is one scripts/bench/listings.ts timed: the server keeps a render a minute at
 * most, and renders made then would fall due inside these timed runs (all 200 listing pages at
 * once; a hot page missed by 8 connections at once is rendered by each, and the rate fell to a
 * third for a second). Here the warming renders them and asks for each again, so that its better
 * compressed forms are made: the figures are the steady state between renders.
 */
import autocannon from "autocannon";
import { createServer } from "node:net";
import type { DdfProperty } from "../../app/lib/server/listings/property.server";
import { type Varnish, VARNISHD, startVarnish } from "../../tests/support/varnish";
import { pathOfListing } from "./listings";
import { prerenderedFile, startBareServer } from "./static-pages";

export const CACHED_REQ_PER_SEC_TARGET = 10_000;
export const DIRECT_TO_PRERENDERED_TARGET = 0.5;

/** Prerendered in every build and never live ("/" and "/about" would be with a DDF_MEMBER_KEY; the bench's feed has none, but a reference should not depend on it). */
const PRERENDERED_PAGE = "/sell";
const CONNECTIONS = 8;
/** As a browser sends it: the app answers brotli, Varnish (which asks its backend for gzip) gzip. */
const HEADERS = { "accept-encoding": "gzip, br" };

interface Timing {
  reqPerSec: number;
  p99: number;
  /** Answers other than 2xx, and socket errors, with their status codes for the report. */
  bad: number;
  statusCodes: string;
  /** Bytes per answer, headers included: the pages differ in size. */
  bytes: number;
  /** Answers marked `X-Cache: HIT` (only Varnish marks them). */
  hits: number;
  responses: number;
  cacheControl: string | undefined;
}

interface Row {
  page: string;
  direct: Timing;
  cached: Timing | null;
}

export interface SharedCacheResult {
  seconds: number;
  /** Timed first and again last. */
  prerendered: [Timing, Timing];
  bare: Timing;
  rows: Row[];
  varnish: string | null;
  /** Requests made once before timing that did not answer 2xx: path and status. */
  warmFailures: string[];
}

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : undefined;
}

/**
 * autocannon appends every body to a string: for compressed bodies that differ from one answer to
 * the next (200 listing pages) that decoding cost the load generator 0.2-0.4 ms per answer, which
 * held it near 5,000 req/s whatever the server or Varnish could do, while one repeated body (the
 * prerendered page) stayed cheap. No row reads bodies, so none is kept (autocannon's queue is
 * internal: if it changes, bodies are kept again and the figures are the load generator's).
 */
function keepNoBodies(client: autocannon.Client): void {
  const queue = (client as unknown as { pipelinedRequests?: { addBody?: unknown } }).pipelinedRequests;
  if (queue && typeof queue.addBody === "function") queue.addBody = () => {};
}

/** Every run counts the X-Cache answers, directly too, so the load generator does the same work per answer in every row. */
async function time(origin: string, paths: readonly string[], seconds: number): Promise<Timing> {
  let i = 0;
  let hits = 0;
  let responses = 0;
  let cacheControl: string | undefined;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: keepNoBodies,
    requests: [
      {
        setupRequest: (req) => ({ ...req, method: "GET", path: paths[i++ % paths.length]!, headers: HEADERS }),
        onResponse: (_status, _body, _context, headers) => {
          responses++;
          const h = (headers ?? {}) as Record<string, unknown>;
          if ((h["X-Cache"] ?? h["x-cache"]) === "HIT") hits++;
          if (cacheControl === undefined) cacheControl = headerOf(h, "cache-control") ?? "(none)";
        },
      },
    ],
  });
  const bad = result.non2xx + result.errors;
  const bytes = result.requests.total > 0 ? result.throughput.total / result.requests.total : 0;
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    bad,
    statusCodes: JSON.stringify(result.statusCodeStats),
    bytes,
    hits,
    responses,
    cacheControl,
  };
}

/**
 * One request per path, one at a time: fills the server's cache or Varnish's. `pauseMs` between
 * requests: a kept render asked for a second time has its better compressed forms made in the
 * background, one render at a time (server/render-cache.ts); the pause lets each finish.
 */
async function warm(origin: string, paths: readonly string[], failures: string[], pauseMs = 0): Promise<void> {
  for (const p of paths) {
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const res = await fetch(`${origin}${p}`, { headers: HEADERS }).catch((error: unknown) => ({
      ok: false,
      status: String(error),
      arrayBuffer: async () => null,
    }));
    await res.arrayBuffer();
    if (!res.ok) failures.push(`${origin}${p} ${res.status}`);
  }
}

/** The pages of the feed's last `count` listings: listings.ts times the first 2,000 (with fewer than 2,000 + `count` listings, some are shared). */
export function untimedListingPaths(listings: ReadonlyMap<string, DdfProperty>, count: number): string[] {
  return [...listings.values()].slice(-count).map(pathOfListing);
}

/** Not server.ts's freePort: that one answers BENCH_PORT, the app server's own port, when it is set. */
async function loopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function openVarnish(backendPort: number): Promise<Varnish | null> {
  if (!VARNISHD) {
    console.log("through Varnish: skipped; the through-cache figures need Debian's varnish (apt-get install varnish)");
    return null;
  }
  try {
    return await startVarnish({ port: await loopbackPort(), backendPort });
  } catch (error) {
    console.log(`through Varnish: skipped; ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
    return null;
  }
}

/** `origin` is the production server built into `buildDir`, with the listings of `listingPaths` stored. */
export async function benchSharedCache(options: {
  origin: string;
  buildDir: string;
  listingPaths: readonly string[];
  seconds: number;
}): Promise<SharedCacheResult> {
  const { origin, seconds } = options;
  const warmFailures: string[] = [];
  const bare = await startBareServer(prerenderedFile(options.buildDir, PRERENDERED_PAGE));
  let varnish: Varnish | null = null;
  try {
    await time(origin, [PRERENDERED_PAGE], 1);
    const first = await time(origin, [PRERENDERED_PAGE], seconds);
    await time(bare.origin, [PRERENDERED_PAGE], 1);
    const bareTiming = await time(bare.origin, [PRERENDERED_PAGE], seconds);
    bare.stop();
    varnish = await openVarnish(Number(new URL(origin).port));
    // The same spelling of the host for filling and timing: it is part of Varnish's cache key.
    const through = varnish ? `http://127.0.0.1:${varnish.port}` : null;
    const sets: [string, readonly string[]][] = [
      [`listing pages (${options.listingPaths.length} paths)`, options.listingPaths],
      [
        "area /st-albert-listings, pages 1-5",
        [
          "/st-albert-listings",
          "/st-albert-listings?page=2",
          "/st-albert-listings?page=3",
          "/st-albert-listings?page=4",
          "/st-albert-listings?page=5",
        ],
      ],
      [
        "search /listings, 3 queries",
        ["/listings?city=Sherwood+Park&minBeds=2", "/listings?city=Spruce+Grove&minPrice=300000", "/listings?type=condominium&page=3"],
      ],
    ];
    const rows: Row[] = [];
    for (const [page, paths] of sets) {
      // Rendered, then asked for again (its better compression made): the steady state of a kept page.
      await warm(origin, paths, warmFailures);
      await warm(origin, paths, warmFailures, 30);
      const direct = await time(origin, paths, seconds);
      let cached: Timing | null = null;
      if (through) {
        await warm(through, paths, warmFailures);
        cached = await time(through, paths, seconds);
      }
      rows.push({ page, direct, cached });
    }
    const prerendered: [Timing, Timing] = [first, await time(origin, [PRERENDERED_PAGE], seconds)];
    return { seconds, prerendered, bare: bareTiming, rows, varnish: through, warmFailures };
  } finally {
    bare.stop();
    await varnish?.stop();
  }
}

/** Prints the table and the targets; false when an answer was not 2xx (or a socket failed). */
export function printSharedCache(r: SharedCacheResult): boolean {
  const f = (n: number, d = 0) => n.toLocaleString("en-CA", { maximumFractionDigits: d, minimumFractionDigits: d });
  const cell = (t: Timing | null) =>
    t ? `${f(t.reqPerSec).padStart(8)} ${f(t.p99, 1).padStart(6)}` : `${"-".padStart(8)} ${"".padStart(6)}`;
  const share = (t: Timing | null) => (t && t.responses > 0 ? `${f((100 * t.hits) / t.responses)} %` : "-");
  const reference = Math.max(r.prerendered[0].reqPerSec, r.prerendered[1].reqPerSec);
  const ratio = (t: Timing) => f(t.reqPerSec / reference, 2);
  console.log(
    `\nBehind a shared cache: ${CONNECTIONS} connections, ${r.seconds} s per figure, ${r.varnish ? `Varnish at ${r.varnish}` : "no Varnish"}`,
  );
  const kb = (t: Timing) => f(t.bytes / 1000, 1).padStart(5);
  console.log(
    `${"page".padEnd(40)} ${"kB".padStart(5)}  ${"direct".padStart(8)} ${"p99 ms".padStart(6)}   ${"Varnish".padStart(8)} ${"p99 ms".padStart(6)} ${"hits".padStart(6)}   direct / prerendered`,
  );
  const line = (page: string, direct: Timing, cached: Timing | null) =>
    console.log(`${page.padEnd(40)} ${kb(direct)}  ${cell(direct)}   ${cell(cached)} ${share(cached).padStart(6)}   ${ratio(direct)}`);
  line(`prerendered ${PRERENDERED_PAGE}`, r.prerendered[0], null);
  line(`${PRERENDERED_PAGE}'s bytes from bare node:http`, r.bare, null);
  for (const row of r.rows) line(row.page, row.direct, row.cached);
  line(`prerendered ${PRERENDERED_PAGE}, again`, r.prerendered[1], null);
  let ok = r.warmFailures.length === 0;
  for (const failure of r.warmFailures.slice(0, 5)) console.log(`  not 2xx before timing: ${failure}`);
  for (const [name, t] of [
    ...r.prerendered.map((t) => [`prerendered ${PRERENDERED_PAGE}`, t]),
    ...r.rows.flatMap((row) => [
      [row.page, row.direct],
      [`${row.page} through Varnish`, row.cached],
    ]),
  ] as [string, Timing | null][]) {
    if (!t || t.bad === 0) continue;
    ok = false;
    console.log(`  ${name}: ${f(t.bad)} answers not 2xx or failed; status codes ${t.statusCodes}`);
  }
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  const short = (page: string) => page.split(" ")[0];
  if (r.varnish) {
    const parts = r.rows.map((row) => `${short(row.page)} ${verdict((row.cached?.reqPerSec ?? 0) >= CACHED_REQ_PER_SEC_TARGET)}`);
    console.log(`target: through the cache >= ${f(CACHED_REQ_PER_SEC_TARGET)} req/s: ${parts.join(", ")}`);
    for (const row of r.rows) {
      // Nothing stored: say what the page answered, the usual reason.
      if (row.cached && row.cached.hits < row.cached.responses / 2)
        console.log(`  ${row.page}: ${share(row.cached)} hits; Cache-Control: ${row.cached.cacheControl}`);
    }
  }
  const parts = r.rows.map((row) => `${short(row.page)} ${verdict(row.direct.reqPerSec >= DIRECT_TO_PRERENDERED_TARGET * reference)}`);
  console.log(
    `target: directly >= ${DIRECT_TO_PRERENDERED_TARGET}x the prerendered page's better figure (${f(DIRECT_TO_PRERENDERED_TARGET * reference)} req/s): ${parts.join(", ")}`,
  );
  return ok;
}
