/**
 * The City's assessment roll (issue 42, decision 053): a full import of BENCH_ASSESSMENT_ACCOUNTS
 * accounts (default 440,000) and as many property information rows from the City stand-in
 * (tests/fixtures/city), in-process on PGlite (no build needed). Measured: the time, the process's
 * peak resident memory above what it held before the import (the stand-in's own copy of the roll
 * is in this process too, and counted in the baseline), the database's size before and after, and
 * what a listing page's roll lookups feel meanwhile: every 20 ms an address match and a
 * neighbourhood page's figures, timed (p50, p99, max).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { parseAddress } from "../../app/lib/assessments/address";
import { importRoll } from "../../app/lib/server/assessments/import.server";
import { matchAddress } from "../../app/lib/server/assessments/lookup.server";
import { neighbourhoodPage } from "../../app/lib/server/assessments/neighbourhoods.server";
import { createSodaClient } from "../../app/lib/server/assessments/soda-client.server";
import { generateRoll } from "../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../tests/fixtures/city/soda-standin";

export interface AssessmentsBenchResult {
  accounts: number;
  importSeconds: number;
  /** MB of resident memory: before the import (stand-in data included) and the peak during it. */
  rssBeforeMb: number;
  rssPeakMb: number;
  dbBeforeMb: number;
  dbAfterMb: number;
  /** A lookup pair (address match + neighbourhood page) during the import, ms. */
  lookups: { p50: number; p99: number; max: number; count: number };
  /** The same after it, on the full live roll. */
  after: { p50: number; p99: number; max: number; count: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const stats = (waits: number[]) => {
  const s = [...waits].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s[s.length - 1] ?? 0, count: s.length };
};

export async function benchAssessments(accounts: number): Promise<AssessmentsBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-roll-"));
  const data = generateRoll({ accounts, seed: 44, history: false });
  const city = await startSodaStandIn({ data });
  const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  const size = async () => mb(Number((await db.rows<{ n: number }>(sql`select pg_database_size(current_database())::float8 as n`))[0]!.n));
  try {
    // A first, small roll live, so the lookups have something to find during the big import.
    const probeRow = data.roll.find((r) => !r.suite)!;
    const key = parseAddress(`${probeRow.house_number} ${probeRow.street_name}`)!;
    const client = createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 2 });
    const full = city.rows.get("q7d6-ambg")!;
    const fullInfo = city.rows.get("dkk9-cj3x")!;
    city.rows.set("q7d6-ambg", full.slice(0, 2000));
    city.rows.set("dkk9-cj3x", fullInfo.slice(0, 2000));
    await importRoll(db, client, { refreshMs: 1, force: true });
    city.rows.set("q7d6-ambg", full);
    city.rows.set("dkk9-cj3x", fullInfo);
    const dbBeforeMb = await size();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const waits: number[] = [];
    let running = true;
    const lookup = async () => {
      const t0 = performance.now();
      await matchAddress(db, key, null);
      await neighbourhoodPage(db, "garneau");
      return performance.now() - t0;
    };
    const probe = (async () => {
      while (running) {
        waits.push(await lookup());
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    try {
      await importRoll(db, client, { refreshMs: 1, force: true });
    } finally {
      running = false;
      await probe;
    }
    const importSeconds = (performance.now() - t0) / 1000;
    const after: number[] = [];
    for (let i = 0; i < 200; i++) after.push(await lookup());
    return {
      accounts,
      importSeconds,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(rssPeak),
      dbBeforeMb,
      dbAfterMb: await size(),
      lookups: stats(waits),
      after: stats(after),
    };
  } finally {
    await db.close();
    await city.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printAssessments(r: AssessmentsBenchResult): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(`Accounts: ${r.accounts.toLocaleString("en-CA")} + as many property information rows`);
  console.log(
    `Import: ${f(r.importSeconds)} s (target ≤ 180 s); resident memory ${r.rssBeforeMb} MB before (stand-in data included), peak ${r.rssPeakMb} MB (+${r.rssPeakMb - r.rssBeforeMb} MB; target ≤ 600 MB)`,
  );
  console.log(`Database: ${r.dbBeforeMb} MB before, ${r.dbAfterMb} MB after`);
  console.log(
    `Lookup (address match + neighbourhood page) during the import: p50 ${f(r.lookups.p50)} ms, p99 ${f(r.lookups.p99)} ms, max ${f(r.lookups.max)} ms (${r.lookups.count})`,
  );
  console.log(`Lookup after it, full roll: p50 ${f(r.after.p50)} ms, p99 ${f(r.after.p99)} ms, max ${f(r.after.max)} ms`);
  return r.importSeconds <= 180 && r.rssPeakMb - r.rssBeforeMb <= 600;
}
