/**
 * npm run bench: load test of the two form endpoints, on loopback only.
 *
 * Builds the site into build-bench/, starts the production server on 127.0.0.1 with a fresh
 * PGlite folder (and, when DATABASE_URL is set, a second time on that PostgreSQL), drives each
 * section with autocannon, stops the server cleanly and checks that the database holds as many
 * rows and queued notifications as there were accepted responses.
 *
 * Sections are a list (`sections`, scripts/bench/form-sections.ts): another kind of page (static
 * pages...) is one more entry. The server process helpers are in scripts/bench/server.ts.
 *
 * Then, on a server with the production rate limit (issue 7): a prerendered page served by the
 * app side by side with a bare node:http server returning the same bytes (scripts/bench/static-pages.ts,
 * BENCH_STATIC_SECONDS per side, default 8, at 50 connections), and the flood: BENCH_FLOOD_REQUESTS
 * (default 5000) POSTs from one address while other visitors submit normally (scripts/bench/flood.ts).
 *
 * Last, the agent's inbox with BENCH_INBOX_SUBMISSIONS (default 50,000) stored submissions
 * (scripts/bench/inbox.ts): the list, a search, a filter and a person's page, p99 < 200 ms.
 * The listings feed (scripts/bench/listings.ts): BENCH_LISTINGS (default 20,000) listings, then on that server listing, area and
 * search pages directly and through Debian's Varnish beside a prerendered page (scripts/bench/shared-cache.ts, issue 29).
 * Speed to lead (scripts/bench/push.ts): BENCH_PUSH_SUBMISSIONS (default 500) contact forms, each
 * timed from its answer to the push at a loopback Web Push stand-in, and the JavaScript `/` and
 * `/contact` load compared with a build of the last commit (scripts/bench/page-scripts.ts).
 * Listing alerts (scripts/bench/alerts.ts): 10,000 saved searches matched against a sync that
 * changed 2,000 of 20,000 listings and the mails queued, in-process on PGlite (no build needed).
 * The assessment roll (scripts/bench/assessments.ts): a full import of BENCH_ASSESSMENT_ACCOUNTS
 * (default 440,000) accounts from the City stand-in (in a process of its own) into PGlite in this process.
 * What's my home worth (scripts/bench/home-value.ts): address suggestions at 8 concurrent callers,
 * a home's page with its estimate over the same roll, and the monthly home report job for 5,000
 * subscribed homes, in-process on PGlite.
 * Showings (scripts/bench/showings.ts, issue 44): a booking page's slots with a busy calendar of
 * BENCH_SHOWINGS_BUSY (default 500) events, in-process on PGlite.
 * The search and its map (scripts/bench/search.ts): /listings with every filter and order over BENCH_LISTINGS listings,
 * each request a new search, beside a bare node:http reference; the map data's size for the whole region.
 * The roll's pages over HTTP (scripts/bench/roll-pages.ts): neighbourhood, listing and home-value pages and the
 * address suggestions on the full roll, 8 connections, beside a bare node:http reference.
 * BENCH_ONLY=forms,static,flood,inbox,listings,push,alerts,backup,assessments,home-value,showings,search,roll-pages runs some sections only ("flood": the
 * flood without the static pages before it).
 *
 * Each section sends BENCH_REQUESTS requests (default 8000) over BENCH_CONNECTIONS connections
 * (default 16) and stops after BENCH_MAX_SECONDS (default 60) whatever happens; stopping by
 * count means no request is left in flight, so stored rows can be compared exactly.
 * A warm-up of BENCH_WARMUP requests (default 500) precedes each measured section.
 * Environment: BENCH_PORT (default: a free port), BENCH_SKIP_BUILD=1 to reuse
 * build-bench/, BENCH_OUTBOX_WORKER (on|off, default on: notifications are delivered as .eml
 * files during the run, as in production).
 */
