/**
 * The City's assessment roll on the feed server (issue 42): its import from the fixture server's
 * City stand-in at start-up, a matched listing's page with its assessment and chart, a
 * neighbourhood page with its listings, boundary, source and licence, on to a neighbouring area,
 * the Edmonton listings page's links to the neighbourhoods, and the sitemap; at 390 px and on a
 * desktop, without sideways scrolling.
 */
import { type APIRequestContext, expect as baseExpect } from "@playwright/test";
import { feedBase, onFeedServer } from "./feed-support";
import { expect, phoneViewport, test } from "./support";

onFeedServer();

const fixtureOrigin = process.env.E2E_FIXTURE_ORIGIN!;

test.beforeAll(async ({ request }) => {
  // The import starts a few seconds after the server: wait, once, until its neighbourhoods show.
  await baseExpect
    .poll(async () => (await request.get(`${feedBase}/neighbourhoods`)).status(), {
      timeout: 90_000,
      intervals: [500, 1000, 2000],
      message: "the feed server's roll is loaded",
    })
    .toBe(200);
});

async function matchedListingPath(request: APIRequestContext): Promise<string> {
  const keys = (await (await request.get(`${fixtureOrigin}/city/e2e-matched.json`)).json()) as string[];
  expect(keys.length).toBeGreaterThan(0);
  // The listing page answers a bare key with a 301 to its own address.
  const res = await request.get(`${feedBase}/listings/${keys[0]}`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  return res.headers().location!;
}

for (const [name, size] of [
  ["390 px", phoneViewport],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`a listing page with its assessment and chart, and its neighbourhood's page, at ${name}`, async ({ page, request }) => {
    await page.setViewportSize(size);
    const listingPath = await matchedListingPath(request);
    await page.goto(listingPath);
    const section = page.getByTestId("listing-assessment");
    await expect(section).toBeVisible();
    await expect(page.getByTestId("assessment-line")).toHaveText(
      /^City of Edmonton assessment: \$[\d,]+ \(\d{4} roll, market value as of July 1, \d{4}\)$/,
    );
    await expect(page.getByTestId("assessment-asking")).toHaveText(
      /^The seller is asking \d+ % (above|below) its assessment\.$|^The seller is asking about its assessment\.$/,
    );
    await expect(section.getByText("Open Government Licence – City of Edmonton", { exact: false })).toBeVisible();
    await expect(section.getByText(/appraised/i)).toHaveCount(0);
    // The history is fetched on the first view; a reload has it (a page never waits long for it).
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId("assessment-chart").locator("svg polyline").count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "listing page scrolls sideways").toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`assessment-listing-${name}.png`), fullPage: true });

    await section.getByRole("link", { name: /^Assessments in / }).click();
    await expect(page).toHaveURL(/\/neighbourhoods\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/: home assessments and listings$/);
    await expect(page.getByTestId("roll-date")).toHaveText(/market values as of July 1, \d{4}\.$/);
    await expect(page.getByTestId("neighbourhood-spreads")).toBeVisible();
    // The City's boundary, drawn as one path (every part and hole of it), with its listings as dots.
    await expect(page.getByTestId("neighbourhood-map").locator("path")).toHaveCount(1);
    await expect(page.getByTestId("neighbourhood-map").locator("circle")).not.toHaveCount(0);
    // The listing we came from is among its homes for sale.
    await expect(page.getByTestId("neighbourhood-listings").locator(`a[href="${listingPath}"]`)).toHaveCount(1);
    await expect(page.getByTestId("roll-source")).toContainText("Open Government Licence – City of Edmonton");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/neighbourhoods\/[a-z0-9-]+$/);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"@type":"Place"'))).toBe(true);
    expect(ld.some((t) => t.includes('"@type":"BreadcrumbList"'))).toBe(true);
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "neighbourhood page scrolls sideways").toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`neighbourhood-${name}.png`), fullPage: true });

    // On to a neighbouring area, then from the Edmonton listings page back to a neighbourhood.
    const hoodUrl = page.url();
    const neighbour = page.getByRole("region", { name: "Neighbouring areas" }).getByRole("link").first();
    const neighbourPath = await neighbour.getAttribute("href");
    expect(neighbourPath).toMatch(/^\/neighbourhoods\/[a-z0-9-]+$/);
    expect(hoodUrl.endsWith(neighbourPath!)).toBe(false);
    await neighbour.click();
    // The old address matches any neighbourhood's pattern: wait for the link's own.
    await expect(page).toHaveURL((url) => url.pathname === neighbourPath);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/: home assessments and listings$/);
    await page.goto("/edmonton-listings");
    const areaLinks = page.getByTestId("area-neighbourhoods").getByRole("link");
    await expect(areaLinks.last()).toHaveAttribute("href", "/neighbourhoods");
    await areaLinks.first().click();
    await expect(page).toHaveURL(/\/neighbourhoods\/[a-z0-9-]+$/);
  });
}

test("the neighbourhoods are in their sitemap, named by robots.txt, and shared like the listing pages", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: .*\/sitemap-neighbourhoods\.xml/);
  const xml = await (await request.get("/sitemap-neighbourhoods.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.length).toBeGreaterThan(3);
  const page = await request.get(new URL(locs[1]!).pathname);
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=20/);
  expect((await request.get("/neighbourhoods/atlantis")).status()).toBe(404);
});
