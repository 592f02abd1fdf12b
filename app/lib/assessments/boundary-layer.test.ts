/**
 * The map's "Neighbourhoods" layer made small (issue 45, decision 060): coordinates rounded to 5
 * decimals, repeats dropped, rings simplified within 2 m and still rings, holes that round away
 * dropped; and its size for a city the size of Edmonton's (tests/fixtures/city/boundary-city.ts).
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { boundaryCity } from "../../../tests/fixtures/city/boundary-city";
import { LAYER_TOLERANCE_METRES, boundaryLayer, layerPolygons } from "./boundary-layer";
import type { Point } from "./geometry";

const M_LAT = 1 / 111_132;
const M_LON = 1 / (111_132 * Math.cos((53.5 * Math.PI) / 180));

/** Metres from p to the closed ring's nearest edge. */
function metresFromRing(p: Point, ring: readonly Point[]): number {
  const xy = (q: Point) => [q[0] / M_LON, q[1] / M_LAT] as const;
  const [px, py] = xy(p);
  let best = Infinity;
  for (let i = 1; i < ring.length; i++) {
    const [ax, ay] = xy(ring[i - 1]!);
    const [bx, by] = xy(ring[i]!);
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return best;
}

/** A square 1 km a side at Edmonton, a point every `step` metres, offset `wiggle(i)` metres outward at each. */
function square(step: number, wiggle: (i: number) => number = () => 0): Point[] {
  const ring: Point[] = [];
  const [lon0, lat0] = [-113.5, 53.5];
  const corners: [number, number][] = [
    [0, 0],
    [1000, 0],
    [1000, 1000],
    [0, 1000],
  ];
  let n = 0;
  for (let c = 0; c < 4; c++) {
    const [x0, y0] = corners[c]!;
    const [x1, y1] = corners[(c + 1) % 4]!;
    for (let d = 0; d < 1000; d += step) {
      const t = d / 1000;
      const [nx, ny] = [(y1 - y0) / 1000, -(x1 - x0) / 1000];
      const w = d === 0 ? 0 : wiggle(n);
      ring.push([lon0 + (x0 + (x1 - x0) * t + nx * w) * M_LON, lat0 + (y0 + (y1 - y0) * t + ny * w) * M_LAT]);
      n++;
    }
  }
  ring.push(ring[0]!);
  return ring;
}

describe("the neighbourhoods layer's shapes", () => {
  it("rounds every coordinate to 5 decimals, drops the points the rounding repeats, and closes the ring", () => {
    const ring: Point[] = [
      [-113.49123456, 53.51234567],
      [-113.49123449, 53.51234571], // the same point once rounded
      [-113.48, 53.51234567],
      [-113.48, 53.52],
      [-113.49123456, 53.52],
      [-113.491234, 53.512346], // rounds onto the first: the ring is closed by it
    ];
    const [[outer]] = layerPolygons([[ring]]) as [[Point[]]];
    expect(outer).toEqual([
      [-113.49123, 53.51235],
      [-113.48, 53.51235],
      [-113.48, 53.52],
      [-113.49123, 53.52],
      [-113.49123, 53.51235],
    ]);
    for (const [lon, lat] of outer) for (const n of [lon, lat]) expect(String(n)).toMatch(/^-?\d+(\.\d{1,5})?$/);
  });

  it("keeps a straight street's corners only, keeps a bend of 5 m, and stays within 2 m of every point the City gave", () => {
    // 400 points along four straight sides, with survey noise under half a metre.
    const noisy = square(10, (i) => ((i * 7919) % 9) / 20 - 0.2);
    const [[straight]] = layerPolygons([[noisy]]) as [[Point[]]];
    expect(straight.length).toBe(5);
    // A 5 m bump on one side (past the tolerance) stays, its tip and its two feet; a 1 m one on another goes.
    const bent = square(10, (i) => (i === 50 ? 5 : i === 150 ? 1 : 0));
    const [[kept]] = layerPolygons([[bent]]) as [[Point[]]];
    expect(kept.length).toBe(8);
    const rounded = (p: Point) => p.map((n) => Math.round(n * 1e5) / 1e5);
    expect(kept).toContainEqual(rounded(bent[50]!));
    expect(kept).not.toContainEqual(rounded(bent[150]!));
    // Every point given lies within the tolerance (plus the rounding's half step) of the ring sent.
    const winding = square(5, (i) => 30 * Math.sin(i / 8));
    const [[sent]] = layerPolygons([[winding]]) as [[Point[]]];
    expect(sent.length).toBeLessThan(winding.length / 2);
    const worst = Math.max(...winding.map((p) => metresFromRing(p, sent)));
    expect(worst).toBeLessThanOrEqual(LAYER_TOLERANCE_METRES + 0.8);
    expect(worst).toBeGreaterThan(0.5);
  });

  it("drops a hole or a part that rounds away, and a boundary with nothing left; names a page only when there is one", () => {
    const outer = square(100);
    const speck: Point[] = [
      [-113.4999, 53.5001],
      [-113.499901, 53.500101],
      [-113.499902, 53.5001],
      [-113.4999, 53.5001],
    ];
    const hole = square(100).map(([x, y]) => [x + 0.003, y + 0.002] as Point);
    expect(layerPolygons([[outer, speck, hole]]).map((p) => p.length)).toEqual([2]);
    expect(layerPolygons([[outer], [speck]]).length).toBe(1);
    const layer = boundaryLayer([
      { name: "Garneau", slug: "garneau", polygons: [[outer]] },
      { name: "River Valley Walterdale", slug: null, polygons: [[outer]] },
      { name: "Nowhere", slug: "nowhere", polygons: [[speck]] },
    ]);
    expect(layer.type).toBe("FeatureCollection");
    expect(layer.features.map((f) => f.properties)).toEqual([{ name: "Garneau", slug: "garneau" }, { name: "River Valley Walterdale" }]);
    expect(layer.features[0]!.geometry.type).toBe("MultiPolygon");
  });

  it("is under 150 KB gzipped for a city of 400 winding neighbourhoods (448,400 points given)", () => {
    const city = boundaryCity();
    expect(city.length).toBe(400);
    const given = city.reduce((sum, h) => sum + h.polygons[0]![0]!.length, 0);
    const body = JSON.stringify(boundaryLayer(city));
    const sent = (body.match(/\],\[/g) ?? []).length;
    expect(sent).toBeLessThan(given / 5);
    // Measured: 718,281 bytes, 141,559 gzipped (docs/benchmarks.md).
    expect(body.length).toBeLessThan(800_000);
    expect(gzipSync(body).length).toBeLessThan(150_000);
  });
});
