/**
 * The blog in Chromium: the index, every article of the registry, sharing, the lazy image, the
 * back-to-top button and the RSS feed (spec/blog.md; issue 6 "How it is proven").
 */
import type { Page } from "@playwright/test";
import { livePosts, posts, sections } from "../../app/content/blog/posts";
import { formatLongDate } from "../../app/lib/dates";
import { SHARE_WINDOW_FEATURES, shareLinks } from "../../app/lib/share";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

const RESOURCES = "/blog/free-online-resources-for-home-buyers-and-sellers";
const RESOURCES_IMAGE = "**/images/blog/free-online-resources.webp";
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

test.describe("blog index", () => {
  test("lists the three sections with 10, 1 + 2 coming soon, and 1 posts, each live card linking to its article", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const expected: Record<string, { live: number; soon: number }> = {
      "Real Estate Blogs": { live: 10, soon: 0 },
      "Greater Edmonton Area Blogs": { live: 1, soon: 2 },
      "Lifestyle Blogs": { live: 1, soon: 0 },
    };
    for (const section of sections) {
      const region = page.getByRole("region", { name: section });
      await expect(region.getByRole("heading", { level: 2, name: section })).toBeVisible();
      await expect(region.getByRole("listitem")).toHaveCount(expected[section]!.live + expected[section]!.soon);
      await expect(region.getByRole("link", { name: /^Read More/ })).toHaveCount(expected[section]!.live);
      await expect(region.getByText("Coming Soon", { exact: true })).toHaveCount(expected[section]!.soon);
    }
    for (const post of livePosts) {
      const link = page.getByRole("link", { name: `Read More about ${post.title}`, exact: true });
      await expect(link).toHaveAttribute("href", `/blog/${post.slug}`);
      await expect(page.getByRole("heading", { level: 3, name: post.title })).toBeVisible();
      await expect(page.getByText(post.description, { exact: true })).toBeVisible();
    }
    // Distinct accessible names: one per live card.
    const names = await page.getByRole("link", { name: /^Read More/ }).evaluateAll((links) => links.map((l) => l.textContent));
    expect(new Set(names).size).toBe(12);
  });

  test("coming-soon cards carry a badge and are not links", async ({ page }) => {
    await page.goto("/blog");
    await waitForHydration(page);
    const soon = posts.filter((p) => p.comingSoon);
    expect(soon).toHaveLength(2);
    for (const post of soon) {
      const card = page.locator("[data-coming-soon]").filter({ hasText: post.title });
      await expect(card).toHaveCount(1);
      await expect(card.getByText("Coming Soon", { exact: true })).toBeVisible();
      await expect(card.locator("a")).toHaveCount(0);
      expect(await card.evaluate((el) => el.closest("a"))).toBeNull();
      await expect(page.locator(`a[href="/blog/${post.slug}"]`)).toHaveCount(0);
      await card.getByRole("heading", { name: post.title }).click();
      await expect(page).toHaveURL(/\/blog$/);
    }
  });

  test("ends with the Stay Updated panel linking to instant updates and contact", async ({ page }) => {
    await page.goto("/blog");
    const panel = page.getByRole("region", { name: "Stay Updated" });
    await expect(panel.getByRole("link", { name: /Instant Updates/ })).toHaveAttribute("href", "/instant-updates");
    await expect(panel.getByRole("link", { name: /Contact Me/ })).toHaveAttribute("href", "/contact");
  });

  test("has no accessibility violations, on a desktop and on a phone", async ({ page }) => {
    await page.goto("/blog");
    await expectNoA11yViolations(page);
    await page.setViewportSize(phoneViewport);
    await page.goto("/blog");
    await expectNoA11yViolations(page);
  });
});

