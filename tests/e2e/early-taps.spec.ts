/**
 * Taps that land before the page has hydrated (issue 13): on a phone the page is visible and
 * tappable well before React is ready, since hydration waits for the load event. Each control
 * visible before hydration is tapped as soon as the page has loaded, with the CPU slowed down
 * four times, ten fresh loads each, and every tap must take effect: the control works natively,
 * or the deferred-hydration loader holds the tap and it is carried out once React is ready.
 */
import type { Page } from "@playwright/test";
import { expect, phoneViewport, test } from "./support";

const TRIES = 10;

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

/** A fresh load at 4x CPU slowdown, returning as soon as the load event has fired. */
async function loadSlowly(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path, { waitUntil: "load" });
}

async function eachFreshPage(browserPage: Page, run: (page: Page, attempt: number) => Promise<void>) {
  const context = browserPage.context();
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const page = await context.newPage();
    try {
      await run(page, attempt);
    } finally {
      await page.close();
    }
  }
}

test("the menu button opens the menu when tapped right after load", async ({ page }) => {
  await eachFreshPage(page, async (p, attempt) => {
    await loadSlowly(p, "/about");
    const button = p.getByRole("button", { name: "Open menu" });
    await button.tap();
    await expect(p.getByRole("button", { name: "Close menu" }), `try ${attempt}`).toHaveAttribute("aria-expanded", "true", {
      timeout: 15_000,
    });
    await expect(p.getByRole("link", { name: "Contact" }).last(), `try ${attempt}`).toBeVisible();
  });
});

test("a welcome service button leads to its form when tapped right after load", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await eachFreshPage(page, async (p, attempt) => {
    await loadSlowly(p, "/welcome");
    // Before hydration it is a link to the inline form; after, a button opening the dialog.
    await p
      .getByRole("link", { name: "I'm Buying", exact: true })
      .or(p.getByRole("button", { name: "I'm Buying", exact: true }))
      .tap();
    await expect(p.getByLabel("Full Name"), `try ${attempt}`).toBeVisible({ timeout: 15_000 });
  });
});

test("the share bar's copy button copies when tapped right after load", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await eachFreshPage(page, async (p, attempt) => {
    await loadSlowly(p, "/blog/best-restaurants-in-edmonton");
    const copy = p.getByRole("group", { name: "Share this list with a fellow foodie" }).getByRole("button", { name: "Copy link" });
    await copy.scrollIntoViewIfNeeded();
    await copy.tap();
    await expect(p.getByText("Link copied!"), `try ${attempt}`).toBeVisible({ timeout: 15_000 });
  });
});

test("the carousel's next button moves on when tapped right after load", async ({ page }) => {
  await eachFreshPage(page, async (p, attempt) => {
    await p.emulateMedia({ reducedMotion: "reduce" });
    await loadSlowly(p, "/");
    const region = p.getByRole("region", { name: "What Our Clients Say" });
    const next = region.getByRole("button", { name: "Next testimonial" });
    await next.scrollIntoViewIfNeeded();
    await next.tap();
    await expect(region, `try ${attempt}`).toHaveAttribute("data-selected-index", "1", { timeout: 15_000 });
  });
});

/**
 * Holds the page's scripts until the returned function is called: what is done meanwhile is
 * certainly done before hydration, whatever the machine's speed.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?#]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the calculator takes a price typed right after load", async ({ page }) => {
  await eachFreshPage(page, async (p, attempt) => {
    // The first try types while the scripts are held, so before hydration every time (the race
    // the other tries may or may not hit): hydration used to keep the server's price and then
    // put it back in the field.
    const releaseScripts = attempt === 1 ? await holdScripts(p) : undefined;
    await loadSlowly(p, "/mortgage-calculator");
    const price = p.getByLabel("Home price", { exact: true });
    await price.tap();
    await price.fill("650000");
    await expect(price, `try ${attempt}`).toHaveValue("650000");
    releaseScripts?.();
    await p.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 15_000 });
    // The figure follows the typed price once the page is interactive: $550,000 borrowed at 6.5 % over 30 years.
    await expect(p.getByTestId("monthly-payment"), `try ${attempt}`).toContainText("$3,476");
    await expect(price, `try ${attempt}`).toHaveValue("650000");
    expect(new URL(p.url()).hash, `try ${attempt}`).toContain("price=650000");
  });
});
