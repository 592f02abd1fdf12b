/**
 * The DDF® feed's pages, against the second server of playwright.config.ts (E2E_PORT + 2), whose
 * sync fills its own database from the fixtures' stand-in at start-up. The shared stand-in never
 * drops a listing while a run uses it, so the 410 of a removed listing is checked against a
 * server and a stand-in of its own (last describe below).
 */
import { type Page, expect as baseExpect } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DDF_TRADEMARK_NOTICE } from "../../app/components/listings/ddf-notices";
import { FEED_SUBTITLE, SAMPLE_SUBTITLE } from "../../app/content/open-houses";
import { site } from "../../app/content/site";
import { e2eFeedEnv } from "../../playwright.config";
import { generateListings } from "../fixtures/ddf/listings";
import { startDdfStandIn } from "../fixtures/ddf/stand-in";
import { expect, phoneViewport, test, waitForHydration } from "./support";
import { uniqueEmail, useOwnClientIp } from "./lead-support";

const feedBase = process.env.E2E_FEED_BASE_URL!;
test.use({ baseURL: feedBase });

/** The sync runs as the server starts: wait until /listings shows its homes. */
test.beforeAll(async ({ request }) => {
  await baseExpect
    .poll(async () => ((await (await request.get(`${feedBase}/listings`)).text()).match(/href="\/listings\/[^"]+"/g) ?? []).length, {
      timeout: 90_000,
      intervals: [500, 1000, 2000],
      message: "the feed server's /listings shows synced listings",
    })
    .toBeGreaterThan(0);
});

/** The search's results (the agent's own listings may come above them). */
const results = (page: Page) => page.locator('section[aria-labelledby="results-heading"]');

async function firstListingPath(page: Page): Promise<string> {
  await page.goto("/listings");
  const href = await results(page).locator('a[href^="/listings/"]').first().getAttribute("href");
  return href!;
}

/** The agent's notification (an .eml in the feed server's DATA_DIR/mail) mentioning `needle`, decoded from quoted-printable (UTF-8: addresses have accents). */
function feedMailContaining(needle: string): string | null {
  const dir = path.join(process.env.E2E_FEED_DATA_DIR!, "mail");
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const text = Buffer.from(bytes, "latin1").toString("utf8");
    if (text.includes(needle)) return text;
  }
  return null;
}

test.describe("a listing page", () => {
  test("shows the home, its photos sized for no layout shift, the brokerage, MLS® number, badge, notice and JSON-LD", async ({ page, request }) => {
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
    await expect.poll(() => later.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
    const timing = await page.evaluate(() => {
      const photos = performance.getEntriesByType("resource").filter((e) => e.name.includes("/listings/photos/")) as PerformanceResourceTiming[];
      const [firstPhoto, ...rest] = photos.sort((a, b) => a.startTime - b.startTime);
      return { firstEnd: firstPhoto?.responseEnd ?? NaN, laterStarts: rest.map((e) => e.startTime) };
    });
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
    await expect.poll(() => later.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
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
    await expect(page.getByLabel("Message")).toHaveValue(new RegExp(`^I'd like more information about ${address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
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

  test("a listing page shows all its photos", async ({ page }) => {
    await page.goto(await firstListingPath(page));
    const photos = page.locator("main article img[src^='/listings/photos/']");
    expect(await photos.count()).toBeGreaterThan(1);
    await expect.poll(() => photos.evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0).length)).toBe(await photos.count());
    // The copies waiting for a loader that never runs are hidden, not shown empty (app.css).
    for (const waiting of await page.locator("main article img[data-deferred-src]").all()) await expect(waiting).toBeHidden();
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
  for (const [name, size] of [["phone", phoneViewport], ["desktop", { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(size);
    for (const [label, url] of [["listing", listingPath], ["search", "/listings?city=Edmonton"], ["area", "/edmonton-listings"]] as const) {
      await page.goto(url);
      await page.waitForLoadState("load");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${label} at ${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${label}-${name}.png`), fullPage: label !== "area" });
    }
  }
});

/**
 * The fixture records the issue-27 tests below expect (tests/fixtures/ddf/listings.ts, as
 * tests/fixtures/server.ts serves them): the edge cases (edgeCaseListings, the newest listings of
 * the feed) and generated listings picked by their index i (key 29000100 + i), with open houses
 * dated from today (generateOpenHouses) and FIXTURE_MEMBER_KEY as the e2e DDF_MEMBER_KEY.
 */
const FIXTURE = {
  /** UnparsedAddress "27 Rue Ste-Émilie". */
  accented: { key: "29100001", address: "27 Rue Ste-Émilie" },
  /** A 120-character URL in its PublicRemarks. */
  longRemark: { key: "29100002" },
  /** ListPrice 0. */
  noPrice: { key: "29100003" },
  /** No bedrooms, bathrooms or living area. */
  noRooms: { key: "29100004" },
  /** i = 36: "Active Under Contract" in Leduc County (a city with one page of listings), an upcoming open house with a livestream. */
  underContract: { key: "29000136", city: "Leduc County" },
  /** i = 117: "Pending". */
  pending: { key: "29000217" },
  /** i = 0: the agent's own (ListAgentKey), one upcoming open house with a livestream (and a past and a cancelled one, not shown). */
  agentsOwn: { key: "29000100" },
  /** i = 46: a co-listing office besides the listing office, and the agent as co-listing agent. */
  coListed: { key: "29000146" },
} as const;

const WEEKDAY_DATE = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}/;
const HOURS = /\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)/;
const LISTED_BY = `Listed by ${site.agent.name}`;

