/**
 * The results map's "Neighbourhoods" layer (issue 45, decision 060): the City's boundaries
 * (decision 059) made small enough to send to every map that asks. Coordinates are rounded to 5
 * decimals (1.1 m of latitude, 0.66 m of longitude at Edmonton: below a pixel at any zoom a city
 * map is read at), points repeated by the rounding are dropped, and a ring loses the points that lie
 * within 2 m of the line through its others (Douglas–Peucker): the many points the City's survey
 * puts along straight streets, and the finest steps of its curves. 2 m is under a pixel up to zoom
 * 15 (a neighbourhood filling a phone's screen) and under half a lane beyond, where the line drawn
 * is itself a few metres wide; at 1 m a winding boundary keeps about twice the points (the size
 * test and docs/benchmarks.md). A ring the simplification would leave with
 * fewer than three corners keeps its rounded points instead; a hole that rounds away is dropped.
 * Pure: used by the server's answer and by its tests.
 */
import type { Point } from "./geometry";

/** Decimals kept in every coordinate. */
export const LAYER_DECIMALS = 5;
/** How far (metres) a dropped point may lie from the simplified ring. */
export const LAYER_TOLERANCE_METRES = 2;

const SCALE = 10 ** LAYER_DECIMALS;
const METRES_PER_DEGREE_LAT = 111_132;

/** A neighbourhood's polygons as the layer sends them: GeoJSON MultiPolygon coordinates. */
export type LayerPolygons = Point[][][];

/** The properties of a feature of the layer: the name to show, and the page's slug when it has one. */
export interface BoundaryFeatureProperties {
  name: string;
  /** /neighbourhoods/{slug}; absent when the neighbourhood has no page (parks, industrial land). */
  slug?: string;
}

export interface BoundaryLayer {
  type: "FeatureCollection";
  features: {
    type: "Feature";
    properties: BoundaryFeatureProperties;
    geometry: { type: "MultiPolygon"; coordinates: LayerPolygons };
  }[];
}

const round = (n: number) => Math.round(n * SCALE) / SCALE;

/** The ring's points rounded, without consecutive repeats, closed (last = first). */
function roundedRing(ring: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of ring) {
    const q: Point = [round(p[0]), round(p[1])];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}

/**
 * Douglas–Peucker over a closed ring, in metres on a local plane (longitude scaled by the cosine of
 * the ring's latitude). The ring's first and last points are the same, so the first split is at
 * the point farthest from it, as the method wants for a closed line.
 */
function simplifiedRing(ring: readonly Point[], toleranceMetres: number): Point[] {
  if (ring.length <= 4) return [...ring];
  const kx = METRES_PER_DEGREE_LAT * Math.cos((ring[0]![1] * Math.PI) / 180);
  const xy = ring.map((p) => [p[0] * kx, p[1] * METRES_PER_DEGREE_LAT] as const);
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    const [ax, ay] = xy[from]!;
    const [bx, by] = xy[to]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = toleranceMetres;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = xy[i]!;
      // From the line through a and b; from a itself when a and b are the same point.
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dx * (ay - py) - dy * (ax - px)) / length;
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

/** A ring with at least three corners (four positions, closed), as GeoJSON requires. */
const isRing = (ring: readonly Point[]) => ring.length >= 4;

/** A boundary's polygons as the layer sends them (see the module's comment); empty when nothing is left. */
export function layerPolygons(
  polygons: readonly (readonly (readonly Point[])[])[],
  toleranceMetres = LAYER_TOLERANCE_METRES,
): LayerPolygons {
  const out: LayerPolygons = [];
  for (const rings of polygons) {
    const [outer, ...holes] = rings.map(roundedRing);
    if (!outer || !isRing(outer)) continue;
    const simple = simplifiedRing(outer, toleranceMetres);
    const kept: Point[][] = [isRing(simple) ? simple : outer];
    for (const hole of holes) {
      if (!isRing(hole)) continue;
      const h = simplifiedRing(hole, toleranceMetres);
      kept.push(isRing(h) ? h : hole);
    }
    out.push(kept);
  }
  return out;
}

/** The layer's document from the boundaries (already in the order to draw them). */
export function boundaryLayer(
  boundaries: readonly { name: string; slug: string | null; polygons: readonly (readonly (readonly Point[])[])[] }[],
): BoundaryLayer {
  const features: BoundaryLayer["features"] = [];
  for (const b of boundaries) {
    const coordinates = layerPolygons(b.polygons);
    if (coordinates.length === 0) continue;
    features.push({
      type: "Feature",
      properties: b.slug ? { name: b.name, slug: b.slug } : { name: b.name },
      geometry: { type: "MultiPolygon", coordinates },
    });
  }
  return { type: "FeatureCollection", features };
}
