/**
 * What a neighbourhood page and the index show (issue 42), and the outline map's projection.
 * Pure and serialisable: the loader's data, read by the page on the server and in the browser.
 */
import type { Point } from "./geometry";

/** The count and quartiles of a class of homes' assessed values (as the import stores them). */
export interface Spread {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
}

export interface NeighbourhoodSummary {
  slug: string;
  name: string;
  ward: string | null;
  rollYear: number;
  homes: Spread;
  houses: Spread;
  condos: Spread;
}

export interface NeighbourhoodPage extends NeighbourhoodSummary {
  /** The median of the last roll of another year that was kept, for the change; null when none was. */
  previous: { rollYear: number; median: number | null } | null;
  /** The residential accounts' average this roll and the year before (the history's yearly totals), for the change until a previous roll is kept. */
  averages?: { previousYear: number; previous: number; current: number } | null;
  /** [longitude, latitude] points of its outline (its boundary's largest part). */
  outline: Point[];
  /** Its boundary as the City draws it (polygons, each an outer ring then its holes); null when the City's boundaries have none for it. */
  boundary?: Point[][][] | null;
  listings: { path: string; address: string; price: number | null; point: Point }[];
  medianAsking: number | null;
  neighbours: { slug: string; name: string }[];
}

/** The change of a median in words: "up 4 % since the 2025 roll". Null without both figures. */
export function changeSince(current: number | null, previous: { rollYear: number; median: number | null } | null): string | null {
  if (!current || !previous?.median) return null;
  const percent = Math.round(((current - previous.median) / previous.median) * 100);
  return percent === 0
    ? `unchanged since the ${previous.rollYear} roll`
    : `${percent > 0 ? "up" : "down"} ${Math.abs(percent)} % since the ${previous.rollYear} roll`;
}

/**
 * The change in words, as the page says it: of the median since the previous roll kept, or else
 * of the average since the year before by the City's yearly totals. Null without either.
 */
export function neighbourhoodChange(hood: Pick<NeighbourhoodPage, "homes" | "previous" | "averages">): string | null {
  const median = changeSince(hood.homes.median, hood.previous);
  if (median) return `The median assessment is ${median}.`;
  const a = hood.averages;
  if (!a || a.previous <= 0) return null;
  const average = changeSince(a.current, { rollYear: a.previousYear, median: a.previous });
  return average ? `The average assessment is ${average}, by the City's yearly totals.` : null;
}

export interface MapGeometry {
  width: number;
  height: number;
  /** The outline's "x,y x,y …". */
  outline: string;
  /** With a boundary: its every part and hole as one SVG path (drawn with the even-odd rule). */
  path?: string;
  dots: { x: number; y: number }[];
}

/**
 * The outline and the listings' dots projected into a box `width` wide (equirectangular at the
 * outline's latitude, so the shape is true; north up), with a margin. Null without an outline.
 * Given the boundary's polygons, the box takes in all of them and `path` draws them.
 */
export function mapGeometry(
  outline: readonly Point[],
  points: readonly Point[],
  width = 320,
  boundary?: readonly (readonly (readonly Point[])[])[] | null,
): MapGeometry | null {
  if (outline.length < 3) return null;
  const margin = 10;
  const framed = boundary && boundary.length > 0 ? boundary.flatMap((polygon) => polygon[0] ?? []) : outline;
  const lons = framed.map((p) => p[0]);
  const lats = framed.map((p) => p[1]);
  const [west, east, south, north] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const kx = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * kx, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = (width - 2 * margin) / spanX;
  const height = Math.round(Math.min(spanY * scale, width * 1.5) + 2 * margin);
  const s = Math.min(scale, (height - 2 * margin) / spanY);
  const at = ([lon, lat]: Point) => ({
    x: Math.round((margin + (lon - west) * kx * s) * 10) / 10,
    y: Math.round((margin + (north - lat) * s) * 10) / 10,
  });
  return {
    width,
    height,
    outline: outline
      .map(at)
      .map((p) => `${p.x},${p.y}`)
      .join(" "),
    ...(boundary && boundary.length > 0
      ? {
          path: boundary
            .flat()
            .filter((ring) => ring.length >= 3)
            .map(
              (ring) =>
                `M${ring
                  .map(at)
                  .map((p) => `${p.x},${p.y}`)
                  .join("L")}Z`,
            )
            .join(""),
        }
      : {}),
    dots: points.map(at),
  };
}
