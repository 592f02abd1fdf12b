/**
 * Listing alerts (issue 32): how long the alerts job takes to match a sync's changes against the
 * saved searches and queue the mails, on PGlite. BENCH_ALERT_LISTINGS-like fixed sizes: 20,000
 * listings stored, 10,000 confirmed searches (6,000 people, criteria drawn like real ones: a
 * city, often a type, a price band, sometimes a bed count), then a sync-sized change of 2,000
 * listings (1,000 new, 700 price changes, 300 status changes) through the real upsertListings.
 * Timed: matchChanges until caught up, then queueDueAlerts at the next Saturday 7:00 Edmonton, when
 * every frequency is due (the worst case). Each run starts again from the same changes; the median
 * of RUNS is reported with its counts. Target: a few seconds (ALERTS_TARGET_MS).
 */
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import {
  alertCursor,
  alertItems,
  alertSubscriptions as s,
  consentEvents as c,
  listingChanges,
  notificationOutbox as o,
  people,
} from "../../db/schema";
import { openDatabase } from "../../platform/db/database";
import { name, select } from "../../platform/db/query";
import { criteriaLabel } from "../../app/lib/alert-criteria";
import { dueAt } from "../../app/lib/alert-schedule";
import type { AlertCriteria, AlertFrequency } from "../../app/lib/alert-values";
import { matchChanges } from "../../app/lib/server/alerts/matching.server";
import { queueDueAlerts } from "../../app/lib/server/alerts/queue.server";
import { type ListingRow, toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";
import { generateListings, prng } from "../../tests/fixtures/ddf/listings";

export const ALERTS_TARGET_MS = 5000;
const LISTINGS = 20_000;
const SEARCHES = 10_000;
const PEOPLE = 6_000;
const CHANGED = { new: 1000, price: 700, status: 300 };
// Three runs over the same sync, the matches and mails of the one before cleared: the median is reported.
const RUNS = 3;
const FEED_NOW = new Date("2026-11-01T00:00:00Z");

export interface AlertsBenchResult {
  listings: number;
  searches: number;
  people: number;
  changedListings: number;
  changes: number;
  /** alert_items rows (one per subscription that matched) and the (person, change) pairs they hold. */
  items: number;
  matches: number;
  mails: number;
  matchMs: number;
  queueMs: number;
  totalMs: number;
  runs: number;
}

/** A search like a buyer's: mostly one city, often a type, a price band around a real listing's price, sometimes a bed count. */
function searchLike(home: ListingRow, random: () => number): AlertCriteria {
  const criteria: AlertCriteria = {};
  if (random() < 0.95 && home.city) criteria.cities = [home.city];
  if (random() < 0.75) criteria.category = home.category;
  const price = home.list_price ?? 400_000;
  if (random() < 0.9) criteria.minPrice = Math.round((price * (0.8 + random() * 0.15)) / 10_000) * 10_000;
  if (random() < 0.95) criteria.maxPrice = Math.round((price * (1.05 + random() * 0.2)) / 10_000) * 10_000;
  if (random() < 0.5 && home.bedrooms) criteria.minBeds = Math.max(1, home.bedrooms - 1);
  return criteria;
}

const array = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

export async function benchAlerts(): Promise<AlertsBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-alerts-"));
  const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  try {
    const rows = generateListings(LISTINGS + CHANGED.new, { seed: 7, now: FEED_NOW }).map((p) => toListingRow(p, FEED_NOW));
    const stored = rows.slice(0, LISTINGS);
    // The first full load: no changes recorded.
    for (let i = 0; i < stored.length; i += 100) await upsertListings(db, stored.slice(i, i + 100), { recordChanges: false });

    const random = prng(32);
    const confirmed = new Date("2026-10-01T00:00:00Z").toISOString();
    await db.rows(
      sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) select 'buyer' || n || '@example.com', 'Buyer ' || n from generate_series(1, ${PEOPLE}) as n`,
    );
    await db.rows(sql`insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.consent_text)}, ${name(c.consent_version)}, ${name(c.given_at)}, ${name(c.created_at)})
      select ${people.id}, 'express', 'Save this search', 'Bench consent', 'bench-1', ${confirmed}::timestamptz, ${confirmed}::timestamptz from ${people}`);
    const frequencies: AlertFrequency[] = ["instant", "instant", "instant", "daily", "daily", "weekly"];
    const searches = Array.from({ length: SEARCHES }, (_, n) => {
      const criteria = searchLike(stored[Math.floor(random() * stored.length)]!, random);
      return {
        person: (n % PEOPLE) + 1,
        criteria: JSON.stringify(criteria),
        label: criteriaLabel(criteria),
        frequency: frequencies[Math.floor(random() * frequencies.length)]!,
      };
    });
    await db.rows(sql`insert into ${s} (${name(s.kind)}, ${name(s.email)}, ${name(s.person_id)}, ${name(s.criteria)}, ${name(s.label)}, ${name(s.frequency)}, ${name(s.status)},
        ${name(s.consent_text)}, ${name(s.consent_version)}, ${name(s.form)}, ${name(s.confirmed_at)})
      select 'search', ${people.email}, x.person_id, x.criteria::jsonb, x.label, x.frequency, 'active', 'Bench consent', 'bench-1', 'Save this search', ${confirmed}::timestamptz
      from unnest(${array(
        searches.map((x) => x.person),
        "integer",
      )}, ${array(
        searches.map((x) => x.criteria),
        "text",
      )}, ${array(
        searches.map((x) => x.label),
        "text",
      )}, ${array(
        searches.map((x) => x.frequency),
        "text",
      )})
        as x(person_id, criteria, label, frequency) join ${people} on ${people.id} = x.person_id`);

    // The sync: 1,000 new listings, 700 price changes (most of them drops), 300 status changes, in pages of 100 as the sync stores them.
    const fresh = rows.slice(LISTINGS).map((r, n) => ({ ...r, listing_key: `4${String(n).padStart(7, "0")}` }));
    const repriced = stored
      .slice(0, CHANGED.price)
      .map((r, n) => ({ ...r, list_price: Math.round((r.list_price ?? 400_000) * (n % 4 === 0 ? 1.03 : 0.95)) }));
    const restated = stored
      .slice(CHANGED.price, CHANGED.price + CHANGED.status)
      .map((r) => ({ ...r, status: r.status === "active" ? "pending" : "active" }));
    const sync = [...fresh, ...repriced, ...restated];
    for (let i = 0; i < sync.length; i += 100) await upsertListings(db, sync.slice(i, i + 100));
    const [{ changes } = { changes: 0 }] = await select(db.rows, { changes: sql<number>`count(*)::integer` }, sql`from ${listingChanges}`);

    const ctx = { db, siteUrl: "https://www.example.com", queued: () => {} };
    const matchedAt = new Date();
    const allDue = dueAt("weekly", matchedAt);
    const timings: { match: number; queue: number; items: number; matches: number; mails: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      await db.rows(sql`delete from ${alertItems}`);
      await db.rows(sql`delete from ${o}`);
      await db.rows(sql`update ${alertCursor} set ${name(alertCursor.last_change_id)} = 0`);
      const started = performance.now();
      let items = 0;
      let matches = 0;
      for (;;) {
        const matched = await matchChanges(db, matchedAt);
        items += matched.items;
        matches += matched.matches;
        if (matched.caughtUp) break;
      }
      const matchedMs = performance.now();
      const queued = await queueDueAlerts(ctx, allDue);
      timings.push({ match: matchedMs - started, queue: performance.now() - matchedMs, items, matches, mails: queued.mails });
    }
    timings.sort((a, b) => a.match + a.queue - (b.match + b.queue));
    const median = timings[Math.floor(timings.length / 2)]!;
    return {
      listings: LISTINGS,
      searches: SEARCHES,
      people: PEOPLE,
      changedListings: sync.length,
      changes,
      items: median.items,
      matches: median.matches,
      mails: median.mails,
      matchMs: median.match,
      queueMs: median.queue,
      totalMs: median.match + median.queue,
      runs: RUNS,
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-CA", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Prints the result; true when the target is met. */
export function printAlerts(r: AlertsBenchResult): boolean {
  const met = r.totalMs < ALERTS_TARGET_MS;
  console.log(`  node ${process.version} on ${cpus()[0]?.model ?? "an unknown CPU"} (${cpus().length} cores)`);
  console.log(
    `  ${fmt(r.listings)} listings, ${fmt(r.searches)} confirmed searches of ${fmt(r.people)} people, a sync that changed ${fmt(r.changedListings)} listings (${fmt(r.changes)} listing changes)`,
  );
  console.log(
    `  median of ${r.runs} runs: matched in ${fmt(r.matchMs)} ms (${fmt(r.matches)} person-change matches in ${fmt(r.items)} waiting rows), queued in ${fmt(r.queueMs)} ms (${fmt(r.mails)} mails, every frequency due)`,
  );
  console.log(`  total ${fmt(r.totalMs)} ms; target < ${fmt(ALERTS_TARGET_MS)} ms: ${met ? "met" : "NOT met"}`);
  return met;
}
