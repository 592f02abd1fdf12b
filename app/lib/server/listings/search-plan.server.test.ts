/**
 * How the search reads the listings (issue 45), on PGlite and PostgreSQL: once the sync's tidy has
 * vacuumed the table and analysed the search's columns, a search's count, median and page come
 * from listings_search_idx alone (an index-only scan), whatever its filters and order, and only
 * the page's cards are read from the wide rows, by key. Before, with no statistics (PGlite has no
 * autovacuum), every search read each matching wide row twice, for the figures and for the page.
 * A size filter or order compares the stored square feet (living_area_sqft), not each row's units.
 */
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { generateListings } from "../../../../tests/fixtures/ddf/listings";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { parseListingSearch } from "~/lib/listing-types";
import type { Database } from "../../../../platform/db/database";
import { toListingRow } from "./property.server";
import { searchListings } from "./queries.server";
import { tidyListingsAfterSync, upsertListings } from "./store.server";

const t = testDatabaseForThisFile();
const TODAY = "2026-11-20";

/** The plan of every statement a search sends, as EXPLAIN prints it. */
async function plansOf(query: string): Promise<string[]> {
  const statements: SQL[] = [];
  const recording: Database = {
    ...t.db,
    rows: ((statement: SQL) => {
      statements.push(statement);
      return t.db.rows(statement);
    }) as Database["rows"],
  };
  await searchListings(recording, { ...parseListingSearch(new URLSearchParams(query)), pageSize: 12, today: TODAY });
  const plans: string[] = [];
  for (const statement of statements) {
    const lines = await t.db.rows<{ "QUERY PLAN": string }>(sql`explain ${statement}`);
    plans.push(lines.map((l) => l["QUERY PLAN"]).join("\n"));
  }
  return plans;
}

describe(`the search's reads (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers a search's figures and page from the search index once the sync has tidied, reading the wide rows only for the cards", async () => {
    const homes = generateListings(400, { seed: 45, now: new Date(`${TODAY}T12:00:00Z`) });
    await upsertListings(
      t.db,
      homes.map((p) => toListingRow(p)),
    );
    expect(await tidyListingsAfterSync(t.db, homes.length, homes.length)).toBe(true);
    const style = homes.flatMap((p) => p.ArchitecturalStyle ?? [])[0]!;
    const community = homes.find((p) => p.SubdivisionName)!.SubdivisionName!;
    for (const query of [
      "city=Edmonton&minPrice=100000&minBeds=2&minBaths=1",
      `type=single-family&minArea=1000&maxArea=3500&style=${encodeURIComponent(style)}&sort=size-desc`,
      `community=${encodeURIComponent(community)}&reduced=1&sort=price-desc`,
      "bounds=53.4,-113.7,53.7,-113.3&sort=price-asc",
      "status=all&maxPrice=600000&sort=price-asc&page=2",
    ]) {
      const plans = await plansOf(query);
      // The sync's state row, the figures, the page (each a statement).
      const [, figures, page] = plans;
      // Sizes are compared and ordered in the stored square feet, never by matching each candidate's units.
      expect(plans.join("\n"), query).not.toMatch(/~\*/);
      expect(figures, query).toMatch(/Index Only Scan using listings_search_idx/);
      expect(figures, query).not.toMatch(/(Seq Scan|Heap Scan|Index Scan using \w+) on listings/);
      if (page === undefined) continue;
      // The page's keys from an index (the search's, or a listed_at one walked backwards for the
      // newest), then its cards by primary key.
      expect(page, query).toMatch(/Index Scan using listings_pkey on listings/);
      expect(page, query).not.toMatch(/(Seq Scan|Heap Scan) on listings/);
      if (!query.includes("sort=")) continue;
      expect(page, query).toMatch(/Index Only Scan using listings_search_idx/);
    }
  });

  it("tidies once the runs since the last tidy changed 50 listings and a tenth of the copy", async () => {
    const homes = generateListings(30, { seed: 46 });
    await upsertListings(
      t.db,
      homes.map((p) => toListingRow(p)),
    );
    const stats = async () =>
      (await t.db.rows<{ tuples: number }>(sql`select reltuples::int as tuples from pg_class where relname = 'listings'`))[0]!.tuples;
    const stored = async () => (await t.db.rows<{ n: number }>(sql`select count(*)::int as n from listings`))[0]!.n;
    const before = await stats();
    expect(before).not.toBe(await stored());
    // 1,000 stored: 150 changes are due, counted over several runs.
    expect(await tidyListingsAfterSync(t.db, 100, 1000)).toBe(false);
    expect(await stats()).toBe(before);
    expect(await tidyListingsAfterSync(t.db, 49, 1000)).toBe(false);
    expect(await tidyListingsAfterSync(t.db, 1, 1000)).toBe(true);
    expect(await stats()).toBe(await stored());
    expect(await tidyListingsAfterSync(t.db, 149, 1000)).toBe(false);
  });
});
