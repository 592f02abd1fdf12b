/**
 * What's my home worth (issue 43), in-process on PGlite (no build needed): the assessment bench's
 * generated roll (BENCH_ASSESSMENT_ACCOUNTS accounts, default 440,000) imported from the City
 * stand-in, and LISTINGS listings for sale at addresses of its homes. Measured:
 * - address suggestions as people type them (every length from 3 characters to the whole address,
 *   a condo's with its unit), 8 callers at once on the one connection: p50, p99, max per call;
 * - a home's page (its account, property information, neighbourhood, history kept, and its
 *   estimate from the matched listings): the first (which matches every listing) and the next ones.
 * - the monthly home report job (queueHomeReports) for REPORTS people subscribed to one home each,
 *   at the month's first weekday 7:00: the run that queues every mail, and a later run that month
 *   (nothing left to queue).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { queueHomeReports } from "../../app/lib/server/alerts/home-report.server";
import { createAssessmentsContext } from "../../app/lib/server/assessments/context.server";
import { homeValuePage, suggestAddresses } from "../../app/lib/server/assessments/home-value.server";
import { importRoll } from "../../app/lib/server/assessments/import.server";
import { createSodaClient } from "../../app/lib/server/assessments/soda-client.server";
import { toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";
import { generateRoll, seededRandom } from "../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../tests/fixtures/city/soda-standin";
import { HOME } from "../../tests/support/listing-routes";
import { type Stats, stats } from "./stats";

const LISTINGS = 3_000;
const CALLERS = 8;
const SUGGESTIONS = 4_000;
const PAGES = 300;
const REPORTS = 5_000;

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
  reports: { people: number; mails: number; homes: number; firstMs: number; againMs: number };
}

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
    const reports = await benchReports(
      db,
      homes.slice(0, REPORTS).map((r) => String(r.account_number)),
    );
    return {
      reports,
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

/** REPORTS people, each with a confirmed home report on one of `accounts` and its express consent, then the job twice. */
async function benchReports(db: Awaited<ReturnType<typeof openDatabase>>, accounts: string[]) {
  const emails = accounts.map((_, i) => `owner${i}@example.com`);
  await db.rows(sql`
    with p as (
      insert into people (email, name) select e, 'Owner' from unnest(${sql.param(emails)}::text[]) as e returning id, email
    ),
    s as (
      insert into alert_subscriptions (kind, email, person_id, listing_key, label, frequency, status, consent_text, consent_version, form, confirmed_at)
      select 'home', p.email, p.id, a.account, 'A home', 'monthly', 'active', 'I agree.', 'bench', 'Get my monthly home report', '2026-11-10T18:00:00Z'
      from p join unnest(${sql.param(emails)}::text[], ${sql.param(accounts)}::text[]) as a(email, account) on a.email = p.email
      returning id, person_id
    )
    insert into consent_events (person_id, kind, basis, consent_text, consent_version, given_at, subscription_id, created_at)
    select person_id, 'express', 'Get my monthly home report', 'I agree.', 'bench', '2026-11-10T18:00:00Z', id, '2026-11-10T18:00:00Z' from s`);
  const ctx = { db, siteUrl: "https://www.averyhomes.example", queued: () => {} };
  const at = new Date("2026-12-01T14:00:00Z");
  const t0 = performance.now();
  const done = await queueHomeReports(ctx, at);
  const firstMs = performance.now() - t0;
  const t1 = performance.now();
  await queueHomeReports(ctx, new Date("2026-12-01T14:01:00Z"));
  const againMs = performance.now() - t1;
  return { people: accounts.length, mails: done.mails, homes: done.homes, firstMs, againMs };
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
  console.log(
    `Monthly home report job, ${r.reports.people.toLocaleString("en-CA")} people subscribed: ${r.reports.mails} mails (${r.reports.homes} homes) queued in ${f(r.reports.firstMs)} ms; the next run that month ${f(r.reports.againMs)} ms (target: a few seconds)`,
  );
  return r.suggestions.p99 <= 50;
}