import autocannon from "autocannon";
import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../platform/db/database";
import { benchAlerts, printAlerts } from "./bench/alerts";
import { benchFlood, printFlood } from "./bench/flood";
import { sections } from "./bench/form-sections";
import { ROLL_ROWS, benchBackup, printBackup } from "./bench/backup";
import { benchAssessments, printAssessments } from "./bench/assessments";
import { benchHomeValue, printHomeValue } from "./bench/home-value";
import { benchShowings, printShowings } from "./bench/showings";
import { benchInbox, printInbox, seedInbox } from "./bench/inbox";
import { benchListingPages, loadListings, printListings } from "./bench/listings";
import { benchSearch, printSearch } from "./bench/search";
import { benchRollPages, prepareRollPages, printRollPages } from "./bench/roll-pages";
import { headBuildScripts, printScriptComparison, servedScripts } from "./bench/page-scripts";
import { benchPush, printPush, startPushStandIn } from "./bench/push";
import { benchSharedCache, printSharedCache, untimedListingPaths } from "./bench/shared-cache";
import { HOST, buildDir, cpuSecondsOfTree, freePort, serverLogTail, startServer, stopServer } from "./bench/server";
import { benchStaticPages, printStaticBench } from "./bench/static-pages";
import { fmt } from "./bench/stats";
import { feedEnvOf } from "../tests/fixtures/ddf/stand-in";
import { readConfig } from "../platform/config";
import { readScriptConfig } from "./script-config";
import { FORM_QUOTA } from "../server/runtime";

const config = readConfig();
const settings = readScriptConfig();

const requestsPerSection = settings.BENCH_REQUESTS;
const connections = settings.BENCH_CONNECTIONS;
const maxSeconds = settings.BENCH_MAX_SECONDS;
const warmupRequests = settings.BENCH_WARMUP;

interface Counts {
  [name: string]: number;
}

async function countAll(databaseUrl: string | undefined, pgliteDir: string): Promise<Counts> {
  const db = await openDatabase({ databaseUrl, pgliteDir, migrate: false });
  try {
    const counts: Counts = {};
    for (const section of sections) {
      for (const [name, query] of Object.entries(section.countQueries ?? {})) {
        const rows = await db.rows<{ n: number }>(query);
        counts[name] = Number(rows[0]?.n ?? 0);
      }
    }
    return counts;
  } finally {
    await db.close();
  }
}

