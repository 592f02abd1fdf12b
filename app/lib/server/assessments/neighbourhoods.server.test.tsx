/**
 * The neighbourhood pages against an imported roll: the index, a page's figures by class, its
 * boundary, its listings (by their account's neighbourhood, or their point inside the boundary), the change since a previous roll, its neighbours; the page's
 * words, map, source and licence; the sitemap and robots.txt; 404 with the roll off; shared-cache
 * headers like the listing pages'; the render cache following the roll's swap.
 */
import { renderToString } from "react-dom/server";
import { RouterContextProvider, createRoutesStub } from "react-router";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { copyGeneration } from "~/lib/server/listings/sync-status.server";
import { cacheKindOf } from "~/lib/http/cache-policy";
import { type ServerContext, serverContext } from "~/router-context";
import { assessmentNeighbourhoods } from "../../../../db/schema";
import { generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { HOME } from "../../../../tests/support/listing-routes";
import NeighbourhoodRoute, { loader as hoodLoader, meta as hoodMeta } from "../../../routes/neighbourhood";
import { loader as indexLoader } from "../../../routes/neighbourhoods";
import { loader as sitemapLoader } from "../../../routes/resources/sitemap-neighbourhoods.xml";
import { loader as robotsLoader } from "../../../routes/resources/robots.txt";
import { type NeighbourhoodPage, neighbourhoodChange } from "../../assessments/neighbourhood-view";
import { createAssessmentsContext } from "./context.server";
import { importRoll } from "./import.server";
import { listingNeighbourhood, neighbourhoodPage } from "./neighbourhoods.server";
import { createSodaClient } from "./soda-client.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 600, seed: 9 });
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
        {
          leads: { db: t.db },
          listings: { db: t.db, memberKey: null },
          alerts: null,
          assessments: on ? createAssessmentsContext(t.db, { baseUrl: city.baseUrl }, { warn() {} }) : null,
        } as unknown as ServerContext,
      ],
    ]),
  );
async function loadRoll(now = new Date()) {
  await importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), {
    refreshMs: 1,
    force: true,
    pageSize: 1000,
    now: () => now,
  });
}
type Out = { data: Record<string, unknown>; init: { status?: number } | null };
const callLoader = async (loader: (a: never) => unknown, path: string, params: Record<string, string>, context = ctx()) =>
  (await loader({ request: new Request(`http://localhost${path}`), params, context } as never)) as Out | Response;

