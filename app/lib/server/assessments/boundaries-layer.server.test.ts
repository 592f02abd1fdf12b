/**
 * /neighbourhoods/boundaries.geojson, the results map's "Neighbourhoods" layer (issue 45, decision
 * 060), against a roll imported from the City stand-in: 404 with the roll off or not loaded; the
 * live generation's boundaries only, named, linked when they have a page, rounded to 5 decimals;
 * its tag follows the generation (304 when the client holds it); its size for the test roll.
 */
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerContext, serverContext } from "~/router-context";
import { assessmentBoundaries, assessmentImport } from "../../../../db/schema";
import { generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { CACHE_CONTROL, loader } from "../../../routes/resources/neighbourhood-boundaries";
import type { BoundaryLayer } from "../../assessments/boundary-layer";
import { neighbourhoodName } from "../../assessments/present";
import { createAssessmentsContext } from "./context.server";
import { importRoll } from "./import.server";
import { allNeighbourhoods } from "./neighbourhoods.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 300, seed: 4 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
afterAll(async () => {
  await city.close();
});

const ctx = (on = true) =>
  new RouterContextProvider(
    new Map([
      [
        serverContext,
        { assessments: on ? createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, { warn() {} }) : null } as unknown as ServerContext,
      ],
    ]),
  );
const ask = (context = ctx(), headers: Record<string, string> = {}, method = "GET") =>
  loader({
    request: new Request("http://localhost/neighbourhoods/boundaries.geojson", { method, headers }),
    params: {},
    context,
  } as never);

async function loadRoll() {
  await importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

describe("the map's neighbourhood boundaries", () => {
  it("answer 404 with the roll off, and with it on before it is loaded", async () => {
    for (const response of [await ask(ctx(false)), await ask(ctx(true)), await ask(ctx(true), {}, "HEAD")]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("are the live roll's boundaries, named, linked to their pages, rounded; the tag follows the generation", async () => {
    await loadRoll();
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/geo+json");
    expect(response.headers.get("Cache-Control")).toBe(CACHE_CONTROL);
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"nb-\d+-\d+"$/);
    const body = await response.text();
    const layer = JSON.parse(body) as BoundaryLayer;

    // Every boundary the City gave, by name, each with its rounded outline (the fixture's bumps are
    // 3 to 17 m, past the simplification's 2 m, so every corner stays).
    const given = data.boundaries as unknown as {
      name: string;
      geometry_multipolygon: { coordinates: [number, number][][][] };
    }[];
    expect(layer.features.map((f) => f.properties.name).sort()).toEqual(given.map((b) => neighbourhoodName(b.name)).sort());
    for (const b of given) {
      const feature = layer.features.find((f) => f.properties.name === neighbourhoodName(b.name))!;
      expect(feature.geometry).toEqual({
        type: "MultiPolygon",
        coordinates: b.geometry_multipolygon.coordinates.map((rings) => rings.map((ring) => ring.map(([x, y]) => [round5(x), round5(y)]))),
      });
    }
    expect(body).not.toMatch(/\d\.\d{6}/);
    // A page's slug for the neighbourhoods that have a page (those of /neighbourhoods), none for the others.
    const pages = await allNeighbourhoods(t.db);
    expect(pages.length).toBeGreaterThan(0);
    expect(layer.features.flatMap((f) => (f.properties.slug ? [f.properties.slug] : [])).sort()).toEqual(pages.map((p) => p.slug).sort());
    expect(layer.features.find((f) => f.properties.name === "River Valley Walterdale")!.properties).toEqual({
      name: "River Valley Walterdale",
    });
    // Small: the test roll's 9 boundaries, bytes as stored and as the server sends them gzipped.
    // Measured: 2,860 bytes, 684 gzipped (docs/benchmarks.md).
    expect(body.length).toBeLessThan(3_500);
    expect(gzipSync(body).length).toBeLessThan(1_000);

    // The client holding it gets a 304 with the same tag; HEAD answers as GET does.
    const again = await ask(ctx(), { "If-None-Match": `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await ask(ctx(), {}, "HEAD")).status).toBe(200);

    // A generation being built beside the live one is not shown...
    const [state] = await t.db.rows<{ g: number }>(sql`select ${assessmentImport.live_generation} as g from ${assessmentImport}`);
    const next = state!.g + 1;
    const square = [
      [
        [
          [-113.6, 53.4],
          [-113.59, 53.4],
          [-113.59, 53.41],
          [-113.6, 53.4],
        ],
      ],
    ];
    await t.db.rows(sql`insert into ${assessmentBoundaries} (generation, neighbourhood_id, name, polygons, west, south, east, north)
      values (${next}, 9999, 'NEW TOWNE', ${JSON.stringify(square)}::jsonb, -113.6, 53.4, -113.59, 53.41)`);
    const during = JSON.parse(await (await ask()).text()) as BoundaryLayer;
    expect(during.features.map((f) => f.properties.name)).not.toContain("New Towne");
    expect((await ask(ctx(), { "If-None-Match": etag })).status).toBe(304);
    // ...until it goes live: then it alone, under a new tag.
    await t.db.rows(sql`update ${assessmentImport} set live_generation = ${next}, live_imported_at = now()`);
    const after = await ask(ctx(), { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(etag);
    expect((JSON.parse(await after.text()) as BoundaryLayer).features.map((f) => f.properties)).toEqual([{ name: "New Towne" }]);
  });
});
