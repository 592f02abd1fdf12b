/**
 * The search's map (issue 45, decision 060) on the feed server, with the map host's stand-in
 * (tests/fixtures/map: a style and vector tiles from the fixture listings), at 390 px and on a
 * desktop: the map's script is in no page's first load; "Map" opens it with every listing of the
 * search; moving it offers "Search this area", whose box becomes the search's filter in the address
 * (the count as the data says); Enter on the map opens the nearest marker's card, whose link leads
 * to the listing, whose own map opens behind a tap. The "Neighbourhoods" checkbox (the roll is on
 * in the feed server) draws the City's boundaries on the map, fetched once, and hides them again.
 * Any CSP violation fails the test (support.ts).
 */
import { type Page, expect as baseExpect } from "@playwright/test";
import { edgeCaseListings, generateListings } from "../fixtures/ddf/listings";
import { feedBase, onFeedServer } from "./feed-support";
import { expect, phoneViewport, test, waitForHydration } from "./support";

onFeedServer();

const BOUNDARIES = "/neighbourhoods/boundaries.geojson";
let boundaryCount = 0;
test.beforeAll(async ({ request }) => {
  // The roll's import starts a few seconds after the server: wait, once, until its boundaries are served.
  await baseExpect
    .poll(async () => (await request.get(`${feedBase}${BOUNDARIES}`)).status(), {
      timeout: 90_000,
      intervals: [500, 1000, 2000],
      message: "the feed server's roll is loaded",
    })
    .toBe(200);
  boundaryCount = ((await (await request.get(`${feedBase}${BOUNDARIES}`)).json()) as { features: unknown[] }).features.length;
  expect(boundaryCount).toBeGreaterThan(0);
});

const now = new Date("2026-11-01T00:00:00Z");
// The available homes with a point the feed shows: what the map must hold.
const mapped = [...generateListings(Number(process.env.DDF_FIXTURE_LISTINGS || 120), { now }), ...edgeCaseListings({ now })].filter(
  (p) =>
    p.StandardStatus === "Active" &&
    p.InternetEntireListingDisplayYN !== false &&
    p.InternetAddressDisplayYN !== false &&
    typeof p.Latitude === "number" &&
    typeof p.Longitude === "number",
);

/** The scripts the page asked for, in order. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" || /\.m?js(\?|$)/.test(r.url())) scripts.push(r.url());
  });
  return scripts;
}
const mapScript = (url: string) => /maplibre|listings-map/i.test(url);

/** The requests for the boundaries, by method, in order. */
function boundaryRequestsOf(page: Page): string[] {
  const methods: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === BOUNDARIES) methods.push(r.method());
  });
  return methods;
}

/** The checkbox under the map: off at first, its boundaries fetched on the first turn on only, hidden when off. */
async function neighbourhoodsLayer(page: Page, requests: string[]) {
  const toggle = page.getByRole("checkbox", { name: "Neighbourhoods" });
  const map = page.getByTestId("listings-map");
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(map).not.toHaveAttribute("data-neighbourhoods");
  // Asked whether there is a layer, nothing fetched yet.
  expect(requests).toEqual(["HEAD"]);
  // On, by the keyboard: the map draws the boundaries (the attributes say what the map holds).
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toBeChecked();
  await expect(map).toHaveAttribute("data-neighbourhoods", "shown");
  await expect(map).toHaveAttribute("data-neighbourhoods-count", String(boundaryCount));
  await page.screenshot({ path: test.info().outputPath("neighbourhoods-layer.png") });
  // Off, and on again, by taps: hidden, then shown, from the one fetch.
  await toggle.click();
  await expect(map).toHaveAttribute("data-neighbourhoods", "hidden");
  await toggle.click();
  await expect(map).toHaveAttribute("data-neighbourhoods", "shown");
  await toggle.click();
  await expect(map).toHaveAttribute("data-neighbourhoods", "hidden");
  expect(requests).toEqual(["HEAD", "GET"]);
}

