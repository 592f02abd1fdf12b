/**
 * The neighbourhood pages' figures (issue 42): each residential neighbourhood of the live roll with
 * its homes by class and their quartiles (worked out by the import), the change since the previous
 * roll kept, its boundary, the feed's active listings in it (by the roll's neighbourhood of each
 * listing's matched account, or by its point inside the boundary when it has none), and its
 * nearest neighbours.
 */
import { sql } from "drizzle-orm";
import { listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { parseAddress } from "../../assessments/address";
import { type Point, insideMultiPolygon, insidePolygon, metresBetween } from "../../assessments/geometry";
import type { NeighbourhoodPage, NeighbourhoodSummary } from "../../assessments/neighbourhood-view";
import { neighbourhoodName } from "../../assessments/present";
import { listingPath } from "../../listings";
import { inEdmonton } from "./listing-assessment.server";
import { type LiveNeighbourhood, type LiveNeighbourhoods, liveNeighbourhoods } from "./live-neighbourhoods.server";
import { matchAddresses } from "./lookup.server";

/** Every residential neighbourhood of the live roll, by name. */
export async function allNeighbourhoods(db: Pick<Database, "rows">): Promise<NeighbourhoodSummary[]> {
  return (await liveNeighbourhoods(db)).residential.map((h) => ({
    slug: h.slug,
    name: neighbourhoodName(h.name),
    rollYear: h.rollYear,
    homes: h.homes,
    houses: h.houses,
    condos: h.condos,
    ward: h.ward,
  }));
}

/** How many neighbouring areas a page links to. */
const NEIGHBOURS = 5;

/**
 * One neighbourhood's page, or null when the live roll has no residential neighbourhood of that
 * slug. Its figures, boundary and neighbours are the generation's kept ones (live-neighbourhoods);
 * only its listings are read per request (the feed changes them between two rolls).
 */
export async function neighbourhoodPage(db: Pick<Database, "rows">, slug: string): Promise<NeighbourhoodPage | null> {
  const live = await liveNeighbourhoods(db);
  const hood = live.bySlug.get(slug);
  if (!hood) return null;
  const homes = hood.polygons ? await listingsInBoundary(db, hood.id, hood.polygons) : await listingsInside(db, hood.outline);
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
    previous: hood.previous,
    outline: hood.outline,
    boundary: hood.polygons,
    averages: hood.yearTotals
      ? {
          previousYear: hood.yearTotals.previous.year,
          previous: Math.round(hood.yearTotals.previous.total / hood.yearTotals.previous.accounts),
          current: Math.round(hood.yearTotals.current.total / hood.yearTotals.current.accounts),
        }
      : null,
    listings: homes,
    medianAsking: median(prices),
    neighbours: neighboursOf(live, hood),
  };
}

const neighbourLists = new WeakMap<LiveNeighbourhood, { slug: string; name: string }[]>();

/**
 * Neighbouring areas: those whose boundary comes within about 300 m of this one's (by their
 * boxes), nearest first, then the nearest others, up to NEIGHBOURS. Worked out once per generation.
 */
function neighboursOf(live: LiveNeighbourhoods, hood: LiveNeighbourhood): { slug: string; name: string }[] {
  const known = neighbourLists.get(hood);
  if (known) return known;
  const centre: Point | null = hood.lat !== null && hood.lon !== null ? [hood.lon, hood.lat] : null;
  const box = hood.polygons ? boxOf(hood.polygons) : null;
  const touches = (o: LiveNeighbourhood) =>
    box !== null &&
    o.box !== null &&
    o.box.west <= box.east + NEAR_BOUNDARY &&
    o.box.east >= box.west - NEAR_BOUNDARY &&
    o.box.south <= box.north + NEAR_BOUNDARY &&
    o.box.north >= box.south - NEAR_BOUNDARY;
  const list = centre
    ? live.residential
        .filter((o) => o.id !== hood.id && o.lat !== null && o.lon !== null)
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
  neighbourLists.set(hood, list);
  return list;
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
  const found = (await liveNeighbourhoods(db)).residential.find(
    (h) =>
      h.box !== null &&
      h.box.west <= lon &&
      h.box.east >= lon &&
      h.box.south <= lat &&
      h.box.north >= lat &&
      insideMultiPolygon(point, h.polygons!),
  );
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
  listing: { city: string | null; latitude: number | null; longitude: number | null },
): Promise<{ slug: string; name: string } | null> {
  if (!inEdmonton(listing.city) || listing.latitude === null || listing.longitude === null) return null;
  return neighbourhoodAt(db, [listing.longitude, listing.latitude]);
}
