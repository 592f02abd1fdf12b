/**
 * /open-house on the server without the DDF® feed: the six sample cards of spec §2, dated on the
 * coming weekends in Edmonton (rendered per request, so never a day that has passed). The feed's
 * open houses are in listings-feed.spec.ts.
 */
import { SAMPLE_SUBTITLE, openHouseSamples } from "../../app/content/open-houses";
import { CACHE_CONTROL } from "../../app/lib/http/cache-policy";
import { addDays, edmontonDate, formatWeekdayDate } from "../../app/lib/dates";
import { expect, phoneViewport, test } from "./support";

test("/open-house shows the six samples on the coming weekends, rendered per request", async ({ page, request }) => {
  const response = await page.goto("/open-house");
  expect(response?.status()).toBe(200);
  // Rendered by the server, not a file prerendered at build time: a shared cache keeps it for seconds (it follows the day), not minutes.
  expect(response!.headers()["cache-control"]).toBe(CACHE_CONTROL.live);
  await expect(page.getByText(SAMPLE_SUBTITLE, { exact: true })).toBeVisible();
  const cards = page.getByTestId("open-house-sample");
  await expect(cards).toHaveCount(6);

  const today = edmontonDate();
  const dates = await cards.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")!));
  expect(dates).toHaveLength(6);
  for (const [i, date] of dates.entries()) {
    expect(date > today, `${date} is after ${today}`).toBe(true);
    expect(date <= addDays(today, 15)).toBe(true);
    await expect(cards.nth(i).locator("time")).toHaveText(formatWeekdayDate(date));
    await expect(cards.nth(i)).toContainText(openHouseSamples[i]!.address);
    await expect(cards.nth(i)).toContainText(openHouseSamples[i]!.time);
  }
  expect(await cards.locator("time").allTextContents()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Saturday, /), expect.stringMatching(/^Sunday, /)]),
  );

  // Still in both sitemaps.
  expect(await (await request.get("/sitemap.xml")).text()).toMatch(/<loc>[^<]*\/open-house<\/loc>/);
  await page.goto("/my-sitemap");
  await expect(page.locator('main a[href="/open-house"]')).toHaveCount(1);
});

test("/open-house has no horizontal scroll on a phone", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await page.goto("/open-house");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
});
