/**
 * The DDF® feed's pages (tests/e2e/feed-support.ts): a listing page, the search and area pages
 * without JavaScript, and the layout at 390 px. Statuses, brokerages, open houses and the agent's
 * own listings are in listings-feed-statuses.spec.ts; a listing that leaves the feed in
 * listings-feed-removal.spec.ts.
 */
import { DDF_TRADEMARK_NOTICE } from "../../app/components/listings/ddf-notices";
import { feedMailContaining, firstListingPath, onFeedServer, results } from "./feed-support";
import { expect, phoneViewport, test, waitForHydration } from "./support";
import { uniqueEmail, useOwnClientIp } from "./lead-support";

onFeedServer();

test.describe("a listing page", () => {
  test("shows the home, its photos sized for no layout shift, the brokerage, MLS® number, badge, notice and JSON-LD", async ({
    page,
    request,
  }) => {
    const listingPath = await firstListingPath(page);
    await page.goto(listingPath);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("listing-price")).toHaveText(/^\$[\d,]+$/);
    await expect(page.getByTestId("listing-brokerage")).toHaveText(/^Listing brokerage: \S/);
    await expect(page.getByText("MLS® number", { exact: true })).toBeVisible();
    await expect(page.getByText(DDF_TRADEMARK_NOTICE)).toBeVisible();

    const first = page.locator("main article img[fetchpriority='high']");
    await expect(first).toHaveAttribute("src", /^\/listings\/photos\//);
    // Copies at phone and desktop widths, for the browser to pick by screen (photos.server.ts).
    await expect(first).toHaveAttribute("srcset", /-w480\.webp 480w, .*-w800\.webp 800w, .*-w1200\.webp 1200w$/);
    await expect(first).not.toHaveAttribute("loading", /.*/);
    await expect(first).toHaveAttribute("width", /\d+/);
    await expect(first).toHaveAttribute("height", /\d+/);
    // The other photos start once the page has loaded, after the first one (listing-photos.tsx):
    // the server sends their addresses in data attributes only.
    const html = await (await request.get(listingPath)).text();
    const waiting = html.match(/<img [^>]*data-deferred-src="[^"]+"[^>]*>/g) ?? [];
    expect(waiting.length).toBeGreaterThan(0);
    for (const tag of waiting) expect(tag).not.toMatch(/ src(set)?=/);
    const later = page.getByRole("list", { name: "More photos" }).locator("img");
    expect(await later.count()).toBeGreaterThan(0);
    for (const img of await later.all()) {
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("src", /^\/listings\/photos\/.+-w480\.webp$/);
    }
    await expect
      .poll(() => later.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)))
      .toBe(true);
    // This listing's photos only: the similar homes' cards under it load theirs lazily, on their own.
    const ownPhotos = `/listings/photos/${listingPath.split("/").pop()!.split("-")[0]}/`;
    const timing = await page.evaluate((own) => {
      const photos = performance.getEntriesByType("resource").filter((e) => e.name.includes(own)) as PerformanceResourceTiming[];
      const [firstPhoto, ...rest] = photos.sort((a, b) => a.startTime - b.startTime);
      return { firstEnd: firstPhoto?.responseEnd ?? NaN, laterStarts: rest.map((e) => e.startTime) };
    }, ownPhotos);
    expect(timing.laterStarts.length).toBeGreaterThan(0);
    for (const start of timing.laterStarts) expect(start).toBeGreaterThanOrEqual(timing.firstEnd);
    // The photo really loads, through the site's own origin (photos.server.ts).
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // A narrower copy, as WebP (decision record 026), not the feed's full-size JPEG.
    const shown = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).toMatch(/-w(480|800|1200)\.webp$/);
    expect((await request.get(shown)).headers()["content-type"]).toBe("image/webp");

    const badge = page.getByTestId("realtor-ca-badge");
    await expect(badge).toHaveAttribute("href", /^https:\/\/www\.realtor\.ca\//);
    await expect(badge).toHaveAttribute("target", "_blank");
    await expect(badge).toHaveAttribute("rel", "noopener");
    await expect(badge.locator("img")).toHaveAttribute("src", "/images/powered-by-realtor-ca.svg");

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const listing = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === "RealEstateListing");
    expect(listing).toMatchObject({ url: expect.stringContaining(listingPath), offers: { priceCurrency: "CAD" } });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${listingPath}$`));
  });

  test("after a client-side navigation from the search, the other photos load too", async ({ page }) => {
    await page.goto("/listings");
    await waitForHydration(page);
    const card = results(page).locator('a[href^="/listings/"]').first();
    const href = (await card.getAttribute("href"))!;
    await card.click();
    await page.waitForURL(`**${href}`);
    // The address changes before the new page has rendered: wait for its photos to be there.
    const later = page.getByRole("list", { name: "More photos" }).locator("img");
    await expect(later).not.toHaveCount(0);
    await expect
      .poll(() => later.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0)))
      .toBe(true);
  });

  test("moves an old slug to the listing's own address and answers 404 for an unknown key", async ({ page, request }) => {
    const listingPath = await firstListingPath(page);
    const key = listingPath.split("/")[2]!.split("-")[0]!;
    const moved = await request.get(`/listings/${key}-some-old-address`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe(listingPath);
    const missing = await page.goto("/listings/ZZZ999999-nowhere");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! This property is no longer available." })).toBeVisible();
  });

  test("'Ask about this home' creates a lead that names the home", async ({ page }) => {
    await useOwnClientIp(page);
    const listingPath = await firstListingPath(page);
    await page.goto(listingPath);
    await waitForHydration(page);
    const address = (await page.getByRole("heading", { level: 1 }).textContent())!;
    const email = uniqueEmail("ask");
    await expect(page.getByLabel("Message")).toHaveValue(
      new RegExp(`^I'd like more information about ${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    await page.getByLabel("Full Name").fill("Asking Buyer");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Ask about this home" }).click();
    await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
    await expect.poll(() => feedMailContaining(email), { timeout: 15_000 }).not.toBeNull();
    const mail = feedMailContaining(email)!;
    expect(mail).toContain(address);
    expect(mail).toContain(listingPath);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an area page lists its homes with count and median, and pages through them", async ({ page }) => {
    await page.goto("/edmonton-listings");
    const section = page.locator("#homes-for-sale");
    await expect(section.getByRole("heading", { name: "Homes for sale in Edmonton" })).toBeVisible();
    await expect(section.getByTestId("listings-summary")).toHaveText(/^\d[\d,]* homes? for sale · median asking price \$[\d,]+/);
    const cards = section.locator("li a");
    await expect(cards).toHaveCount(12);
    const firstOnPage1 = await cards.first().getAttribute("href");
    await section.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/edmonton-listings\?page=2#homes-for-sale$/);
    await expect(section.getByText(/^Page 2 of \d+$/)).toBeVisible();
    expect(await cards.first().getAttribute("href")).not.toBe(firstOnPage1);
    await page.goto("/edmonton-listings?page=999");
    await expect(section.getByText(/There are no more listings past page \d+/)).toBeVisible();
  });

  test("/listings filters by city and bedrooms through its GET form", async ({ page }) => {
    await page.goto("/listings");
    await page.getByLabel("City").selectOption("Edmonton");
    await page.getByLabel("Bedrooms").selectOption("3");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/listings\?city=Edmonton&.*minBeds=3/);
    await expect(page.getByRole("heading", { name: "Homes for sale in Edmonton" })).toBeVisible();
    const cards = page.locator("main ul li a");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) {
      expect(text).toContain("Edmonton");
      expect(Number(/(\d+) beds?/.exec(text)?.[1])).toBeGreaterThanOrEqual(3);
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await page.goto("/listings?page=abc&minPrice=lots&type=castle");
    await expect(page.getByTestId("listings-summary")).toBeVisible();
  });

  test("a listing page shows its first photos, and the photos page all of them", async ({ page }) => {
    await page.goto(await firstListingPath(page));
    const first = page.getByTestId("listing-gallery").locator("img[src^='/listings/photos/']").first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The copies waiting for a loader that never runs are hidden, not shown empty (app.css).
    for (const waiting of await page.locator("main article img[data-deferred-src]").all()) await expect(waiting).toBeHidden();
    const seeAll = page.getByRole("link", { name: /^See all \d+ photos$/ });
    const count = Number(/\d+/.exec(await seeAll.innerText())![0]);
    await seeAll.click();
    await expect(page.locator("main article img[src^='/listings/photos/']")).toHaveCount(count);
  });

  test("the inquiry form posts without JavaScript", async ({ page }) => {
    await useOwnClientIp(page);
    const listingPath = await firstListingPath(page);
    await page.goto(listingPath);
    const email = uniqueEmail("nojs");
    await page.getByLabel("Full Name").fill("Plain Poster");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Ask about this home" }).click();
    await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
    await expect.poll(() => feedMailContaining(email), { timeout: 15_000 }).not.toBeNull();
  });
});

test("layout at 390 px and on a desktop (screenshots for review)", async ({ page }) => {
  const listingPath = await firstListingPath(page);
  for (const [name, size] of [
    ["phone", phoneViewport],
    ["desktop", { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    for (const [label, url] of [
      ["listing", listingPath],
      ["search", "/listings?city=Edmonton"],
      ["area", "/edmonton-listings"],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState("load");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${label} at ${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${label}-${name}.png`), fullPage: label !== "area" });
    }
  }
});