test.describe("every article", () => {
  // Each test also requests every internal link of its article and runs axe: give it room on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  for (const post of livePosts) {
    test(`${post.slug}: heading, date, links and accessibility`, async ({ page, request }) => {
      const response = await page.goto(`/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      const date = page.locator(`article time[datetime="${post.datePublished}"]`).first();
      await expect(date).toHaveText(formatLongDate(post.datePublished));
      await expect(page.locator("article").getByText(`${post.readingMinutes} min read`).first()).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

      // BlogPosting structured data with the registry's dates.
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const posting = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d["@type"] === "BlogPosting");
      expect(posting).toMatchObject({ headline: post.title, datePublished: post.datePublished, dateModified: post.dateModified });

      // External links open in a new tab, safely.
      const external = await page
        .locator("main a[href^='http']")
        .evaluateAll((links) => links.map((a) => ({ href: a.getAttribute("href"), target: a.getAttribute("target"), rel: a.getAttribute("rel") })));
      for (const link of external) {
        expect(link, `external link ${link.href}`).toMatchObject({ target: "_blank" });
        expect((link.rel ?? "").split(/\s+/).sort(), `rel of ${link.href}`).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
      }

      // Internal links answer 200 (rendered links, including those built from data).
      const internal = await page
        .locator("main a[href^='/']")
        .evaluateAll((links) => [...new Set(links.map((a) => (a.getAttribute("href") ?? "").split("#")[0]!))].filter(Boolean));
      for (const href of internal) {
        const res = await request.get(href, { maxRedirects: 0 });
        expect(res.status(), `internal link ${href} on ${post.slug}`).toBe(200);
      }

      await expectNoA11yViolations(page);
    });
  }
});

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
    const context = await browser.newContext({ viewport: null, deviceScaleFactor: undefined, isMobile: undefined, hasTouch: undefined, baseURL });
    await context.route(/^https:\/\/www\.facebook\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>share</title>" }));
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

test.describe("lazy image", () => {
  test("a picture that loads fades in and ends visible", async ({ page }) => {
    await page.setViewportSize(phoneViewport);
    await page.goto(RESOURCES);
    await waitForHydration(page);
    const img = page.locator(`img[src="/images/blog/free-online-resources.webp"]`);
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", "1200");
    await expect(img).toHaveAttribute("height", "630");
    await expect(img).toHaveAttribute("sizes", /100vw/);
    await img.scrollIntoViewIfNeeded();
    await expect(img.locator("xpath=..")).toHaveAttribute("data-state", "loaded");
    await expect(img).toHaveCSS("opacity", "1");
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1200);
  });

  test("a broken image shows 'Image failed to load' (failing after hydration)", async ({ page }) => {
    await page.route(RESOURCES_IMAGE, (route) => route.abort());
    await page.setViewportSize(phoneViewport);
    await page.goto(RESOURCES);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Jump to a category" }).scrollIntoViewIfNeeded();
    await expect(page.getByText("Image failed to load", { exact: true })).toBeVisible();
    await expect(page.locator(`img[src="/images/blog/free-online-resources.webp"]`)).toHaveCount(0);
  });

  test("a broken image shows 'Image failed to load' even when it failed before hydration", async ({ page }) => {
    await page.route(RESOURCES_IMAGE, (route) => route.abort());
    // Hold the page's scripts until the image has failed, so React only sees the result.
    let releaseScripts: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto(RESOURCES, { waitUntil: "commit" });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[src="/images/blog/free-online-resources.webp"]');
      return img !== null && img.complete && img.naturalWidth === 0;
    });
    releaseScripts();
    await waitForHydration(page);
    await expect(page.getByText("Image failed to load", { exact: true })).toBeVisible();
  });
});

test.describe("lazy image before hydration", () => {
  test("a picture that loaded before hydration is shown as loaded, without fading out again", async ({ page }) => {
    let releaseScripts: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.goto(RESOURCES, { waitUntil: "commit" });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[src="/images/blog/free-online-resources.webp"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    releaseScripts();
    await waitForHydration(page);
    const img = page.locator('img[src="/images/blog/free-online-resources.webp"]');
    await expect(img.locator("xpath=..")).toHaveAttribute("data-state", "loaded");
    await expect(img).toHaveCSS("opacity", "1");
  });
});

test.describe("back to top", () => {
  test("scrolls smoothly to the top", async ({ page }) => {
    await page.goto(RESOURCES);
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Back to Top" });
    await button.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("jumps at once when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(RESOURCES);
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Back to Top" });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    // No animation: already at the top on the next frame.
    expect(await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(window.scrollY))))).toBe(0);
  });
});

test.describe("RSS feed", () => {
  test("is valid XML with one item per live post and is linked from the page head", async ({ page, request, baseURL }) => {
    const res = await request.get("/blog/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await res.text();
    await page.goto("/blog");
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute("version"),
        links: [...doc.querySelectorAll("item > link")].map((l) => l.textContent),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed).toMatchObject({ root: "rss", version: "2.0" });
    expect(parsed.links.sort()).toEqual(livePosts.map((p) => `${baseURL}/blog/${p.slug}`).sort());
  });
});
