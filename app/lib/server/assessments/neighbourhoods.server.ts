/**
 * The neighbourhood pages' figures (issue 42): each residential neighbourhood of the live roll with
 * its homes by class and their quartiles (worked out by the import), the change since the previous
 * roll kept, its boundary, the feed's active listings in it (by the roll's neighbourhood of each
 * listing's matched account, or by its point inside the boundary when it has none), and its
 * nearest neighbours.
 */
import { sql } from "drizzle-orm";
import { type AssessmentSpread, assessmentBoundaries as b, assessmentNeighbourhoods as n, listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { parseAddress } from "../../assessments/address";
import { type Point, insideMultiPolygon, insidePolygon, metresBetween } from "../../assessments/geometry";
import type { NeighbourhoodPage, NeighbourhoodSummary } from "../../assessments/neighbourhood-view";
import { neighbourhoodName } from "../../assessments/present";
import { listingPath } from "../../listings";
import { MIN_HOMES_FOR_A_PAGE } from "./import.server";
import { inEdmonton } from "./listing-assessment.server";
import { LIVE, matchAddresses } from "./lookup.server";

const residential = sql`(${n.homes} ->> 'count')::integer >= ${MIN_HOMES_FOR_A_PAGE}`;

/** Every residential neighbourhood of the live roll, by name. */
export async function allNeighbourhoods(db: Pick<Database, "rows">): Promise<NeighbourhoodSummary[]> {
  const rows = await select(
    db.rows,
    { slug: n.slug, name: n.name, rollYear: n.roll_year, homes: n.homes, houses: n.houses, condos: n.condos, ward: n.ward },
    sql`
    from ${n} where ${n.generation} = ${LIVE} and ${residential} order by ${n.name}`,
  );
  return rows.map((r) => ({ ...r, name: neighbourhoodName(r.name) }));
}

/** How many neighbouring areas a page links to. */
const NEIGHBOURS = 5;

/** One neighbourhood's page, or null when the live roll has no residential neighbourhood of that slug. */
export async function neighbourhoodPage(db: Pick<Database, "rows">, slug: string): Promise<NeighbourhoodPage | null> {
  const [hood] = await select(
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
    },
    sql`from ${n} where ${n.generation} = ${LIVE} and ${n.slug} = ${slug} and ${residential} limit 1`,
  );
  if (!hood) return null;
  // The previous roll kept (a generation of another year), for the change.
  const [previous] = await select(
    db.rows,
    { rollYear: n.roll_year, homes: n.homes },
    sql`
    from ${n} where ${n.neighbourhood_id} = ${hood.id} and ${n.generation} < ${hood.generation} and ${n.roll_year} < ${hood.rollYear}
    order by ${n.generation} desc limit 1`,
  );
  const outline = hood.outline as Point[];
  const [boundary] = await select(
    db.rows,
    { polygons: b.polygons },
    sql`from ${b} where ${b.generation} = ${hood.generation} and ${b.neighbourhood_id} = ${hood.id}`,
  );
  const polygons = (boundary?.polygons as Point[][][] | undefined) ?? null;
  const homes = polygons ? await listingsInBoundary(db, hood.id, polygons) : await listingsInside(db, outline);
  const others = await select(
    db.rows,
    { slug: n.slug, name: n.name, lat: n.latitude, lon: n.longitude, west: b.west, south: b.south, east: b.east, north: b.north },
    sql`
    from ${n} left join ${b} on ${b.generation} = ${n.generation} and ${b.neighbourhood_id} = ${n.neighbourhood_id}
    where ${n.generation} = ${LIVE} and ${residential} and ${n.neighbourhood_id} <> ${hood.id} and ${n.latitude} is not null`,
  );
  const centre: Point | null = hood.lat !== null && hood.lon !== null ? [hood.lon, hood.lat] : null;
  // Neighbouring areas: those whose boundary comes within about 300 m of this one's (by their
  // boxes), nearest first, then the nearest others, up to NEIGHBOURS.
  const box = polygons ? boxOf(polygons) : null;
  const touches = (o: (typeof others)[number]) =>
    box !== null &&
    o.west !== null &&
    o.west <= box.east + NEAR_BOUNDARY &&
    o.east! >= box.west - NEAR_BOUNDARY &&
    o.south! <= box.north + NEAR_BOUNDARY &&
    o.north! >= box.south - NEAR_BOUNDARY;
  const neighbours = centre
    ? others
        .map((o) => ({
          slug: o.slug,
          name: neighbourhoodName(o.name),
          adjacent: touches(o),
          metres: metresBetween(centre, [o.lon!, o.lat!]),
        }))
        .sort((a, b) => Number(b.adjacent) - Number(a.adjacent) || a.metres - b.metres)
        .slice(0, NEIGHBOURS)
        .map(({ slug: s, name }) => ({ slug: s, name }))
    : [];
  const prices = homes
    .map((h) => h.price)
    .filter((p): p is number => p !== null)
    .sort((a, b) => a - b);
  return {
    slug: hood.slug,
    name: neighbourhoodName(hood.name),
    ward: hood.ward,
    rollYear: hood.rollYear,
    homes: hood.homes,
    houses: hood.houses,
    condos: hood.condos,
    previous: previous ? { rollYear: previous.rollYear, median: (previous.homes as AssessmentSpread).median } : null,
    outline,
    boundary: polygons,
    averages: hood.yearTotals
      ? {
          previousYear: hood.yearTotals.previous.year,
          previous: Math.round(hood.yearTotals.previous.total / hood.yearTotals.previous.accounts),
          current: Math.round(hood.yearTotals.current.total / hood.yearTotals.current.accounts),
        }
      : null,
    listings: homes,
    medianAsking: median(prices),
    neighbours,
  };
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const ON_OUTLINE_METRES = 25;
const BOX_MARGIN = 0.001;

function boxOf(polygons: Point[][][]) {
  const points = polygons.flatMap((polygon) => polygon[0] ?? []);
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return { west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
}

/** A listing's account lies within a few metres of its neighbourhood's boundary: the box of candidates is widened by about 300 m. */
const NEAR_BOUNDARY = 0.003;

/**
 * The feed's active listings of a neighbourhood by its boundary: of those in the boundary's box
 * (widened), each matched to an account of the live roll belongs to that account's neighbourhood;
 * one without a match belongs where its point lies.
 */
async function listingsInBoundary(db: Pick<Database, "rows">, id: number, polygons: Point[][][]): Promise<NeighbourhoodPage["listings"]> {
  if (polygons.flatMap((polygon) => polygon[0] ?? []).length < 3) return [];
  const { west, east, south, north } = boxOf(polygons);
  const rows = await select(
    db.rows,
    {
      key: listings.listing_key,
      slug: listings.slug,
      address: listings.address,
      city: listings.city,
      price: listings.list_price,
      lat: listings.latitude,
      lon: listings.longitude,
    },
    sql`from ${listings} where ${listings.status} = 'active' and ${listings.latitude} between ${south - NEAR_BOUNDARY} and ${north + NEAR_BOUNDARY}
      and ${listings.longitude} between ${west - NEAR_BOUNDARY} and ${east + NEAR_BOUNDARY} order by ${listings.list_price} nulls last limit 300`,
  );
  const placed = rows.filter((r) => r.lat !== null && r.lon !== null);
  const keys = placed.map((r) => (inEdmonton(r.city) ? parseAddress(r.address) : null));
  const toMatch = placed.flatMap((r, i) => (keys[i] ? [{ i, key: keys[i], point: [r.lon!, r.lat!] as Point }] : []));
  const matches = await matchAddresses(db, toMatch);
  const account = new Map(toMatch.map((m, j) => [m.i, matches[j] ?? null]));
  return placed
    .filter((r, i) => {
      const home = account.get(i);
      return home ? home.neighbourhoodId === id : insideMultiPolygon([r.lon!, r.lat!], polygons);
    })
    .slice(0, 200)
    .map((r) => ({ path: listingPath(r.key, r.slug), address: r.address, price: r.price, point: [r.lon!, r.lat!] as Point }));
}

/**
 * The residential neighbourhood (with a page) whose boundary holds a point, or null: for a listing
 * the roll has no account for. The boundaries' boxes narrow it to a few, their polygons settle it.
 */
export async function neighbourhoodAt(db: Pick<Database, "rows">, point: Point): Promise<{ slug: string; name: string } | null> {
  const [lon, lat] = point;
  const rows = await select(
    db.rows,
    { slug: n.slug, name: n.name, polygons: b.polygons },
    sql`from ${b} join ${n} on ${n.generation} = ${b.generation} and ${n.neighbourhood_id} = ${b.neighbourhood_id}
      where ${b.generation} = ${LIVE} and ${b.west} <= ${lon} and ${b.east} >= ${lon} and ${b.south} <= ${lat} and ${b.north} >= ${lat} and ${residential}`,
  );
  const found = rows.find((r) => insideMultiPolygon(point, r.polygons as Point[][][]));
  return found ? { slug: found.slug, name: neighbourhoodName(found.name) } : null;
}

/** The feed's active listings whose point lies inside the outline (a box query, then the polygon). */
async function listingsInside(db: Pick<Database, "rows">, outline: readonly Point[]): Promise<NeighbourhoodPage["listings"]> {
  if (outline.length < 3) return [];
  const lons = outline.map((p) => p[0]);
  const lats = outline.map((p) => p[1]);
  const rows = await select(
    db.rows,
    {
      key: listings.listing_key,
      slug: listings.slug,
      address: listings.address,
      price: listings.list_price,
      lat: listings.latitude,
      lon: listings.longitude,
    },
    // The box widened by about 100 m: the corners are rounded, and a listing at one may lie just outside them.
    sql`from ${listings} where ${listings.status} = 'active' and ${listings.latitude} between ${Math.min(...lats) - BOX_MARGIN} and ${Math.max(...lats) + BOX_MARGIN}
      and ${listings.longitude} between ${Math.min(...lons) - BOX_MARGIN} and ${Math.max(...lons) + BOX_MARGIN} order by ${listings.list_price} nulls last limit 200`,
  );
  // The outline's corners are accounts' points rounded to about 10 m: a listing at one of them is
  // inside, though the ray test may put a corner either side.
  const inside = (p: Point) => insidePolygon(p, outline) || outline.some((corner) => metresBetween(p, corner) <= ON_OUTLINE_METRES);
  return rows
    .filter((r) => r.lat !== null && r.lon !== null && inside([r.lon, r.lat]))
    .map((r) => ({ path: listingPath(r.key, r.slug), address: r.address, price: r.price, point: [r.lon!, r.lat!] as Point }));
}

/**
 * The neighbourhood page of a listing the roll has no account for (listingAssessment answered
 * null): the residential neighbourhood whose boundary holds its point, in Edmonton only.
 */
export async function listingNeighbourhood(
  db: Pick<Database, "rows">,
  listing: { key: string; city: string | null },
): Promise<{ slug: string; name: string } | null> {
  if (!inEdmonton(listing.city)) return null;
  const [place] = await select(
    db.rows,
    { lat: listings.latitude, lon: listings.longitude },
    sql`from ${listings} where ${listings.listing_key} = ${listing.key}`,
  );
  return place?.lat != null && place.lon != null ? neighbourhoodAt(db, [place.lon, place.lat]) : null;
}
