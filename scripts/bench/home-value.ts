/**
 * What's my home worth (issue 43), in-process on PGlite (no build needed): the assessment bench's
 * generated roll (BENCH_ASSESSMENT_ACCOUNTS accounts, default 440,000) imported from the City
 * stand-in, and LISTINGS listings for sale at addresses of its homes. Measured:
 * - address suggestions as people type them (every length from 3 characters to the whole address,
 *   a condo's with its unit), 8 callers at once on the one connection: p50, p99, max per call;
 * - a home's page (its account, property information, neighbourhood, history kept, and its
 *   estimate from the matched listings): the first (which matches every listing) and the next ones.
 * The monthly report job is not built yet, so not measured.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../platform/db/database";
import { createAssessmentsContext } from "../../app/lib/server/assessments/context.server";
import { homeValuePage, suggestAddresses } from "../../app/lib/server/assessments/home-value.server";
import { importRoll } from "../../app/lib/server/assessments/import.server";
import { createSodaClient } from "../../app/lib/server/assessments/soda-client.server";
import { toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";
import { generateRoll, seededRandom } from "../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../tests/fixtures/city/soda-standin";
import { HOME } from "../../tests/support/listing-routes";

const LISTINGS = 3_000;
const CALLERS = 8;
const SUGGESTIONS = 4_000;
const PAGES = 300;

export interface HomeValueBenchResult {
  accounts: number;
  listings: number;
  importSeconds: number;
  suggestions: Stats;
  /** The same queries one at a time: the query's own time, without waiting for the other callers on the one connection. */
  alone: Stats;
  firstPageMs: number;
  pages: Stats;
  ranges: number;
}
interface Stats {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
const stats = (waits: number[]): Stats => {
  const s = [...waits].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s[s.length - 1] ?? 0, count: s.length };
};

export async function benchHomeValue(accounts: number): Promise<HomeValueBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-home-value-"));
  const data = generateRoll({ accounts, seed: 44, history: false });
  const city = await startSodaStandIn({ data });
  const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  try {
    const t0 = performance.now();
    await importRoll(db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 2 }), { refreshMs: 1, force: true });
    const importSeconds = (performance.now() - t0) / 1000;

    const rand = seededRandom(7);
    const pick = <T>(rows: readonly T[]) => rows[Math.floor(rand() * rows.length)]!;
    const homes = data.roll.filter((r) => r.tax_class === "Residential");
    // Homes for sale at 90–125 % of their assessments, as a listing writes its address.
    const forSale = Array.from({ length: LISTINGS }, (_, i) => {
      const r = pick(homes);
      return toListingRow({
        ...HOME,
        ListingKey: String(70_000_000 + i),
        ListingId: `E${70_000_000 + i}`,
        ListPrice: Math.round(Number(r.assessed_value) * (0.9 + rand() * 0.35)),
        UnparsedAddress: `${r.suite ? `#${String(r.suite)} ` : ""}${String(r.house_number)} ${String(r.street_name)}, Edmonton, Alberta`,
        Latitude: Number(r.latitude),
        Longitude: Number(r.longitude),
      });
    });
    for (let i = 0; i < forSale.length; i += 500) await upsertListings(db, forSale.slice(i, i + 500));

    // What people type: a prefix of every length from 3 characters, a condo's with its unit first.
    const typed = Array.from({ length: SUGGESTIONS }, () => {
      const r = pick(homes);
      const full = `${String(r.house_number)} ${String(r.street_name)}`;
      const prefix = full.slice(0, 3 + Math.floor(rand() * (full.length - 2)));
      return r.suite && rand() < 0.5 ? `#${String(r.suite)} ${prefix}` : prefix;
    });
    const waits: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (next < typed.length) {
          const q = typed[next++]!;
          const s = performance.now();
          await suggestAddresses(db, q);
          waits.push(performance.now() - s);
        }
      }),
    );

    const aloneWaits: number[] = [];
    for (const q of typed.slice(0, 1000)) {
      const s = performance.now();
      await suggestAddresses(db, q);
      aloneWaits.push(performance.now() - s);
    }

    const ctx = createAssessmentsContext(db, { baseUrl: city.baseUrl }, { warn() {} });
    const accountsToShow = Array.from({ length: PAGES }, () => String(pick(homes).account_number));
    const first = performance.now();
    await homeValuePage(ctx, accountsToShow[0]!, { historyWaitMs: 250 });
    const firstPageMs = performance.now() - first;
    const pageWaits: number[] = [];
    let ranges = 0;
    for (const account of accountsToShow.slice(1)) {
      const s = performance.now();
      const view = await homeValuePage(ctx, account, { historyWaitMs: 250 });
      pageWaits.push(performance.now() - s);
      if (view?.estimate?.kind === "range") ranges++;
    }
    return {
      accounts,
      listings: LISTINGS,
      importSeconds,
      suggestions: stats(waits),
      alone: stats(aloneWaits),
      firstPageMs,
      pages: stats(pageWaits),
      ranges,
    };
  } finally {
    await db.close();
    await city.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printHomeValue(r: HomeValueBenchResult): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `Roll: ${r.accounts.toLocaleString("en-CA")} accounts imported in ${f(r.importSeconds)} s; ${r.listings} listings for sale at its homes`,
  );
  console.log(
    `Suggestions, ${CALLERS} callers at once: p50 ${f(r.suggestions.p50)} ms, p99 ${f(r.suggestions.p99)} ms, max ${f(r.suggestions.max)} ms (${r.suggestions.count}; target p99 ≤ 50 ms)`,
  );
  console.log(`Suggestions one at a time: p50 ${f(r.alone.p50)} ms, p99 ${f(r.alone.p99)} ms, max ${f(r.alone.max)} ms (${r.alone.count})`);
  console.log(
    `A home's page with its estimate: first ${f(r.firstPageMs)} ms (matches every listing), then p50 ${f(r.pages.p50)} ms, p99 ${f(r.pages.p99)} ms, max ${f(r.pages.max)} ms (${r.pages.count}; ${r.ranges} with a range)`,
  );
  return r.suggestions.p99 <= 50;
}