async function walkTheMap(page: Page) {
  const scripts = scriptsOf(page);
  const boundaryRequests = boundaryRequestsOf(page);
  const html = await (await page.goto("/listings"))!.text();
  await waitForHydration(page);
  // The first load: no map script among the page's scripts, nor named in its HTML (preloads included).
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(mapScript)).toEqual([]);
  expect(html).not.toMatch(/maplibre|listings-map-/);

  await page.getByTestId("map-toggle").click();
  await expect(page.getByTestId("map-status")).toHaveText(`${mapped.length} listings on the map.`, { timeout: 30_000 });
  expect(scripts.filter(mapScript).length).toBeGreaterThan(0);
  const canvas = page.locator("#listings-map canvas");
  await expect(canvas).toBeVisible();
  await neighbourhoodsLayer(page, boundaryRequests);

  // Move it (a drag), then search there: the box is in the address and the count is the data's.
  await expect(page.getByTestId("search-this-area")).toHaveCount(0);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 40, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId("search-this-area").click();
  await expect(page).toHaveURL(/[?&]bounds=-?[\d.]+%2C-?[\d.]+%2C-?[\d.]+%2C-?[\d.]+$/);
  const [south, west, north, east] = new URL(page.url()).searchParams.get("bounds")!.split(",").map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const inside = mapped.filter((p) => p.Latitude! >= south && p.Latitude! <= north && p.Longitude! >= west && p.Longitude! <= east);
  expect(inside.length).toBeGreaterThan(0);
  const summary = page.getByTestId("listings-summary");
  await expect(summary).toContainText(`${inside.length} ${inside.length === 1 ? "home" : "homes"} match in the map's area`);
  // The map stayed open, with the whole search on it.
  await expect(page.getByTestId("map-status")).toHaveText(`${mapped.length} listings on the map.`);

  // The keyboard: Enter on the map opens the nearest marker (zooming into clusters first), its card's link takes focus.
  await canvas.focus();
  const card = page.getByTestId("map-card");
  for (let i = 0; i < 8 && !(await card.isVisible()); i++) {
    await page.keyboard.press("Enter");
    await page.waitForTimeout(700);
  }
  await expect(card).toBeVisible();
  const link = card.getByRole("link");
  await expect(link).toBeFocused();
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/listings\/[A-Za-z0-9_]+-/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
}

async function listingPageMap(page: Page, path: string) {
  const scripts = scriptsOf(page);
  await page.goto(path);
  await waitForHydration(page);
  expect(scripts.filter(mapScript)).toEqual([]);
  await page.getByRole("button", { name: "Show on map" }).click();
  await expect(page.getByTestId("map-status")).toContainText("Map of ", { timeout: 30_000 });
  await expect(page.locator("#listings-map canvas")).toBeVisible();
  // One home's map has no neighbourhoods layer to offer.
  await expect(page.getByRole("checkbox", { name: "Neighbourhoods" })).toHaveCount(0);
}

test.describe("the map", () => {
  test.setTimeout(120_000);

  test("at 390 px: open, move, search this area, a marker's card, the listing's own map", async ({ page }) => {
    await page.setViewportSize(phoneViewport);
    await walkTheMap(page);
    await listingPageMap(page, new URL(page.url()).pathname);
  });

  test("on a desktop, the same; a bad map area is a 400", async ({ page, request }) => {
    await walkTheMap(page);
    for (const bad of ["1,2,3", "53.6,-113.6,53.4,-113.4", "91,0,92,1", "a,b,c,d", "53.4,-113.6,53.6,-113.4e1"]) {
      expect((await request.get(`/listings?bounds=${encodeURIComponent(bad)}`, { maxRedirects: 0 })).status(), bad).toBe(400);
    }
    expect((await request.get("/listings/map-data?bounds=x")).status()).toBe(400);
    expect((await request.get("/listings/map-card/nope-nope")).status()).toBe(404);
    // The boundaries as the server sends them: compressed, with their own caching (not the pages'), a 304 by their tag.
    const boundaries = await request.get(BOUNDARIES, { headers: { "Accept-Encoding": "gzip" } });
    expect(boundaries.headers()["content-type"]).toBe("application/geo+json");
    expect(boundaries.headers()["content-encoding"]).toBe("gzip");
    expect(boundaries.headers()["cache-control"]).toBe("public, max-age=3600, stale-while-revalidate=86400");
    const etag = boundaries.headers()["etag"]!;
    expect((await request.get(BOUNDARIES, { headers: { "If-None-Match": etag } })).status()).toBe(304);
  });
});
