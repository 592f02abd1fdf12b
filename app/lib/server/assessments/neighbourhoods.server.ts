/**
 * The neighbourhood pages' figures (issue 42): each residential neighbourhood of the live roll with
 * its homes by class and their quartiles (worked out by the import), the change since the previous
 * roll kept, the active listings of the feed inside its outline, and its nearest neighbours.
 */
import { sql } from "drizzle-orm";
import { type AssessmentSpread, assessmentNeighbourhoods as n, listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { type Point, insidePolygon, metresBetween } from "../../assessments/geometry";
import type { NeighbourhoodPage, NeighbourhoodSummary } from "../../assessments/neighbourhood-view";
import { neighbourhoodName } from "../../assessments/present";
import { listingPath } from "../../listings";
import { MIN_HOMES_FOR_A_PAGE } from "./import.server";
import { LIVE } from "./lookup.server";

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
  const homes = await listingsInside(db, outline);
  const others = await select(
    db.rows,
    { slug: n.slug, name: n.name, lat: n.latitude, lon: n.longitude },
    sql`
    from ${n} where ${n.generation} = ${LIVE} and ${residential} and ${n.neighbourhood_id} <> ${hood.id} and ${n.latitude} is not null`,
  );
  const centre: Point | null = hood.lat !== null && hood.lon !== null ? [hood.lon, hood.lat] : null;
  const neighbours = centre
    ? others
        .map((o) => ({ slug: o.slug, name: neighbourhoodName(o.name), metres: metresBetween(centre, [o.lon!, o.lat!]) }))
        .sort((a, b) => a.metres - b.metres)
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