/** A listing's page by its key alone: the server moves the request to the listing's own address. */
async function gotoListing(page: Page, key: string) {
  const response = await page.goto(`/listings/${key}-x`);
  expect(response?.status(), `listing ${key} is in the fixtures`).toBe(200);
  return response!;
}

async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b) as Record<string, unknown>);
}

test.describe("statuses, brokerages, open houses and the agent's listings (issue 27)", () => {
  test("a listing at 390 px: status beside the price, the brokerage, an open house; a 120-character word wraps", async ({ page }) => {
    await page.setViewportSize(phoneViewport);
    await gotoListing(page, FIXTURE.underContract.key);
    await expect(page.getByTestId("listing-status")).toHaveText("Conditionally sold");
    // Beside the price: on the same line of the header.
    const [price, status] = await Promise.all([page.getByTestId("listing-price").boundingBox(), page.getByTestId("listing-status").boundingBox()]);
    expect(Math.abs(price!.y + price!.height / 2 - (status!.y + status!.height / 2))).toBeLessThan(price!.height);
    await expect(page.getByTestId("listing-brokerage")).toHaveText(/^Listing brokerage: \S/);
    await expect(page.getByTestId("listing-brokerage")).not.toContainText("not provided");

    const openHouses = page.getByRole("region", { name: "Open houses" });
    await expect(openHouses.getByRole("heading", { name: "Open houses" })).toBeVisible();
    await expect(openHouses.locator("li").first()).toContainText(WEEKDAY_DATE);
    await expect(openHouses.locator("li").first()).toContainText(HOURS);
    await expect(openHouses.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("under-contract-phone.png"), fullPage: true });
    const listing = (await jsonLdBlocks(page)).find((b) => b["@type"] === "RealEstateListing")!;
    expect(listing.offers).toMatchObject({ availability: "https://schema.org/LimitedAvailability", priceCurrency: "CAD" });

    // The fixture's remark really holds a word of 120 characters or more; the page stays 390 px wide.
    await gotoListing(page, FIXTURE.longRemark.key);
    const longest = await page.getByTestId("listing-remarks").evaluate((p) => Math.max(...(p.textContent ?? "").split(/\s+/).map((w) => w.length)));
    expect(longest).toBeGreaterThanOrEqual(120);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const testId of ["listing-remarks", "listing-brokerage", "listing-price"]) {
      const box = await page.getByTestId(testId).boundingBox();
      expect(box!.x + box!.width, testId).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: test.info().outputPath("long-remark-phone.png"), fullPage: true });
  });

  test("a co-listed home names both brokerages, on its page and in its structured data", async ({ page }) => {
    await gotoListing(page, FIXTURE.coListed.key);
    await expect(page.getByTestId("listing-brokerage")).toHaveText(/^Listing brokerage: [^,]+, .+$/);
    await expect(page.getByTestId("listed-by-agent")).toHaveText(LISTED_BY);
    const listing = (await jsonLdBlocks(page)).find((b) => b["@type"] === "RealEstateListing")!;
    expect((listing.offers as { offeredBy: unknown[] }).offeredBy).toHaveLength(2);
  });

  test("a pending sale reads 'Sale pending'", async ({ page }) => {
    await gotoListing(page, FIXTURE.pending.key);
    await expect(page.getByTestId("listing-status")).toHaveText("Sale pending");
  });

  test("the breadcrumb names a listing by its own address, accents and punctuation kept", async ({ page }) => {
    await gotoListing(page, FIXTURE.accented.key);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FIXTURE.accented.address);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(FIXTURE.accented.address);
    const list = (await jsonLdBlocks(page)).find((b) => b["@type"] === "BreadcrumbList") as { itemListElement: { name: string; item: string }[] };
    expect(list.itemListElement.map((i) => i.name)).toEqual(["Home", "Listings", FIXTURE.accented.address]);
    expect(list.itemListElement.at(-1)!.item).toMatch(new RegExp(`${new URL(page.url()).pathname}$`));
  });

  test("a listing without a price reads 'Price on request', on its page, in its title and on its card", async ({ page }) => {
    await gotoListing(page, FIXTURE.noPrice.key);
    await expect(page.getByTestId("listing-price")).toHaveText("Price on request");
    await expect(page).toHaveTitle(/: Price on request \|/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /price on request/);
    const path = new URL(page.url()).pathname;
    await page.goto("/listings");
    await expect(results(page).locator(`a[href="${path}"]`)).toContainText("Price on request");
    for (const text of await page.locator("main li a").allTextContents()) expect(text).not.toMatch(/\$0\b|NaN|null|—/);
  });

  test("a listing without rooms or floor area leaves those facts out", async ({ page }) => {
    await gotoListing(page, FIXTURE.noRooms.key);
    const facts = page.locator("main article dl");
    await expect(facts).toContainText("Type");
    await expect(facts).not.toContainText(/Bedrooms|Bathrooms|Living area|—|null|NaN/);
    await expect(page.locator("main article header")).not.toContainText(/beds|baths/);
  });

  test("the agent's own listing is marked 'Listed by', with its open house and livestream link", async ({ page }) => {
    await gotoListing(page, FIXTURE.agentsOwn.key);
    await expect(page.getByTestId("listed-by-agent")).toHaveText(LISTED_BY);
    // The upcoming one only: yesterday's and the cancelled one are left out.
    await expect(page.getByRole("region", { name: "Open houses" }).locator("li")).toHaveCount(1);
    const livestream = page.getByRole("region", { name: "Open houses" }).getByRole("link", { name: /Watch the livestream/ });
    await expect(livestream).toHaveAttribute("href", /^https:\/\//);
    await expect(livestream).toHaveAttribute("target", "_blank");
    await expect(livestream).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(livestream).toContainText("(opens in a new tab)");
    await expect(livestream.locator("svg")).toHaveAttribute("aria-hidden", "true");
  });

  test("'My listings' on the home page, /about and /listings: the agent's own homes, each marked", async ({ page }) => {
    for (const [path, heading] of [["/", "My listings"], ["/about", "My listings"], ["/listings", `${site.agent.name}'s listings`]] as const) {
      await page.goto(path);
      const section = page.getByRole("region", { name: heading });
      await expect(section, path).toBeVisible();
      const cards = section.locator("li");
      const count = await cards.count();
      expect(count, path).toBeGreaterThan(0);
      expect(count, path).toBeLessThanOrEqual(path === "/listings" ? 3 : 6);
      for (const card of await cards.all()) await expect(card).toContainText(LISTED_BY);
      if (path !== "/listings") await expect(section.getByRole("link", { name: "See all homes for sale" })).toHaveAttribute("href", "/listings");
    }
    // On the home page, under the hero.
    await page.goto("/");
    const [hero, mine] = await Promise.all([page.getByRole("heading", { level: 1 }).boundingBox(), page.getByRole("heading", { name: "My listings" }).boundingBox()]);
    expect(mine!.y).toBeGreaterThan(hero!.y);
    expect(mine!.y).toBeLessThan((await page.getByRole("heading", { name: "New Listings" }).boundingBox())!.y);
    // Not above a refined search.
    await page.goto("/listings?city=Edmonton");
    await expect(page.getByRole("region", { name: `${site.agent.name}'s listings` })).toHaveCount(0);
  });

  test("/open-house lists the feed's upcoming open houses, the agent's first", async ({ page }) => {
    const response = await page.goto("/open-house");
    expect(response?.status()).toBe(200);
    await expect(page.getByText(FEED_SUBTITLE)).toBeVisible();
    await expect(page.getByText(SAMPLE_SUBTITLE)).toHaveCount(0);
    await expect(page.getByTestId("open-house-sample")).toHaveCount(0);
    const cards = page.getByTestId("open-house-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(24);
    // The agent's own come first: the first card is theirs, and no card of theirs follows another's.
    const marked = await cards.evaluateAll((all, mark) => all.map((card) => (card.textContent ?? "").includes(mark)), LISTED_BY);
    expect(marked[0]).toBe(true);
    expect(marked.indexOf(false) === -1 || !marked.slice(marked.indexOf(false)).includes(true)).toBe(true);
    const own = cards.filter({ has: page.locator(`h2 a[href^="/listings/${FIXTURE.agentsOwn.key}-"]`) }).first();
    await expect(own).toContainText(LISTED_BY);
    const livestream = own.getByRole("link", { name: /Watch the livestream/ });
    await expect(livestream).toHaveAttribute("href", /^https:\/\//);
    await expect(livestream).toHaveAttribute("target", "_blank");
    await expect(livestream).toHaveAttribute("rel", /\bnoopener\b/);
    for (const card of await cards.all()) {
      await expect(card).toContainText(WEEKDAY_DATE);
      await expect(card).toContainText(HOURS);
      await expect(card.getByTestId("card-brokerage")).toHaveText(/^Listing brokerage: \S/);
      await expect(card).toContainText(/\$[\d,]+|Price on request/);
    }
    await expect(page.getByText(DDF_TRADEMARK_NOTICE)).toBeVisible();
    // The card takes the visitor to the home's page.
    await own.getByRole("heading", { level: 2 }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/listings/${FIXTURE.agentsOwn.key}-`));
    await expect(page.getByRole("region", { name: "Open houses" })).toBeVisible();
  });
});

test.describe("without JavaScript, homes with an accepted offer", () => {
  test.use({ javaScriptEnabled: false });

  test("are left out of /listings until 'Include homes with an accepted offer' is ticked", async ({ page }) => {
    const underContract = `a[href^="/listings/${FIXTURE.underContract.key}-"]`;
    const total = async () => Number((await page.getByTestId("listings-summary").textContent())!.replace(/,/g, "").match(/^(\d+)/)![1]);
    await page.goto(`/listings?city=${encodeURIComponent(FIXTURE.underContract.city)}`);
    await expect(results(page).locator(underContract)).toHaveCount(0);
    await expect(results(page).getByTestId("listing-status")).toHaveCount(0);
    const available = await total();
    const box = page.getByRole("checkbox", { name: "Include homes with an accepted offer" });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/listings\?(.*&)?status=all(&|$)/);
    await expect(page.getByLabel("City")).toHaveValue(FIXTURE.underContract.city);
    await expect(page.getByRole("checkbox", { name: "Include homes with an accepted offer" })).toBeChecked();
    expect(await total()).toBeGreaterThan(available);
    await expect(results(page).locator(underContract)).toContainText("Conditionally sold");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });
});

/** A port nobody listens on now (the kernel's pick), for a server started by a test. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Removing a listing changes what the feed serves, so this runs on its own DDF stand-in (in this
 * worker, where the test can call remove) and its own server of the same build, with its own
 * database: the shared stand-in and feed server stay as the tests above expect them. The sync is
 * the server's own worker at the shortest settings the configuration allows: a run every 10 s,
 * and the full check, the only run that notices a removal, a minute after the first load.
 */
test.describe("a listing that left the feed", () => {
  // Start-up (PGlite's first open runs initdb), the first load, then a minute until the full check.
  test.describe.configure({ timeout: 240_000 });

  const key = "29000102";
  let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
  let server: ChildProcess | null = null;
  let origin = "";
  let dataDir = "";
  let logPath = "";
  const killServer = () => server?.kill("SIGKILL");

  test.beforeAll(async () => {
    standIn = await startDdfStandIn({ listings: generateListings(3, { now: new Date("2026-11-01T00:00:00Z") }), clientId: "gone-client", clientSecret: "gone-secret" });
    dataDir = mkdtempSync(path.join(tmpdir(), "agent-site-e2e-gone-"));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    // Beside the test's results, which outlive the data folder removed below.
    logPath = test.info().outputPath("server.log");
    const log = createWriteStream(logPath);
    server = spawn(process.execPath, ["--enable-source-maps", path.resolve(e2eFeedEnv.BUILD_DIR, "server.js")], {
      env: {
        ...process.env,
        ...e2eFeedEnv,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        DDF_CLIENT_ID: "gone-client",
        DDF_CLIENT_SECRET: "gone-secret",
        DDF_TOKEN_URL: standIn.tokenUrl,
        DDF_API_URL: standIn.apiUrl,
        DDF_MEDIA_HOSTS: new URL(standIn.origin).host,
        DDF_SYNC_INTERVAL_MS: "10000",
        DDF_FULL_CHECK_MS: "60000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.pipe(log);
    server.stderr!.pipe(log);
    // A worker that ends without its afterAll (killed after a timeout) takes the server with it.
    process.once("exit", killServer);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      killServer();
    }
    process.off("exit", killServer);
    await standIn?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("answers 410 with the not-found page once the sync has removed it", async ({ page, request }) => {
    // Synced: a wrong slug moves to the listing's own page, which answers 200.
    let listingPath = "";
    await baseExpect
      .poll(
        async () => {
          const moved = await request.get(`${origin}/listings/${key}-x`, { maxRedirects: 0 }).catch(() => null);
          listingPath = moved?.headers()["location"] ?? "";
          return moved?.status() ?? 0;
        },
        { timeout: 90_000, intervals: [500, 1000], message: `the server started and synced the stand-in's listings (its output: ${logPath})` },
      )
      .toBe(301);
    expect(listingPath).toMatch(new RegExp(`^/listings/${key}-`));
    expect((await request.get(`${origin}${listingPath}`)).status()).toBe(200);

    standIn.remove(key);
    await baseExpect
      .poll(async () => (await request.get(`${origin}${listingPath}`)).status(), {
        timeout: 120_000,
        intervals: [2000],
        message: "the worker's full check removed the listing",
      })
      .toBe(410);

    const response = await page.goto(`${origin}${listingPath}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! This property is no longer available." })).toBeVisible();
    await expect(page.getByText("It may have been sold or removed from the market. But don't worry — we've got more homes you'll love!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Current Listings" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    // A page for visitors, not an error report: no stack frames, no source paths.
    const html = await response!.text();
    expect(html).not.toMatch(/\n\s+at \S|node_modules|server\.js:\d|\.tsx?:\d+:\d+/);
    expect(await page.locator("body").innerText()).not.toMatch(/\bat \S+ \(|Error:/);
    // The other listings are still served.
    expect((await request.get(`${origin}/listings/29000100-x`, { maxRedirects: 0 })).status()).toBe(301);
  });
});
