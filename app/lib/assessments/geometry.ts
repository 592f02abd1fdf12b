/**
 * The plane geometry of the neighbourhood pages: an outline around a neighbourhood's homes (their
 * convex hull, when the City's boundaries have none for it), whether a listing's point lies inside
 * an outline or a boundary, and slugs for page addresses. Pure: usable in tests, the import and the pages alike.
 */

/** [longitude, latitude]. */
export type Point = [number, number];

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** The convex hull (Andrew's monotone chain), counter-clockwise, without repeating the first point. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Whether `p` lies inside the polygon (ray casting; a point on the edge may go either way). */
export function insidePolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether `p` lies inside a MultiPolygon's coordinates: inside one polygon's outer ring and none of its holes. */
export function insideMultiPolygon(p: Point, polygons: readonly (readonly (readonly Point[])[])[]): boolean {
  return polygons.some(
    (rings) => rings.length > 0 && insidePolygon(p, rings[0]!) && !rings.slice(1).some((hole) => insidePolygon(p, hole)),
  );
}

/** A neighbourhood's page slug from its name as the roll writes it: "MCKERNAN" -> "mckernan", "ALBERTA AVENUE" -> "alberta-avenue". */
export function neighbourhoodSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Distance in metres between two points (equirectangular: exact enough across a city). */
export function metresBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const x = (b[0] - a[0]) * rad * Math.cos(((a[1] + b[1]) / 2) * rad);
  const y = (b[1] - a[1]) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}
