/**
 * A listing page's photo gallery (issue 45) on the feed server: the first photo large with a few
 * beside it on a desktop, "See all N photos" opening the full-screen view (its script fetched only
 * then), moved with the arrow keys, the buttons and a swipe, with a counter and the feed's
 * captions, Tab kept inside, Escape closing it and the focus back on the link; on a phone no wall
 * of photos; without JavaScript the link opens the plain page of every photo.
 */
import type { Page } from "@playwright/test";
import { generateListings } from "../fixtures/ddf/listings";
import { onFeedServer } from "./feed-support";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

onFeedServer();

// A fixture listing with many photos, each captioned (tests/fixtures/ddf/listings.ts).
const fixture = generateListings(120, { now: new Date("2026-11-01T00:00:00Z") }).find(
  (l) => l.Media!.length >= 10 && l.StandardStatus === "Active",
)!;
const KEY = fixture.ListingKey;
const captions = fixture.Media!.map((m) => m.LongDescription!);

async function listingPath(page: Page): Promise<string> {
  return (await page.request.get(`/listings/${KEY}`, { maxRedirects: 0 })).headers()["location"]!;
}

const galleryScripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /photo-gallery-dialog/.test(e.name)).length);

test("desktop: the first photo large, three beside it, and the full-screen view with keys, buttons, counter and captions", async ({
  page,
}) => {
  await page.goto(await listingPath(page));
  await waitForHydration(page);
  const gallery = page.getByTestId("listing-gallery");
  const first = gallery.locator("img[fetchpriority='high']");
  await expect(gallery.getByRole("list", { name: "More photos" }).locator("img")).toHaveCount(3);
  const box = (await first.boundingBox())!;
  expect(box.width).toBeGreaterThan(480);
  // The full-screen view's code is not part of the page until it is opened.
  expect(await galleryScripts(page)).toBe(0);

  const seeAll = page.getByRole("link", { name: `See all ${captions.length} photos` });
  await seeAll.click();
  const dialog = page.getByRole("dialog", { name: /^Photos of / });
  await expect(dialog).toBeVisible();
  expect(await galleryScripts(page)).toBeGreaterThan(0);
  const counter = page.getByTestId("photo-counter");
  const caption = page.getByTestId("photo-caption");
  await expect(counter).toHaveText(`1 / ${captions.length}`);
  await expect(caption).toHaveText(captions[0]!);
  await expect(dialog.getByRole("button", { name: "Close the photo gallery" })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`2 / ${captions.length}`);
  await expect(caption).toHaveText(captions[1]!);
  await dialog.getByRole("button", { name: "Next photo" }).click();
  await expect(counter).toHaveText(`3 / ${captions.length}`);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`2 / ${captions.length}`);
  // The photo shown is loaded, at a width the site makes.
  const shown = dialog.locator("li:not([aria-hidden='true']) img");
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/-w(480|800|1200)\.webp$/);

  // Tab stays inside the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  await expectNoA11yViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(seeAll).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: phoneViewport });

  test("no wall of photos: one photo, then the facts; swipe through the gallery and close it with Escape", async ({ page }) => {
    await page.goto(await listingPath(page));
    await waitForHydration(page);
    await expect(page.getByRole("list", { name: "More photos" })).toBeHidden();
    const seeAll = page.getByRole("link", { name: `See all ${captions.length} photos` });
    // The gallery (photo and link) takes about one screen, not 8,900 px.
    const bottom = await seeAll.evaluate((a) => a.getBoundingClientRect().bottom + window.scrollY);
    const top = await page.getByTestId("listing-gallery").evaluate((g) => g.getBoundingClientRect().top + window.scrollY);
    expect(bottom - top).toBeLessThan(400);
    await expectNoA11yViolations(page);

    await seeAll.click();
    const counter = page.getByTestId("photo-counter");
    await expect(counter).toHaveText(`1 / ${captions.length}`);
    // A swipe to the left, as a finger drags (Embla follows pointer events).
    const slide = page.getByRole("dialog").locator("li").first();
    const at = (await slide.boundingBox())!;
    const y = at.y + at.height / 2;
    await page.mouse.move(at.x + at.width * 0.8, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(at.x + at.width * (0.8 - step * 0.08), y);
    await page.mouse.up();
    await expect(counter).toHaveText(`2 / ${captions.length}`);
    await expect(page.getByTestId("photo-caption")).toHaveText(captions[1]!);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(seeAll).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: phoneViewport });

  test("'See all' opens the page of every photo, with its caption", async ({ page }) => {
    const path = await listingPath(page);
    await page.goto(path);
    await page.getByRole("link", { name: `See all ${captions.length} photos` }).click();
    await expect(page).toHaveURL(new RegExp(`${path}/photos$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Photos of /);
    const figures = page.locator("main figure");
    await expect(figures).toHaveCount(captions.length);
    await expect(figures.nth(2).locator("figcaption")).toHaveText(`3 of ${captions.length}: ${captions[2]}`);
    await expect
      .poll(() =>
        figures
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  });
});
