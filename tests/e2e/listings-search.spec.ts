/**
 * The search's filters and orders (issue 45) on the feed server, against the stand-in's own data:
 * without JavaScript at 390 px (a plain GET form whose blanks move to the search's one address,
 * counts and order as the data says, a clear empty state, bad values never an error), and with
 * JavaScript on a desktop.
 */
import type { Page } from "@playwright/test";
import { edgeCaseListings, generateListings } from "../fixtures/ddf/listings";
import { onFeedServer, results } from "./feed-support";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

onFeedServer();

// The feed server's listings (tests/fixtures/server.ts): what the search must find among them.
const now = new Date("2026-11-01T00:00:00Z");
const feed = [...generateListings(Number(process.env.DDF_FIXTURE_LISTINGS || 120), { now }), ...edgeCaseListings({ now })].filter(
  (p) => p.StandardStatus === "Active" && p.InternetEntireListingDisplayYN !== false,
);
const prices = (page: Page) =>
  results(page)
    .locator("ul li a")
    .evaluateAll((cards) => cards.map((c) => Number(/\$(\d{1,3}(?:,\d{3})+)/.exec(c.textContent ?? "")?.[1]?.replace(/,/g, "") ?? NaN)));
const total = async (page: Page) => Number(/^([\d,]+)/.exec(await page.getByTestId("listings-summary").innerText())![1]!.replace(/,/g, ""));

test.describe("without JavaScript, at 390 px", () => {
  test.use({ javaScriptEnabled: false, viewport: phoneViewport });

  test("filters by baths and style, orders by price, counts as the data says; empty and bad searches answer clearly", async ({ page }) => {
    await page.goto("/listings");
    const form = page.getByRole("form", { name: "Search homes for sale" });
    // On a phone the form is a short scroll: the rarer filters are folded, as the portals fold them.
    expect((await form.boundingBox())!.height).toBeLessThan(600);
    await expect(form.getByLabel("Bathrooms")).toBeHidden();
    await form.getByText("More filters").click();
    await form.getByLabel("Bathrooms").selectOption("2");
    await form.getByLabel("Style").selectOption("Bungalow");
    await form.getByLabel("Sort by").selectOption("price-asc");
    await form.getByRole("button", { name: "Search" }).click();
    // The form's blank fields are gone from the address: one spelling per search.
    await expect(page).toHaveURL(/\/listings\?minBaths=2&style=Bungalow&sort=price-asc$/);
    const expected = feed.filter((p) => (p.BathroomsTotalInteger ?? 0) >= 2 && p.ArchitecturalStyle?.includes("Bungalow"));
    expect(expected.length).toBeGreaterThan(0);
    expect(await total(page)).toBe(expected.length);
    const shown = await prices(page);
    expect(shown).toEqual(
      expected
        .map((p) => p.ListPrice!)
        .sort((a, b) => a - b)
        .slice(0, 12),
    );
    // A search that uses them shows them, open, with how many are on.
    await expect(form.getByTestId("more-filters")).toHaveAttribute("open", "");
    await expect(form.getByText("More filters (2 on)")).toBeVisible();
    await expect(form.getByLabel("Style")).toHaveValue("Bungalow");

    // Keywords typed are matched as words in the description; none found says so, with a way back.
    await page.goto("/listings?q=nowhere+zzzz");
    await expect(page.getByTestId("no-listings")).toContainText("No listings match this search right now.");
    await page.getByRole("link", { name: "Clear the search" }).click();
    await expect(page).toHaveURL(/\/listings$/);

    // Bad values: moved to what the search understood, never an error.
    const bad = await page.goto("/listings?minBaths=lots&sort=%27;drop&new=999&q=%25%25&style=<b>");
    expect(bad?.status()).toBe(200);
    await expect(page).toHaveURL(/\/listings$/);
  });
});

test("with JavaScript on a desktop: a minimum size, largest first, with the count and order the data gives", async ({ page }) => {
  await page.goto("/listings");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Search homes for sale" });
  await form.getByLabel("Sort by").selectOption("size-desc");
  await form.getByText("More filters").click();
  await form.getByLabel("Min size (sq ft)").fill("1500");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/listings\?minArea=1500&sort=size-desc$/);
  const expected = feed
    .filter((p) => (p.LivingArea ?? 0) >= 1500)
    .sort((a, b) => b.LivingArea! - a.LivingArea! || a.ListingKey.localeCompare(b.ListingKey));
  await expect.poll(() => total(page)).toBe(expected.length);
  const areas = await results(page)
    .locator("ul li a")
    .evaluateAll((cards) => cards.map((c) => Number(/([\d,]+) sq ft/.exec(c.textContent ?? "")?.[1]?.replace(/,/g, "") ?? NaN)));
  expect(areas).toEqual(expected.slice(0, 12).map((p) => p.LivingArea));
  await expectNoA11yViolations(page);
});
