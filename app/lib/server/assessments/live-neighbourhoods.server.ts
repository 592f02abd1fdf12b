/**
 * The live roll's neighbourhoods (their figures, the previous roll's median kept, their boundaries
 * and boxes), read in one query once per roll generation and kept in this process: they change
 * only when an import swaps a new roll in (weekly), while every neighbourhood page, listing page
 * and home-value page asks for them. Each caller checks the live generation (one row by its key),
 * so a swap is seen by the next request; the swap's time is part of the key because a test
 * database starts its generations again at 1.
 */
import { sql } from "drizzle-orm";
import {
  type AssessmentSpread,
  type NeighbourhoodYearTotals,
  assessmentBoundaries as b,
  assessmentImport as st,
  assessmentNeighbourhoods as n,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import type { Point } from "../../assessments/geometry";
import { MIN_HOMES_FOR_A_PAGE } from "./import.server";

export interface LiveNeighbourhood {
  id: number;
  generation: number;
  slug: string;
  /** As the roll writes it (upper case). */
  name: string;
  ward: string | null;
  rollYear: number;
  homes: AssessmentSpread;
  houses: AssessmentSpread;
  condos: AssessmentSpread;
  outline: Point[];
  yearTotals: NeighbourhoodYearTotals | null;
  lat: number | null;
  lon: number | null;
  /** Enough homes for a page of its own. */
  residential: boolean;
  /** The last roll of an earlier year kept, for the change. */
  previous: { rollYear: number; median: number | null } | null;
  /** The City's boundary and its box; null when the boundaries have none for it. */
  polygons: Point[][][] | null;
  box: { west: number; south: number; east: number; north: number } | null;
}

export interface LiveNeighbourhoods {
  /** Residential ones (with a page), by name. */
  residential: LiveNeighbourhood[];
  byId: Map<number, LiveNeighbourhood>;
  /** Residential ones by their page's slug. */
  bySlug: Map<string, LiveNeighbourhood>;
}

const NONE: LiveNeighbourhoods = { residential: [], byId: new Map(), bySlug: new Map() };

/** Per database (tests open several), the generation kept and its neighbourhoods. */
const kept = new WeakMap<object, { key: string; value: Promise<LiveNeighbourhoods> }>();

export async function liveNeighbourhoods(db: Pick<Database, "rows">): Promise<LiveNeighbourhoods> {
  const [live] = await select(
    db.rows,
    { generation: st.live_generation, at: sql<string | null>`${st.live_imported_at}::text` },
    sql`from ${st} where ${st.id} = 1`,
  );
  if (live?.generation == null) return NONE;
  const key = `${live.generation} ${live.at ?? ""}`;
  const entry = kept.get(db);
  if (entry?.key === key) return entry.value;
  const value = load(db, live.generation);
  kept.set(db, { key, value });
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (kept.get(db)?.value === value) kept.delete(db);
  });
  return value;
}

async function load(db: Pick<Database, "rows">, generation: number): Promise<LiveNeighbourhoods> {
  const rows = await select(
    db.rows,
    {
      id: n.neighbourhood_id,
      generation: n.generation,
      slug: n.slug,
      name: n.name,
      ward: n.ward,
      rollYear: n.roll_year,
      homes: n.homes,
      houses: n.houses,
      condos: n.condos,
      outline: n.outline,
      yearTotals: n.year_totals,
      lat: n.latitude,
      lon: n.longitude,
      previousYear: sql<number | null>`previous.roll_year`,
      previousHomes: sql<AssessmentSpread | null>`previous.homes`,
      polygons: b.polygons,
      west: b.west,
      south: b.south,
      east: b.east,
      north: b.north,
    },
    sql`from ${n} left join ${b} on ${b.generation} = ${n.generation} and ${b.neighbourhood_id} = ${n.neighbourhood_id}
      left join lateral (
        select p.roll_year, p.homes from ${n} p
        where p.neighbourhood_id = ${n.neighbourhood_id} and p.generation < ${n.generation} and p.roll_year < ${n.roll_year}
        order by p.generation desc limit 1
      ) previous on true
      where ${n.generation} = ${generation} order by ${n.name}, ${n.neighbourhood_id}`,
  );
  const all: LiveNeighbourhood[] = rows.map((r) => ({
    id: r.id,
    generation: r.generation,
    slug: r.slug,
    name: r.name,
    ward: r.ward,
    rollYear: r.rollYear,
    homes: r.homes,
    houses: r.houses,
    condos: r.condos,
    outline: r.outline as Point[],
    yearTotals: r.yearTotals,
    lat: r.lat,
    lon: r.lon,
    residential: r.homes.count >= MIN_HOMES_FOR_A_PAGE,
    previous: r.previousYear !== null && r.previousHomes ? { rollYear: r.previousYear, median: r.previousHomes.median } : null,
    polygons: (r.polygons as Point[][][] | null) ?? null,
    box: r.west !== null ? { west: r.west, south: r.south!, east: r.east!, north: r.north! } : null,
  }));
  const residential = all.filter((h) => h.residential);
  const bySlug = new Map<string, LiveNeighbourhood>();
  for (const h of residential) if (!bySlug.has(h.slug)) bySlug.set(h.slug, h);
  return { residential, byId: new Map(all.map((h) => [h.id, h])), bySlug };
}