describe("the neighbourhood pages", () => {
  it("list every residential neighbourhood, and show one with its classes, listings inside it, and neighbours", async () => {
    await loadRoll();
    const index = (await callLoader(indexLoader, "/neighbourhoods", {})) as Out;
    const hoods = index.data.hoods as { slug: string; name: string; homes: { count: number; median: number } }[];
    expect(hoods.map((h) => h.name)).toContain("Garneau");
    expect(hoods.every((h) => h.homes.count >= 20 && h.homes.median > 0)).toBe(true);

    // A listing at a Garneau home's point, one far away, and one in Garneau but sold.
    const garneau = data.roll.find((r) => r.neighbourhood === "GARNEAU" && !r.suite)!;
    const [lat, lon] = [Number(garneau.latitude), Number(garneau.longitude)];
    await upsertListings(t.db, [
      toListingRow({
        ...HOME,
        ListingKey: "40000001",
        ListPrice: 700_000,
        UnparsedAddress: "1 Garneau Test St NW, Edmonton",
        Latitude: lat,
        Longitude: lon,
      }),
      toListingRow({
        ...HOME,
        ListingKey: "40000002",
        ListPrice: 300_000,
        UnparsedAddress: "2 Far Away Rd, Edmonton",
        Latitude: 53.6,
        Longitude: -113.3,
      }),
    ]);
    // And one at the Garneau account furthest south-west: a corner of the outline, whose rounded
    // point may lie a few metres inside the listing's own.
    const corner = data.roll
      .filter((r) => r.neighbourhood === "GARNEAU")
      .reduce((a, b) => (Number(b.latitude) < Number(a.latitude) ? b : a));
    await upsertListings(t.db, [
      toListingRow({
        ...HOME,
        ListingKey: "40000003",
        ListPrice: 800_000,
        UnparsedAddress: "3 Corner St NW, Edmonton",
        Latitude: Number(corner.latitude),
        Longitude: Number(corner.longitude),
      }),
    ]);
    // One inside Garneau's boundary but beyond every one of its homes (outside the outline their
    // points draw), without an account: placed by its point. And one at a Garneau point whose
    // address is an Oliver account's: its account's neighbourhood wins.
    const boundary = data.boundaries.find((r) => r.name === "GARNEAU")!;
    const polygons = (boundary.geometry_multipolygon as { coordinates: [number, number][][][] }).coordinates;
    const oliver = data.roll.find((r) => r.neighbourhood === "OLIVER" && !r.suite && r.tax_class === "Residential")!;
    await upsertListings(t.db, [
      toListingRow({
        ...HOME,
        ListingKey: "40000004",
        ListPrice: 900_000,
        UnparsedAddress: "4 Edge Way NW, Edmonton",
        Latitude: 53.5178 + 0.0102,
        Longitude: -113.5195 + 0.0152,
      }),
      toListingRow({
        ...HOME,
        ListingKey: "40000005",
        ListPrice: 500_000,
        UnparsedAddress: `${oliver.house_number} ${oliver.street_name}, Edmonton`,
        Latitude: lat,
        Longitude: lon,
      }),
    ]);
    const page = (await callLoader(hoodLoader, "/neighbourhoods/garneau", { slug: "garneau" })) as Out;
    const hood = page.data.hood as NeighbourhoodPage;
    expect(hood).toMatchObject({ slug: "garneau", name: "Garneau", medianAsking: 800_000, previous: null });
    expect(hood.listings.map((l) => l.address)).toEqual(["1 Garneau Test St NW", "3 Corner St NW", "4 Edge Way NW"]);
    // The City's boundary, not the homes' hull: drawn whole, its largest part the outline.
    expect(hood.boundary).toEqual(polygons);
    expect(hood.outline).toEqual(polygons[0]![0]!.slice(0, -1));
    // A listing page without a matched account links to the neighbourhood its point is in.
    const edge = { latitude: 53.5178 + 0.0102, longitude: -113.5195 + 0.0152 };
    expect(await listingNeighbourhood(t.db, { city: "Edmonton", ...edge })).toEqual({ slug: "garneau", name: "Garneau" });
    expect(await listingNeighbourhood(t.db, { city: "Edmonton", latitude: 53.6, longitude: -113.3 })).toBeNull();
    expect(await listingNeighbourhood(t.db, { city: "St. Albert", ...edge })).toBeNull();
    expect(await listingNeighbourhood(t.db, { city: "Edmonton", latitude: null, longitude: null })).toBeNull();
    expect(hood.houses.count + hood.condos.count).toBe(hood.homes.count);
    expect(hood.houses.q1!).toBeLessThanOrEqual(hood.houses.median!);
    expect(hood.neighbours.length).toBeGreaterThan(0);
    expect(hood.neighbours.map((n) => n.slug)).not.toContain("garneau");

    // Asked again, the roll's part (figures, boundary, neighbours) is this generation's kept one:
    // the live generation's row, the listings in its box and their accounts are all it reads.
    const sent: unknown[] = [];
    const rows = t.db.rows;
    t.db.rows = ((query: never) => (sent.push(query), rows(query))) as typeof rows;
    try {
      expect(await neighbourhoodPage(t.db, "garneau")).toEqual(hood);
    } finally {
      t.db.rows = rows;
    }
    expect(sent).toHaveLength(3);

    const Stub = createRoutesStub([{ id: "neighbourhood", path: "/neighbourhoods/:slug", Component: NeighbourhoodRoute as never }]);
    const html = renderToString(
      <Stub initialEntries={["/neighbourhoods/garneau"]} hydrationData={{ loaderData: { neighbourhood: page.data } }} />,
    );
    expect(html).toContain(
      `Figures from the City of Edmonton&#x27;s ${hood.rollYear} assessment roll: market values as of July 1, ${hood.rollYear - 1}.`,
    );
    expect(html).toContain("Open Government Licence – City of Edmonton");
    expect(html).toContain("not an appraisal");
    expect(html).toContain('href="https://data.edmonton.ca/Geospatial-Boundaries/City-of-Edmonton-Neighbourhoods/65fr-66s6"');
    expect(html).toMatch(/data-testid="neighbourhood-map"[^>]*><path d="M[\d.,L]+Z" fill-rule="evenodd"/);
    expect(html).toContain('href="/listings/40000001-');
    expect(html).toContain("Median asking price $800,000 against a median assessment of");

    const meta = hoodMeta({ loaderData: page.data, location: { pathname: "/neighbourhoods/garneau" } } as never) as Record<
      string,
      unknown
    >[];
    expect(meta).toContainEqual({ title: expect.stringMatching(/^Garneau Home Assessments and Listings/) });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: expect.stringMatching(/\/neighbourhoods\/garneau$/) });
    expect(meta).toContainEqual({ name: "robots", content: "index, follow" });
    expect(meta.some((m) => (m["script:ld+json"] as { "@type"?: string } | undefined)?.["@type"] === "Place")).toBe(true);
  });

  it("answer 404 with the roll off, for an unknown slug and for a malformed one", async () => {
    await loadRoll();
    expect(((await callLoader(hoodLoader, "/neighbourhoods/garneau", { slug: "garneau" }, ctx(false))) as Out).init?.status).toBe(404);
    expect(((await callLoader(indexLoader, "/neighbourhoods", {}, ctx(false))) as Out).init?.status).toBe(404);
    expect(((await callLoader(hoodLoader, "/neighbourhoods/atlantis", { slug: "atlantis" })) as Out).init?.status).toBe(404);
    expect(((await callLoader(hoodLoader, "/neighbourhoods/x", { slug: "<script>" })) as Out).init?.status).toBe(404);
    expect(((await callLoader(sitemapLoader, "/sitemap-neighbourhoods.xml", {}, ctx(false))) as Response).status).toBe(404);
  });

  it("show the change: of the average by the City's yearly totals at first, of the median once a previous roll is kept", async () => {
    await loadRoll(new Date("2025-03-01T12:00:00Z"));
    // The first roll: the history's residential totals of the year before, through $group.
    const first = ((await callLoader(hoodLoader, "/neighbourhoods/garneau", { slug: "garneau" })) as Out).data.hood as NeighbourhoodPage;
    const before = data.history.filter(
      (r) => r.neighbourhood_name === "GARNEAU" && r.assessment_year === "2024" && r.mill_class_1 === "RESIDENTIAL",
    );
    const now = data.roll.filter((r) => r.neighbourhood === "GARNEAU" && r.tax_class === "Residential");
    const average = (rows: typeof now) => Math.round(rows.reduce((sum, r) => sum + Number(r.assessed_value), 0) / rows.length);
    expect(first.previous).toBeNull();
    expect(first.averages).toEqual({ previousYear: 2024, previous: average(before), current: average(now) });
    expect(neighbourhoodChange(first)).toMatch(
      /^The average assessment is (up|down) \d+ % since the 2024 roll, by the City's yearly totals\.$/,
    );
    expect(city.requests.some((r) => r.params.$group === "neighbourhood_name,assessment_year")).toBe(true);
    city.rows.set(
      "q7d6-ambg",
      data.roll.map((r) => ({ ...r, assessed_value: String(Math.round(Number(r.assessed_value) * 1.1)) })),
    );
    try {
      await loadRoll(new Date("2026-03-01T12:00:00Z"));
    } finally {
      city.rows.set("q7d6-ambg", data.roll);
    }
    const hood = ((await callLoader(hoodLoader, "/neighbourhoods/garneau", { slug: "garneau" })) as Out).data.hood as NeighbourhoodPage;
    expect(hood.previous).toMatchObject({ rollYear: 2025 });
    expect(neighbourhoodChange(hood)).toBe("The median assessment is up 10 % since the 2025 roll.");
    // Only the neighbourhoods' figures of older generations are kept, not their accounts.
    const gens = await t.db.rows<{ n: number }>(sql`select count(distinct generation)::integer as n from ${assessmentNeighbourhoods}`);
    expect(gens[0]!.n).toBe(2);
  });

  it("are in their own sitemap, named by robots.txt, shared like the listing pages, and re-rendered after a swap", async () => {
    await loadRoll();
    const xml = await ((await callLoader(sitemapLoader, "/sitemap-neighbourhoods.xml", {})) as Response).text();
    expect(xml).toContain("/neighbourhoods</loc>");
    expect(xml).toContain("/neighbourhoods/garneau</loc>");
    expect(xml).toContain("<lastmod>");
    const robots = await (
      (await robotsLoader({ request: new Request("http://localhost/robots.txt"), params: {}, context: ctx() } as never)) as Response
    ).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap-neighbourhoods\.xml/);
    expect(cacheKindOf("/neighbourhoods/:slug", "GET")).toBe("live");
    expect(cacheKindOf("/neighbourhoods", "GET")).toBe("live");
    const before = await copyGeneration(t.db);
    await new Promise((r) => setTimeout(r, 5));
    await loadRoll();
    expect(await copyGeneration(t.db)).toBeGreaterThan(before);
  });
});
