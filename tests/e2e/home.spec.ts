import type { Page } from "@playwright/test";
import { AUTOPLAY_INTERVAL_MS } from "../../app/components/home/testimonials-carousel";
import { areas } from "../../app/content/areas";
import { site } from "../../app/content/site";
import { testimonials } from "../../app/content/testimonials";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { expectWidgetRendered, layoutShiftTotal, scriptCounts, widgetInits } from "./widget-helpers";

const carousel = (page: Page) => page.getByRole("region", { name: "What Our Clients Say" });
const selectedIndex = async (page: Page) => Number(await carousel(page).getAttribute("data-selected-index"));

test("the home page shows the hero, both widgets from one script, 15 areas and 14 testimonials", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next home in Edmonton and area");
  await expectWidgetRendered(page, site.listings.widgetIds.search);
  await expectWidgetRendered(page, site.listings.widgetIds.newListings);
  expect((await widgetInits(page)).sort()).toEqual([site.listings.widgetIds.newListings, site.listings.widgetIds.search].sort());
  expect(await scriptCounts(page)).toEqual({ runs: 1, elements: 1 });

  const areaLinks = page.getByRole("region", { name: "Areas We Cover" }).getByRole("link");
  await expect(areaLinks).toHaveCount(15);
  expect(await areaLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(areas.map((a) => a.path));

  const slides = carousel(page).getByRole("group");
  await expect(slides).toHaveCount(14);
  for (const [i, t] of testimonials.entries()) {
    const slide = slides.nth(i);
    await expect(slide).toHaveAttribute("aria-roledescription", "slide");
    await expect(slide).toHaveAttribute("aria-label", `${i + 1} of 14`);
    await expect(slide).toContainText(t.name);
    await expect(slide).toContainText(t.role);
    await expect(slide).toContainText(t.text);
    const stars = slide.getByRole("img", { name: "Rated 5 out of 5" });
    await expect(stars).toHaveCount(1);
    await expect(stars.locator("path.fill-amber-400")).toHaveCount(5);
    await expect(slide.locator("figcaption span[aria-hidden]").first()).toHaveText(t.name.charAt(0));
  }
  await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carousel");
});

test("the home page carries the agent's structured data and is indexable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain('content="index, follow"');
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const agent = blocks.find((b) => Array.isArray(b["@type"]) && (b["@type"] as string[]).includes("RealEstateAgent"));
  expect(agent?.name).toBe(site.agent.name);
  expect(agent?.telephone).toBe(site.agent.phone);
  // The hero is in the server's HTML: it is the first thing painted, before any script.
  expect(html).toContain("Find your next home in Edmonton and area");
});

test("the carousel loops both ways and moves by keyboard and buttons", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // no automatic rotation during the test
  await page.goto("/");
  await waitForHydration(page);
  const region = carousel(page);
  await region.scrollIntoViewIfNeeded();
  expect(await selectedIndex(page)).toBe(0);

  const next = region.getByRole("button", { name: "Next testimonial" });
  await next.focus();
  await page.keyboard.press("ArrowLeft"); // from the first slide back to the last: it loops
  await expect(region).toHaveAttribute("data-selected-index", "13");
  await page.keyboard.press("ArrowRight"); // and on from the last to the first
  await expect(region).toHaveAttribute("data-selected-index", "0");
  await page.keyboard.press("ArrowRight");
  await expect(region).toHaveAttribute("data-selected-index", "1");
  await next.press("Enter");
  await expect(region).toHaveAttribute("data-selected-index", "2");
  await region.getByRole("button", { name: "Previous testimonial" }).click();
  await expect(region).toHaveAttribute("data-selected-index", "1");
});

test("the carousel can be swiped", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize(phoneViewport);
  await page.goto("/");
  await waitForHydration(page);
  const slide = carousel(page).getByRole("group").first();
  await slide.scrollIntoViewIfNeeded();
  // Embla loads once the carousel nears the screen (use-lazy-embla.ts); a drag before it has
  // attached moves nothing. Attached, it positions the slides with a transform.
  await expect(carousel(page).locator("[style*='translate3d']").first()).toBeAttached();
  const box = (await slide.boundingBox())!;
  const y = box.y + box.height / 2;
  // Embla follows pointer events, which is what a touch drag produces in the browser.
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width * (0.8 - step * 0.06), y);
  await page.mouse.up();
  await expect(carousel(page)).toHaveAttribute("data-selected-index", "1");
});

