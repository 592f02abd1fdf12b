/**
 * The City's assessment roll (issue 42, decision 053): a full import of BENCH_ASSESSMENT_ACCOUNTS
 * accounts (default 440,000) and as many property information rows, with the neighbourhood
 * boundaries, from the City stand-in (tests/fixtures/city), run in its own process
 * (city-standin.ts) so that this process holds only the import and PGlite (no build needed).
 * Measured: the time; this process's resident memory (VmRSS, read from /proc every 50 ms as
 * tests/faults/memory.test.ts reads the server's) before and at its peak; the database's size
 * before and after; and what pages feel meanwhile, over HTTP on loopback: a handler that runs a
 * listing page's roll lookup and a neighbourhood page's queries (`/page`), timed from the
 * request's arrival to its answer (and to its first statement's, one indexed select), beside a bare node:http handler (`/bare`) in the same process,
 * each asked every 20 ms from 2 connections, for what the machine alone costs.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { parseAddress } from "../../app/lib/assessments/address";
import { importRoll } from "../../app/lib/server/assessments/import.server";
import { matchAddress } from "../../app/lib/server/assessments/lookup.server";
import { neighbourhoodPage } from "../../app/lib/server/assessments/neighbourhoods.server";
import { createSodaClient } from "../../app/lib/server/assessments/soda-client.server";
import { type Stats, stats } from "./stats";

export interface AssessmentsBenchResult {
  accounts: number;
  importSeconds: number;
  /** MB of this process's resident memory (the stand-in is in another): before the import and the peak during it. */
  rssBeforeMb: number;
  rssPeakMb: number;
  dbBeforeMb: number;
  dbAfterMb: number;
  /** During the import: `/page`'s server time, and both handlers' round trips, ms. */
  pageServer: Stats;
  /** The page's first statement (the address match, one indexed select) from the request's arrival. */
  firstStatement: Stats;
  pageRoundTrip: Stats;
  bareRoundTrip: Stats;
  /** `/page`'s server time after it, on the full live roll, one at a time. */
  after: Stats;
}

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/** This process's VmRSS in MB (PGlite's thread included). */
function residentMb(): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  return kb === undefined ? mb(process.memoryUsage().rss) : Math.round(Number(kb) / 1024);
}

/** The City stand-in (city-standin.ts) in a process of its own, serving a small roll until `full()`. */
export async function startCity(accounts: number) {
  const entry = fileURLToPath(new URL("./city-standin.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", entry, String(accounts)], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the City stand-in exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  const { baseUrl, probe } = JSON.parse(line) as { baseUrl: string; probe: string };
  return {
    baseUrl,
    probe,
    full: async () => void (await fetch(`${baseUrl}/bench/full`, { method: "POST" })),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners("exit");
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function benchAssessments(accounts: number): Promise<AssessmentsBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-roll-"));
  const city = await startCity(accounts);
  const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  const size = async () => mb(Number((await db.rows<{ n: number }>(sql`select pg_database_size(current_database())::float8 as n`))[0]!.n));
  const key = parseAddress(city.probe)!;
  const serverTimes: number[] = [];
  const statementTimes: number[] = [];
  const server = createServer((req, res) => {
    if (req.url === "/bare") return void res.end("ok");
    const t0 = performance.now();
    void (async () => {
      await matchAddress(db, key, null);
      statementTimes.push(performance.now() - t0);
      await neighbourhoodPage(db, "garneau");
      serverTimes.push(performance.now() - t0);
      res.end("ok");
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // A first, small roll live, so the pages have something to find during the big import.
    const client = createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 2 });
    await importRoll(db, client, { refreshMs: 1, force: true });
    await city.full();
    const dbBeforeMb = await size();
    global.gc?.();
    const rssBefore = residentMb();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, residentMb())), 50);
    const page: number[] = [];
    const bare: number[] = [];
    let running = true;
    const visitor = async (pathname: string, into: number[]) => {
      while (running) {
        const t0 = performance.now();
        await (await fetch(`${origin}${pathname}`)).text();
        into.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const visitors = [0, 1].flatMap(() => [visitor("/page", page), visitor("/bare", bare)]);
    const t0 = performance.now();
    try {
      await importRoll(db, client, { refreshMs: 1, force: true });
    } finally {
      running = false;
      await Promise.all(visitors);
      clearInterval(sampler);
    }
    const importSeconds = (performance.now() - t0) / 1000;
    const during = stats(serverTimes);
    const statement = stats(statementTimes);
    serverTimes.length = 0;
    for (let i = 0; i < 200; i++) await (await fetch(`${origin}/page`)).text();
    return {
      accounts,
      importSeconds,
      rssBeforeMb: rssBefore,
      rssPeakMb: rssPeak,
      dbBeforeMb,
      dbAfterMb: await size(),
      pageServer: during,
      firstStatement: statement,
      pageRoundTrip: stats(page),
      bareRoundTrip: stats(bare),
      after: stats(serverTimes),
    };
  } finally {
    server.close();
    await db.close();
    await city.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printAssessments(r: AssessmentsBenchResult): boolean {
  const f = (n: number) => n.toFixed(1);
  const line = (s: Stats) => `p50 ${f(s.p50)} ms, p99 ${f(s.p99)} ms, max ${f(s.max)} ms (${s.count})`;
  console.log(`Accounts: ${r.accounts.toLocaleString("en-CA")} + as many property information rows, and the neighbourhood boundaries`);
  console.log(
    `Import: ${f(r.importSeconds)} s (target ≤ 180 s); this process's resident memory (the stand-in runs in another) ${r.rssBeforeMb} MB before, peak ${r.rssPeakMb} MB (target ≤ 600 MB)`,
  );
  console.log(`Database: ${r.dbBeforeMb} MB before, ${r.dbAfterMb} MB after`);
  console.log(`During the import, a page's roll queries (address match + neighbourhood page), server time: ${line(r.pageServer)}`);
  console.log(`  its first statement (the address match), from the request's arrival: ${line(r.firstStatement)}`);
  console.log(`  round trip: ${line(r.pageRoundTrip)}; a bare node:http handler beside it: ${line(r.bareRoundTrip)}`);
  console.log(`After it, full roll, one at a time, server time: ${line(r.after)}`);
  return r.importSeconds <= 180 && r.rssPeakMb <= 600;
}
