/**
 * The site's address in the browser (decision 032): the build names none, so after hydration and
 * after a client-side navigation the page's canonical link, Open Graph and JSON-LD carry the
 * address its server was started with, taken from the page the server sent, not from the location
 * bar. The feed server of playwright.config.ts shows the difference: it runs on E2E_PORT + 2 with
 * the main server's SITE_URL.
 */
import type { Page } from "@playwright/test";
import { BUILD_SITE_URL } from "../../app/lib/site-url";
import { expect, test, waitForHydration } from "./support";

const siteUrl = `http://localhost:${process.env.E2E_PORT || 3100}`;
const feedBase = process.env.E2E_FEED_BASE_URL!;

async function expectAddress(page: Page, urlPath: string) {
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${siteUrl}${urlPath}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${siteUrl}${urlPath}`);
  const head = await page.locator("head").innerHTML();
  expect(head).not.toContain(new URL(BUILD_SITE_URL).host);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
  expect(jsonLd).toContain(`"${siteUrl}/`);
  expect(jsonLd).not.toContain(new URL(BUILD_SITE_URL).host);
}

/** Follows the header's Blog link without reloading the document (a marker on window survives). */
async function navigateClientSide(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.locator('header a[href="/blog"]').first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Blog");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

for (const [name, base] of [
  ["its own address", siteUrl],
  ["another server's SITE_URL than the location bar's", feedBase],
] as const) {
  test(`a prerendered page, hydrated, then a client-side navigation keep the site's address (${name})`, async ({ page }) => {
    await page.goto(`${base}/my-sitemap`);
    await waitForHydration(page);
    await expectAddress(page, "/my-sitemap");
    await navigateClientSide(page);
    await expectAddress(page, "/blog");
  });
}