test("the carousel rotates by itself, pauses on hover and focus, and can be stopped", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  const region = carousel(page);
  await region.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);

  await page.clock.runFor(AUTOPLAY_INTERVAL_MS + 100);
  await expect(region).toHaveAttribute("data-selected-index", "1");

  await region.hover();
  await page.clock.runFor(AUTOPLAY_INTERVAL_MS * 2);
  await expect(region).toHaveAttribute("data-selected-index", "1");
  await page.mouse.move(0, 0);
  await page.clock.runFor(AUTOPLAY_INTERVAL_MS + 100);
  await expect(region).toHaveAttribute("data-selected-index", "2");

  const rotation = region.getByRole("button", { name: "Stop automatic slide show" });
  await rotation.focus();
  await page.clock.runFor(AUTOPLAY_INTERVAL_MS * 2);
  await expect(region).toHaveAttribute("data-selected-index", "2");

  await rotation.press("Enter");
  await expect(region.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  await page.locator("body").focus();
  await page.clock.runFor(AUTOPLAY_INTERVAL_MS * 2);
  await expect(region).toHaveAttribute("data-selected-index", "2");
});

test("with reduced motion the carousel does not move by itself", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  const region = carousel(page);
  await expect(region.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  await page.clock.runFor(AUTOPLAY_INTERVAL_MS * 3);
  await expect(region).toHaveAttribute("data-selected-index", "0");
});

test("the hero heading is the largest paint and nothing shifts on a phone", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await page.goto("/");
  await expectWidgetRendered(page, site.listings.widgetIds.search);
  const lcp = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element: Element | null })[];
          const last = entries[entries.length - 1];
          resolve(last?.element?.id || last?.element?.tagName || "none");
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(lcp).toBe("hero-heading");
  expect(await layoutShiftTotal(page)).toBe(0);
});

test("the home page is accessible on desktop and phone", async ({ page }) => {
  await page.goto("/");
  await expectWidgetRendered(page, site.listings.widgetIds.newListings);
  await expectNoA11yViolations(page);
  await page.setViewportSize(phoneViewport);
  await page.reload();
  await expectWidgetRendered(page, site.listings.widgetIds.newListings);
  await expectNoA11yViolations(page);
});

test.describe("theme pages", () => {
  const themes = [
    { path: "/themepage", className: "theme-black-white" },
    { path: "/themepage2", className: "theme-red-white" },
    { path: "/themepage3", className: "theme-green-black" },
    { path: "/themepage4", className: "theme-red-yellow" },
  ];
  for (const theme of themes) {
    test(`${theme.path} is the home page in ${theme.className}, noindex, with the two theme widgets`, async ({ page }) => {
      await page.goto(theme.path);
      await expect(page.locator(`main .${theme.className}`)).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next home in Edmonton and area");
      await expectWidgetRendered(page, site.listings.widgetIds.themeSearch);
      await expectWidgetRendered(page, site.listings.widgetIds.themeNewListings);
      expect((await widgetInits(page)).sort()).toEqual(
        [site.listings.widgetIds.themeNewListings, site.listings.widgetIds.themeSearch].sort(),
      );
      await expect(page.getByRole("region", { name: "Areas We Cover" }).getByRole("link")).toHaveCount(15);
      await expect(carousel(page).getByRole("group")).toHaveCount(14);
      // The theme changes the hero's colour, not its markup.
      const heroBackground = await page
        .locator("section[aria-labelledby=hero-heading]")
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(heroBackground).not.toBe("rgb(29, 78, 216)");
      await expectNoA11yViolations(page);
    });
  }
});

test("client-side navigation from the home page to /search renders the search widget again in its new place", async ({ page }) => {
  await page.goto("/");
  await expectWidgetRendered(page, site.listings.widgetIds.search);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expectWidgetRendered(page, site.listings.widgetIds.search);
  // The same widget id, but a new element: initialised explicitly, with the one script.
  expect((await widgetInits(page)).filter((id) => id === site.listings.widgetIds.search)).toHaveLength(2);
  expect(await scriptCounts(page)).toEqual({ runs: 1, elements: 1 });
});
