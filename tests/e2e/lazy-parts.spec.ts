/**
 * The parts of a page that load when the visitor reaches for them (components/ui/lazy-part.tsx,
 * decision 061), at 390 px: their code is not among the page's first scripts, their server HTML
 * stays until it loads, and what the visitor typed before is neither lost nor ignored.
 */
import type { Page, Request } from "@playwright/test";
import { landTitleFees } from "../../app/lib/fees";
import { formatCurrency } from "../../app/lib/format";
import { feedMailContaining, firstListingPath, onFeedServer } from "./feed-support";
import { expect, phoneViewport, test, waitForHydration } from "./support";
import { uniqueEmail, useOwnClientIp } from "./lead-support";

onFeedServer();
test.use({ viewport: phoneViewport });

/** Holds the answers for the scripts matching `pattern` until the returned function is called. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Every script the page asks for, as it asks, from the moment the document at `path` is in the tab:
 * the page before it (the search, with its own modules still loading after its paint) is not counted.
 */
function scriptsOf(page: Page, path: string): string[] {
  const scripts: string[] = [];
  let counting = false;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) counting = new URL(frame.url()).pathname === path;
  });
  page.on("request", (request: Request) => {
    if (counting && (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())))
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("a listing page: the question form loads when touched, keeps what was typed first, and sends with the page's figures", async ({
  page,
}) => {
  await useOwnClientIp(page);
  const listingPath = await firstListingPath(page);
  const scripts = scriptsOf(page, listingPath);
  await page.goto(listingPath);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // Hydrated, and neither the form's, the sign-up's, the assessment's nor the cost panel's code asked for.
  expect(scripts.filter((s) => /ask-about-home-form|alert-sign-up|listing-assessment|cost-panel|use-form-submission/.test(s))).toEqual([]);
  // On a phone the form is screens below the photos and facts: "Ask a question" under the price leads to it.
  await page.getByTestId("listing-actions").getByRole("link", { name: "Ask a question" }).click();
  await expect(page).toHaveURL(/#ask-heading$/);
  await expect(page.getByRole("heading", { name: "Ask about this home" })).toBeInViewport();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Ask about this home" }) });
  await expect(form).toBeVisible();

  // Typed while the part's code is on its way (held here, as a slow network would): the default message replaced.
  const release = await holdScripts(page, /\/assets\/ask-about-home-form-[^/]*\.js$/);
  const message = "Is the basement finished? Asked before the form's code loaded.";
  await page.getByLabel("Message").fill(message);
  await page.getByLabel("Full Name").fill("Early Asker");
  await expect.poll(() => scripts.some((s) => /ask-about-home-form/.test(s))).toBe(true);
  release();
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Message")).toHaveValue(message);
  await expect(page.getByLabel("Full Name")).toHaveValue("Early Asker");

  const email = uniqueEmail("lazy-ask");
  await page.getByLabel("Email Address").fill(email);
  const before = page.url();
  await page.getByRole("button", { name: "Ask about this home" }).click();
  // Sent by the hydrated form (a fetcher, in place): the toast, and the page did not reload at another address.
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  expect(page.url()).toBe(before);
  await expect.poll(() => feedMailContaining(email), { timeout: 15_000 }).not.toBeNull();
  expect(feedMailContaining(email)!).toContain(message);
});

test("an article: the land title calculator loads when reached, takes the price typed before, and reacts to input", async ({ page }) => {
  const scripts = scriptsOf(page, "/blog/hidden-costs-buying-home-alberta");
  await page.goto("/blog/hidden-costs-buying-home-alberta");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((s) => /hidden-costs-body|land-title-fee-calculator/.test(s))).toEqual([]);
  const total = page.getByText("Total land title fees").locator("xpath=following-sibling::dd[1]");
  // The server's figures are there before the code.
  await expect(total).toHaveText(formatCurrency(landTitleFees({ price: 450_000, mortgage: 360_000 }).total));

  // Typed while the part is still server HTML and its code on its way: the result follows once it has hydrated.
  const release = await holdScripts(page, /\/assets\/hidden-costs-body-[^/]*\.js$/);
  await page.getByLabel("Home price").fill("600000");
  await expect.poll(() => scripts.some((s) => /hidden-costs-body/.test(s))).toBe(true);
  await expect(total).toHaveText(formatCurrency(landTitleFees({ price: 450_000, mortgage: 360_000 }).total));
  release();
  await expect(total).toHaveText(formatCurrency(landTitleFees({ price: 600_000, mortgage: 480_000 }).total));
  await expect(page.getByLabel("Home price")).toHaveValue("600000");

  // And it goes on reacting.
  await page.getByLabel("Home price").fill("800000");
  await expect(total).toHaveText(formatCurrency(landTitleFees({ price: 800_000, mortgage: 640_000 }).total));
});
