/**
 * Sharing on the blog in Chromium (spec/blog.md; issue 6 "How it is proven"): the article Share
 * button, the share bar's copy link and social windows, and the resources page with and without
 * the Web Share API. The rest of the blog is in blog.spec.ts.
 */
import type { Page } from "@playwright/test";
import { livePosts } from "../../app/content/blog/posts";
import { SHARE_WINDOW_FEATURES, shareLinks } from "../../app/lib/share";
import { expect, test, waitForHydration } from "./support";

const RESOURCES = "/blog/free-online-resources-for-home-buyers-and-sellers";
const SHARE_BAR_ARTICLE = "/blog/best-restaurants-in-edmonton";
/** An article that keeps the layout's default Share button (copy link + toast). */
const DEFAULT_SHARE_ARTICLE = "/blog/top-10-mistakes-to-avoid-when-buying-a-home";

/** Records window.open calls (URL and features) while still opening the window. */
async function spyOnWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: { url: string; target: string; features: string }[] = [];
    (window as unknown as { __openCalls: typeof calls }).__openCalls = calls;
    const original = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push({ url: String(url ?? ""), target: target ?? "", features: features ?? "" });
      return original(url, target, features);
    };
  });
}

async function openCalls(page: Page) {
  return page.evaluate(() => (window as unknown as { __openCalls: { url: string; target: string; features: string }[] }).__openCalls);
}

/** Removes the Web Share API so the "native sharing unavailable" path runs. */
async function withoutNativeShare(page: Page) {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
    delete (Navigator.prototype as { canShare?: unknown }).canShare;
  });
}

test.describe("sharing", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("the article Share button copies the page URL and says so in a toast", async ({ page, baseURL }) => {
    await page.goto(DEFAULT_SHARE_ARTICLE);
    await waitForHydration(page);
    await page.locator("article header").getByRole("button", { name: "Share" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Link copied!");
    await expect(toast).toContainText("The blog post link has been copied to your clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${DEFAULT_SHARE_ARTICLE}`);
  });

  test("after Alt+T, focus that leaves the toasts without the pointer entering them lets the toast close at its 4 s (issue 39)", async ({
    page,
  }) => {
    await page.goto(DEFAULT_SHARE_ARTICLE);
    await waitForHydration(page);
    await page.locator("article header").getByRole("button", { name: "Share" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Link copied!");
    const shownAt = Date.now();
    // The pointer stays on the Share button, far from the toasts at the bottom right.
    await page.keyboard.press("Alt+KeyT");
    const list = page.locator("[data-sonner-toaster]");
    await expect(list).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(list).not.toBeFocused();
    // Gone by its 4 s (plus the exit animation and this machine's slack), not paused for good.
    await expect(toast).toHaveCount(0, { timeout: 7_000 });
    expect(Date.now() - shownAt).toBeLessThan(7_000);
  });

  test("the share bar's copy link puts the URL in the clipboard with its own toast text", async ({ page, baseURL }) => {
    await page.goto(SHARE_BAR_ARTICLE);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Link copied!");
    await expect(toast).toContainText("The link has been copied to your clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${SHARE_BAR_ARTICLE}`);
  });

  test("Facebook, X and LinkedIn open 600x400 windows on the right share URLs", async ({ page, context, baseURL }) => {
    // The networks are not reachable from the test machine: answer for them.
    await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>share</title>" }),
    );
    await spyOnWindowOpen(page);
    await page.goto(SHARE_BAR_ARTICLE);
    await waitForHydration(page);
    const post = livePosts.find((p) => `/blog/${p.slug}` === SHARE_BAR_ARTICLE)!;
    const expected = shareLinks({ url: `${baseURL}${SHARE_BAR_ARTICLE}`, title: post.title, description: post.description });
    const cases = [
      { name: /Facebook/, url: expected.facebook },
      { name: /X \(Twitter\)/, url: expected.twitter },
      { name: /LinkedIn/, url: expected.linkedin },
    ];
    for (const [i, c] of cases.entries()) {
      const popupPromise = context.waitForEvent("page");
      await page.getByRole("link", { name: c.name }).click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      expect(popup.url()).toBe(c.url);
      const calls = await openCalls(page);
      expect(calls[i]).toEqual({ url: c.url, target: "_blank", features: SHARE_WINDOW_FEATURES });
      expect(SHARE_WINDOW_FEATURES).toMatch(/(^|,)width=600(,|$)/);
      expect(SHARE_WINDOW_FEATURES).toMatch(/(^|,)height=400(,|$)/);
      await popup.close();
    }
    // The page itself stayed where it was.
    expect(page.url()).toBe(`${baseURL}${SHARE_BAR_ARTICLE}`);
    // WhatsApp and e-mail are plain links with the page URL in them.
    await expect(page.getByRole("link", { name: "Share on WhatsApp (opens in a new tab)" })).toHaveAttribute("href", expected.whatsapp);
    await expect(page.getByRole("link", { name: "Share by E-mail" })).toHaveAttribute("href", expected.email);
  });

  test("the share window really is 600x400 when the browser does not force a size", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      viewport: null,
      deviceScaleFactor: undefined,
      isMobile: undefined,
      hasTouch: undefined,
      baseURL,
    });
    await context.route(/^https:\/\/www\.facebook\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>share</title>" }),
    );
    const page = await context.newPage();
    await page.goto(SHARE_BAR_ARTICLE);
    await waitForHydration(page);
    const popupPromise = context.waitForEvent("page");
    await page.getByRole("link", { name: /Facebook/ }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    // Headless Chromium can take one pixel off the content height for the window frame.
    expect(size.width).toBe(600);
    expect(Math.abs(size.height - 400)).toBeLessThanOrEqual(1);
    await context.close();
  });

  test("resources page without native sharing: copies the link and shows the alert", async ({ page, baseURL }) => {
    await withoutNativeShare(page);
    // Opened at a section: the link shared is still the page's own.
    await page.goto(`${RESOURCES}#legal-documents`);
    await waitForHydration(page);
    const dialogs: { type: string; message: string }[] = [];
    // Accept in the handler itself: a listener removed before accepting lets Playwright dismiss it.
    page.on("dialog", (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
    await page.locator("article header").getByRole("button", { name: "Share" }).click();
    await expect.poll(() => dialogs).toEqual([{ type: "alert", message: "Link copied to clipboard!" }]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${RESOURCES}`);
  });

  test("resources page with native sharing: opens the share sheet with the title and URL", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { __shared: ShareData[] }).__shared = shared;
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await page.goto(RESOURCES);
    await waitForHydration(page);
    await page.locator("article header").getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
    const post = livePosts.find((p) => `/blog/${p.slug}` === RESOURCES)!;
    expect(shared).toEqual([expect.objectContaining({ url: `${baseURL}${RESOURCES}`, title: post.title })]);
  });
});