/** A section's fresh data folder and free loopback port (`origin`); the folder is removed after it. */
async function inDataDir<T>(run: (dataDir: string, origin: string, port: number) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-"));
  const port = await freePort();
  try {
    return await run(dataDir, `http://${HOST}:${port}`, port);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The built server for the length of `run` (stopped after it, if `run` did not stop it already). */
async function withServer<T>(server: Promise<ChildProcess>, run: (server: ChildProcess) => Promise<T>): Promise<T> {
  const started = await server;
  try {
    return await run(started);
  } finally {
    await stopServer(started);
  }
}

async function runDriver(label: string, env: Record<string, string>, databaseUrl: string | undefined): Promise<boolean> {
  return inDataDir((dataDir, origin, port) => {
    console.log(
      `\n== ${label} ==  (${origin}, ${fmt(requestsPerSection)} requests per section over ${connections} connections, at most ${maxSeconds} s)`,
    );
    return withServer(startServer(port, { ...env, DATA_DIR: dataDir }), (server) =>
      driveSections(server, origin, path.join(dataDir, "pglite"), databaseUrl),
    );
  });
}

/** Each form section against `server`, then the rows stored against the responses accepted. */
async function driveSections(server: ChildProcess, origin: string, pgliteDir: string, databaseUrl: string | undefined): Promise<boolean> {
  const accepted: Record<string, number> = {};
  let ok = true;
  const before = await (async () => {
    // PGlite allows one process on its folder: count through the server's database only when it is PostgreSQL.
    if (!databaseUrl) return null;
    return countAll(databaseUrl, pgliteDir);
  })();
  const runId = Date.now().toString(36);
  for (const section of sections) {
    let n = 0;
    // Bounded in time as well as count: past the limit the server is stopped, which ends the run.
    let timedOut = false;
    const guard = setTimeout(() => {
      timedOut = true;
      server.kill("SIGTERM");
    }, maxSeconds * 1000);
    const makeRequests = (): autocannon.Request[] => [
      {
        setupRequest: (req) => {
          const r = section.request(n++, runId);
          return {
            ...req,
            method: r.method,
            path: r.path,
            body: r.body,
            headers: { "content-type": "application/x-www-form-urlencoded", origin },
          };
        },
      },
    ];
    // Warm-up (JIT, caches), not reported; its accepted requests count in the row comparison.
    const warmup =
      warmupRequests > 0 ? await autocannon({ url: origin, connections, amount: warmupRequests, requests: makeRequests() }) : null;
    const cpuBefore = cpuSecondsOfTree(server.pid!);
    const result = await autocannon({
      url: origin,
      connections,
      amount: requestsPerSection,
      requests: makeRequests(),
    });
    clearTimeout(guard);
    if (timedOut) {
      console.log(
        `${section.name}: stopped after ${maxSeconds} s (BENCH_MAX_SECONDS) with ${fmt(result["2xx"])} accepted; rows are not compared.`,
      );
      return false;
    }
    const cpuAfter = cpuSecondsOfTree(server.pid!);
    const twoXx = result["2xx"];
    accepted[section.name] = twoXx + (warmup?.["2xx"] ?? 0);
    const reqPerSec = twoXx / result.duration;
    const cpuMs = cpuBefore !== null && cpuAfter !== null && twoXx > 0 ? ((cpuAfter - cpuBefore) * 1000) / twoXx : null;
    console.log(
      `${section.name.padEnd(42)} ${fmt(reqPerSec).padStart(6)} accepted req/s   p50 ${fmt(result.latency.p50, 1)} ms   p99 ${fmt(result.latency.p99, 1)} ms   ` +
        `accepted ${fmt(twoXx)}, other ${fmt(result.non2xx)}, errors ${fmt(result.errors)}, timeouts ${fmt(result.timeouts)}`,
    );
    if (result.non2xx > 0 || result.errors > 0) {
      ok = false;
      console.log(`  status codes: ${JSON.stringify(result.statusCodeStats)}\n  server log (end):\n${serverLogTail(15)}`);
    }
    if (cpuMs !== null) {
      console.log(
        `${"".padEnd(42)} server CPU ${fmt(cpuMs, 2)} ms per accepted request (about ${fmt(1000 / cpuMs)} req/s per dedicated core)`,
      );
    }
    if (section.target) {
      const met = reqPerSec >= section.target.reqPerSec && result.latency.p99 < section.target.p99Ms;
      console.log(
        `${"".padEnd(42)} target >= ${section.target.reqPerSec} req/s with p99 < ${section.target.p99Ms} ms: ${met ? "met" : "NOT met"}`,
      );
    }
  }
  await stopServer(server);
  const after = await countAll(databaseUrl, pgliteDir);
  console.log("\nStored after the run (must equal the accepted responses):");
  for (const section of sections) {
    for (const name of Object.keys(section.countQueries ?? {})) {
      const stored = after[name]! - (before?.[name] ?? 0);
      const expected = accepted[section.name]!;
      const match = stored === expected;
      if (!match) ok = false;
      console.log(`  ${name.padEnd(34)} ${fmt(stored).padStart(8)}  ${match ? "= accepted" : `!= accepted ${fmt(expected)}`}`);
    }
  }
  return ok;
}

/**
 * Static pages and the flood, on one server with the production settings (PGlite, the default
 * form quota of FORM_QUOTA.max per window, X-Forwarded-For trusted from loopback).
 * Returns false when the flood was not throttled or a normal visitor was refused.
 */
async function runStaticAndFlood(withStatic: boolean): Promise<boolean> {
  const limit = FORM_QUOTA.max;
  return inDataDir((dataDir, origin, port) => {
    console.log(
      `\n== ${withStatic ? "Static pages and flood" : "Flood"} ==  (${origin}, production rate limit: ${limit} submissions per address per window)`,
    );
    return withServer(startServer(port, { DATABASE_URL: "", DATA_DIR: dataDir, TRUST_PROXY: "loopback" }, {}), async (server) => {
      if (withStatic) printStaticBench(await benchStaticPages({ appOrigin: origin, buildDir, duration: settings.BENCH_STATIC_SECONDS }));
      const flood = await benchFlood({ origin, floodRequests: settings.BENCH_FLOOD_REQUESTS, connections });
      printFlood(flood, limit);
      await stopServer(server);
      const stored = await countAll(undefined, path.join(dataDir, "pglite"));
      const storedContacts = stored.contacts ?? 0;
      const expected = flood.flood.accepted + flood.visitors.warmedUp + flood.visitors.accepted;
      console.log(
        `  stored contacts ${storedContacts} ${storedContacts === expected ? "= accepted (flood + visitors)" : `!= accepted ${expected}`}`,
      );
      const throttled = flood.flood.accepted <= limit && flood.flood.throttled >= flood.flood.sent - limit - flood.flood.errors;
      const visitorsServed = flood.visitors.sent > 0 && flood.visitors.other === 0;
      if (!throttled) console.error("  The flood was not throttled as it should be.");
      if (!visitorsServed) console.error("  Normal visitors were refused during the flood.");
      return throttled && visitorsServed && storedContacts === expected;
    });
  });
}

/** The agent's inbox with BENCH_INBOX_SUBMISSIONS stored submissions, on PGlite (issue 11: p99 < 200 ms). */
async function runInbox(): Promise<boolean> {
  return inDataDir(async (dataDir, origin, port) => {
    console.log(`\n== Inbox ==  (${origin}, PGlite, ${fmt(settings.BENCH_INBOX_SUBMISSIONS)} submissions)`);
    const seed = await seedInbox(path.join(dataDir, "pglite"), settings.BENCH_INBOX_SUBMISSIONS);
    return withServer(startServer(port, { DATABASE_URL: "", DATA_DIR: dataDir }), async () =>
      printInbox(seed, await benchInbox(origin, seed)),
    );
  });
}

/** The listings feed with BENCH_LISTINGS listings (issue 12): the full load, then page latency. */
async function runListings(): Promise<boolean> {
  return inDataDir(async (dataDir, origin, port) => {
    console.log(`\n== Listings feed ==  (${origin}, PGlite, ${fmt(settings.BENCH_LISTINGS)} listings from the local DDF stand-in)`);
    const { load, standIn, paths } = await loadListings(path.join(dataDir, "pglite"), settings.BENCH_LISTINGS);
    // The server reads the copy the sync just made; its own worker stays off so only pages are timed.
    const server = startServer(port, { DATABASE_URL: "", DATA_DIR: dataDir, ...feedEnvOf(standIn), DDF_SYNC_WORKER: "off" });
    try {
      return await withServer(server, async () => {
        const ok = printListings(load, await benchListingPages(origin, paths));
        return (
          printSharedCache(
            await benchSharedCache({
              origin,
              buildDir,
              listingPaths: untimedListingPaths(standIn.listings, 200),
              seconds: settings.BENCH_STATIC_SECONDS,
            }),
          ) && ok
        );
      });
    } finally {
      await standIn.close();
    }
  });
}

/** The search with every filter and order, and the map's data, over BENCH_LISTINGS listings (issue 45, decision 060). */
async function runSearch(): Promise<boolean> {
  return inDataDir(async (dataDir, origin, port) => {
    console.log(`\n== Search and map ==  (${origin}, PGlite, ${fmt(settings.BENCH_LISTINGS)} listings from the local DDF stand-in)`);
    const { standIn } = await loadListings(path.join(dataDir, "pglite"), settings.BENCH_LISTINGS);
    const server = startServer(port, { DATABASE_URL: "", DATA_DIR: dataDir, ...feedEnvOf(standIn), DDF_SYNC_WORKER: "off" });
    try {
      return await withServer(server, async (started) =>
        printSearch(await benchSearch(origin, settings.BENCH_STATIC_SECONDS, started.pid)),
      );
    } finally {
      await standIn.close();
    }
  });
}

/** Speed to lead (decision 038): submission to push on a loopback stand-in, and the public pages' scripts against the last commit. */
async function runPush(): Promise<boolean> {
  // The push job runs where the mail outbox runs (server/runtime.ts).
  if (!settings.BENCH_OUTBOX_WORKER) {
    console.log("\n== Speed to lead ==  skipped: BENCH_OUTBOX_WORKER=off also turns off the push job");
    return true;
  }
  return inDataDir(async (dataDir, origin, port) => {
    const submissions = settings.BENCH_PUSH_SUBMISSIONS;
    const standIn = await startPushStandIn();
    console.log(`\n== Speed to lead ==  (${origin}, PGlite, push stand-in at http://${standIn.hostPort})`);
    // The reference posts and the measured ones all come from this one address.
    const server = startServer(
      port,
      { DATABASE_URL: "", DATA_DIR: dataDir },
      { pushLocalHosts: [standIn.hostPort], formRateLimitMax: submissions + 1000 },
    );
    try {
      return await withServer(server, async (started) => {
        let ok = printPush(await benchPush(origin, standIn, submissions, maxSeconds));
        const pages = ["/", "/contact"];
        const now = await servedScripts(origin, path.join(buildDir, "client"), pages);
        await stopServer(started);
        const before = await headBuildScripts(pages, await freePort());
        console.log(
          `  the scripts \`/\` and \`/contact\` load (gzip -6 of the built files), this build against ${before.commit} (built and served in ${before.seconds.toFixed(0)} s):`,
        );
        ok = printScriptComparison(now, before) && ok;
        return ok;
      });
    } finally {
      await standIn.close();
    }
  });
}

/** Listing alerts (issue 32): matching and queueing in-process on PGlite; the server is not involved. */
async function runAlerts(): Promise<boolean> {
  console.log("\n== Listing alerts ==  (PGlite, in-process: matchChanges + queueDueAlerts)");
  return printAlerts(await benchAlerts());
}

/** Backups (issue 41): in-process on PGlite, with HTTP requests to loopback handlers in the same process meanwhile; the built server is not involved. */
async function runBackup(): Promise<boolean> {
  console.log(
    `\n== Backups ==  (PGlite, in-process: takeBackup, both kinds, ${fmt(settings.BENCH_BACKUP_SUBMISSIONS)} submissions, ${fmt(settings.BENCH_BACKUP_LISTINGS)} listings, ${fmt(ROLL_ROWS)} roll rows)`,
  );
  return printBackup(await benchBackup(settings.BENCH_BACKUP_SUBMISSIONS, settings.BENCH_BACKUP_LISTINGS));
}

/** The City's assessment roll (issue 42): in-process on PGlite, from the City stand-in. */
async function runAssessments(): Promise<boolean> {
  console.log(
    `\n== Assessment roll ==  (PGlite, in-process: a full import of ${fmt(settings.BENCH_ASSESSMENT_ACCOUNTS)} accounts from the City stand-in)`,
  );
  return printAssessments(await benchAssessments(settings.BENCH_ASSESSMENT_ACCOUNTS));
}

/** What's my home worth (issue 43): in-process on PGlite over a generated roll. */
async function runHomeValue(): Promise<boolean> {
  console.log(
    `\n== What's my home worth ==  (PGlite, in-process: suggestions and a home's page over ${fmt(settings.BENCH_ASSESSMENT_ACCOUNTS)} accounts)`,
  );
  return printHomeValue(await benchHomeValue(settings.BENCH_ASSESSMENT_ACCOUNTS));
}

/** The roll's pages over HTTP (issues 42 and 43): the built server on the full roll and listings at its homes, 8 connections. */
async function runRollPages(): Promise<boolean> {
  return inDataDir(async (dataDir, origin, port) => {
    console.log(
      `\n== The roll's pages ==  (${origin}, PGlite, ${fmt(settings.BENCH_ASSESSMENT_ACCOUNTS)} accounts from the City stand-in, listings at its homes from the DDF stand-in)`,
    );
    const { data, city, ddf } = await prepareRollPages(path.join(dataDir, "pglite"), settings.BENCH_ASSESSMENT_ACCOUNTS);
    try {
      // The roll and the listings are in place: both workers stay off, so only pages are timed.
      const server = startServer(port, {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        ...feedEnvOf(ddf),
        DDF_SYNC_WORKER: "off",
        ASSESSMENTS: "on",
        ASSESSMENTS_URL: city.baseUrl,
        ASSESSMENTS_WORKER: "off",
      });
      return await withServer(server, async (started) =>
        printRollPages(await benchRollPages(origin, data, settings.BENCH_STATIC_SECONDS, started.pid ?? null)),
      );
    } finally {
      await ddf.close();
      await city.close();
    }
  });
}

/** "Book a showing" (issue 44): in-process on PGlite, the slots of a booking page with a busy calendar. */
async function runShowings(): Promise<boolean> {
  console.log(`\n== Showings ==  (PGlite, in-process: a booking page's slots with ${fmt(settings.BENCH_SHOWINGS_BUSY)} busy events)`);
  return printShowings(await benchShowings(settings.BENCH_SHOWINGS_BUSY));
}

async function main() {
  const only = settings.BENCH_ONLY;
  const runs = (section: NonNullable<typeof only>[number]) => !only || only.includes(section);
  // The alerts, backup, assessments, home-value and showings sections run in this process: alone, they need no build.
  const inProcess = ["alerts", "backup", "assessments", "home-value", "showings"];
  const needsBuild = !only || only.some((section) => !inProcess.includes(section));
  if (!settings.BENCH_SKIP_BUILD && needsBuild) {
    console.log(`Building into ${buildDir}/ ...`);
    execFileSync("npm", ["run", "build"], { env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" }, stdio: "ignore" });
  }
  const databaseUrl = config.DATABASE_URL;
  let ok = true;
  if (runs("forms")) {
    ok = await runDriver("PGlite (embedded)", { DATABASE_URL: "" }, undefined);
    if (databaseUrl) ok = (await runDriver("PostgreSQL (DATABASE_URL)", { DATABASE_URL: databaseUrl }, databaseUrl)) && ok;
  }
  if (runs("static") || runs("flood")) ok = (await runStaticAndFlood(runs("static"))) && ok;
  if (runs("inbox")) ok = (await runInbox()) && ok;
  if (runs("listings")) ok = (await runListings()) && ok;
  if (runs("search")) ok = (await runSearch()) && ok;
  if (runs("push")) ok = (await runPush()) && ok;
  if (runs("alerts")) ok = (await runAlerts()) && ok;
  if (runs("backup")) ok = (await runBackup()) && ok;
  if (runs("assessments")) ok = (await runAssessments()) && ok;
  if (runs("home-value")) ok = (await runHomeValue()) && ok;
  if (runs("showings")) ok = (await runShowings()) && ok;
  if (runs("roll-pages")) ok = (await runRollPages()) && ok;
  if (!ok) {
    console.error("\nThe bench did not finish cleanly (time limit reached, or stored rows differ from accepted responses).");
    process.exit(1);
  }
}

await main();
