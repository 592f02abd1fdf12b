import { describe, expect, it } from "vitest";
import { type Point, convexHull, insidePolygon, metresBetween, neighbourhoodSlug } from "./geometry";

describe("the neighbourhood outline", () => {
  it("is the convex hull of the points, inner points left out", () => {
    const square: Point[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    const hull = convexHull([...square, [1, 1], [0.5, 1.5], [1, 0]]);
    expect(hull).toHaveLength(4);
    expect(new Set(hull.map((p) => p.join(",")))).toEqual(new Set(square.map((p) => p.join(","))));
    expect(convexHull([[1, 1]])).toEqual([[1, 1]]);
  });

  it("tells a point inside from one outside", () => {
    const hull = convexHull([
      [-113.53, 53.53],
      [-113.51, 53.53],
      [-113.51, 53.55],
      [-113.53, 53.55],
    ]);
    expect(insidePolygon([-113.52, 53.54], hull)).toBe(true);
    expect(insidePolygon([-113.5, 53.54], hull)).toBe(false);
    expect(insidePolygon([-113.52, 53.56], hull)).toBe(false);
  });
});

describe("slugs and distances", () => {
  it("writes a neighbourhood's name as a page address", () => {
    expect(neighbourhoodSlug("ALBERTA AVENUE")).toBe("alberta-avenue");
    expect(neighbourhoodSlug("O'LEARY")).toBe("oleary");
    expect(neighbourhoodSlug("Pihêsiwin / Rural West")).toBe("pihesiwin-rural-west");
  });

  it("measures a block in metres", () => {
    // 0.001° of latitude is about 111 m anywhere.
    expect(Math.round(metresBetween([-113.5, 53.5], [-113.5, 53.501]))).toBe(111);
  });
});
