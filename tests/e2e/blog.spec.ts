/**
 * The blog in Chromium: the index, every article of the registry, the lazy image, the
 * back-to-top button and the RSS feed (spec/blog.md; issue 6 "How it is proven"). Sharing is in
 * blog-sharing.spec.ts.
 */
import { livePosts, posts, sections } from "../../app/content/blog/posts";
import { formatLongDate } from "../../app/lib/dates";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

const RESOURCES = "/blog/free-online-resources-for-home-buyers-and-sellers";
const RESOURCES_IMAGE = "**/images/blog/free-online-resources.webp";

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
        .evaluateAll((links) =>
          links.map((a) => ({ href: a.getAttribute("href"), target: a.getAttribute("target"), rel: a.getAttribute("rel") })),
        );
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
