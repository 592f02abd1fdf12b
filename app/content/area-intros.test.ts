import { describe, expect, it } from "vitest";
import { areaIntros } from "./area-intros";
import { areas } from "./areas";

describe("area introductions", () => {
  it("gives every area page an introduction of two or three sentences, and no stray ones", () => {
    for (const area of areas) {
      const intro = areaIntros[area.path];
      expect(intro, area.path).toBeTruthy();
      expect(intro!.split(/(?<=\.)\s+/).length, area.path).toBeGreaterThanOrEqual(2);
      expect(intro, area.path).toContain(area.name.replace(/^Rural /, "").replace(/ County$/, ""));
    }
    expect(Object.keys(areaIntros).sort()).toEqual(areas.map((a) => a.path).sort());
  });
});
