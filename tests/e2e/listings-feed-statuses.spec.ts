/**
 * Listings as CREA serves them (issue 27), on the feed server (tests/e2e/feed-support.ts):
 * statuses, brokerages, open houses and the agent's own listings.
 */
import type { Page } from "@playwright/test";
import { DDF_TRADEMARK_NOTICE } from "../../app/components/listings/ddf-notices";
import { FEED_SUBTITLE, SAMPLE_SUBTITLE } from "../../app/content/open-houses";
import { site } from "../../app/content/site";
import { onFeedServer, results } from "./feed-support";
import { expect, phoneViewport, test } from "./support";

onFeedServer();

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

const WEEKDAY_DATE =
  /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}/;
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
    const [price, status] = await Promise.all([
      page.getByTestId("listing-price").boundingBox(),
      page.getByTestId("listing-status").boundingBox(),
    ]);
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
    const longest = await page
      .getByTestId("listing-remarks")
      .evaluate((p) => Math.max(...(p.textContent ?? "").split(/\s+/).map((w) => w.length)));
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
    const list = (await jsonLdBlocks(page)).find((b) => b["@type"] === "BreadcrumbList") as {
      itemListElement: { name: string; item: string }[];
    };
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
    // The first list: the key facts under the price (the cost panel and the facts section follow).
    const facts = page.locator("main article dl").first();
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
    for (const [path, heading] of [
      ["/", "My listings"],
      ["/about", "My listings"],
      ["/listings", `${site.agent.name}'s listings`],
    ] as const) {
      await page.goto(path);
      const section = page.getByRole("region", { name: heading });
      await expect(section, path).toBeVisible();
      const cards = section.locator("li");
      const count = await cards.count();
      expect(count, path).toBeGreaterThan(0);
      expect(count, path).toBeLessThanOrEqual(path === "/listings" ? 3 : 6);
      for (const card of await cards.all()) await expect(card).toContainText(LISTED_BY);
      if (path !== "/listings")
        await expect(section.getByRole("link", { name: "See all homes for sale" })).toHaveAttribute("href", "/listings");
    }
    // On the home page, under the hero.
    await page.goto("/");
    const [hero, mine] = await Promise.all([
      page.getByRole("heading", { level: 1 }).boundingBox(),
      page.getByRole("heading", { name: "My listings" }).boundingBox(),
    ]);
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
    // Folded under "More filters" while the search uses none of them.
    await page.getByText("More filters").click();
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
