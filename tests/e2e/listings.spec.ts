import { GET_NOTIFIED_TIP, WIDGET_ERROR_TEXT, WIDGET_LOADING_TEXT } from "../../app/components/widgets/listings-messages";
import { WIDGET_HEIGHT, WIDGET_TIMEOUT_MS } from "../../app/components/widgets/listings-widget-settings";
import { areaIntros } from "../../app/content/area-intros";
import { areas } from "../../app/content/areas";
import { pages } from "../../app/content/pages";
import { propertyTypes } from "../../app/content/property-types";
import { site } from "../../app/content/site";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { REALTYVIS_SCRIPT, expectWidgetRendered, layoutShiftTotal, scriptCounts, widgetInits } from "./widget-helpers";

test.describe("area listing pages", () => {
  for (const area of areas) {
    test(`${area.path} shows its banner, tip, intro and initialises only its own widget`, async ({ page }) => {
      await page.goto(area.path);
      await expect(page).toHaveTitle(new RegExp(`^${area.name.replace(".", "\\.")} Real Estate Listings .*\\| ${site.brokerage.name}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(area.name);
      await expect(page.getByText(GET_NOTIFIED_TIP, { exact: true })).toBeVisible();
      await expect(page.getByText(areaIntros[area.path]!, { exact: true })).toBeVisible();
      await expectWidgetRendered(page, area.widgetId);
      expect(await widgetInits(page)).toEqual([area.widgetId]);
      expect(await scriptCounts(page)).toEqual({ runs: 1, elements: 1 });
    });
  }
});

test.describe("property type pages", () => {
  for (const type of propertyTypes) {
    test(`${type.path} shows its headings and initialises only its own widget`, async ({ page }) => {
      await page.goto(type.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(type.heading);
      await expect(page.getByText(type.subtitle, { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: `Available ${type.plural}` })).toBeVisible();
      await expect(
        page.getByText(`Browse our collection of ${type.plural.toLowerCase()} in Edmonton and surrounding areas.`, { exact: true }),
      ).toBeVisible();
      await expectWidgetRendered(page, type.widgetId);
      expect(await widgetInits(page)).toEqual([type.widgetId]);
    });
  }
});

for (const path of ["/search", "/mls-search"]) {
  test(`${path} has a heading, the tip, the search widget and a BACK button`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(GET_NOTIFIED_TIP, { exact: true })).toBeVisible();
    await expectWidgetRendered(page, site.listings.widgetIds.search);
    expect(await widgetInits(page)).toEqual([site.listings.widgetIds.search]);
    await expect(page.getByRole("link", { name: "BACK" })).toBeVisible();
  });
}

test("the server-rendered page shows the loading text before any script runs", async ({ request }) => {
  const html = await (await request.get("/edmonton-listings")).text();
  expect(html).toContain(WIDGET_LOADING_TEXT);
  expect(html).toContain(`data-realtyvis-widget="rv-area-edmonton-1a02"`);
  // The widget script is added by the browser after the first paint, never by the server.
  expect(html).not.toContain("realtyvis/js/embed.js");
});

test("the loading text shows until the script arrives, then the widget replaces it in the same space", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REALTYVIS_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/leduc-listings");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Leduc listings" });
  await expect(box.getByRole("status")).toHaveText(WIDGET_LOADING_TEXT);
  await expect(box).toHaveAttribute("data-widget-status", "loading");
  const heightWhileLoading = (await box.boundingBox())?.height;
  expect(await widgetInits(page)).toEqual([]);

  release();
  await expectWidgetRendered(page, "rv-area-leduc-1a08");
  expect((await box.boundingBox())?.height).toBe(heightWhileLoading);
  expect(await layoutShiftTotal(page)).toBe(0);
});

test("a widget script answering 404 gives the red error box, in the reserved space", async ({ page }) => {
  await page.route(REALTYVIS_SCRIPT, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "not found" }));
  await page.goto("/devon-listings");
  const box = page.getByRole("region", { name: "Devon listings" });
  const alert = box.getByRole("alert");
  await expect(alert).toHaveText(WIDGET_ERROR_TEXT);
  // The box is red: red text on a red-tinted background.
  const [text, background] = await alert.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor].map((colour) => {
      // Tailwind 4 colours are oklch(); a canvas pixel turns any CSS colour into sRGB numbers.
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
  });
  expect(text![0]! - Math.max(text![1]!, text![2]!)).toBeGreaterThan(60);
  expect(background![0]!).toBeGreaterThan(Math.max(background![1]!, background![2]!));
  await expect(box.getByText(WIDGET_LOADING_TEXT)).toHaveCount(0);
  await expect(box).toHaveAttribute("data-widget-status", "error");
  expect((await box.boundingBox())?.height).toBe(WIDGET_HEIGHT.search);
  expect(await layoutShiftTotal(page)).toBe(0);
});

test("client-side navigation between area pages initialises the second widget with one script", async ({ page }) => {
  await page.goto("/edmonton-listings");
  await expectWidgetRendered(page, "rv-area-edmonton-1a02");
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await page.getByRole("contentinfo").getByRole("link", { name: "St. Albert", exact: true }).click();
  await expect(page).toHaveURL(/\/st-albert-listings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("St. Albert");
  await expectWidgetRendered(page, "rv-area-st-albert-1a05");

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await widgetInits(page)).toEqual(["rv-area-edmonton-1a02", "rv-area-st-albert-1a05"]);
  expect(await scriptCounts(page)).toEqual({ runs: 1, elements: 1 });

  // And on to a property type page, then back: each new widget element is initialised.
  await page.getByRole("contentinfo").getByRole("link", { name: "Condominiums", exact: true }).click();
  await expectWidgetRendered(page, site.listings.widgetIds.condominiums);
  await page.goBack();
  await expectWidgetRendered(page, "rv-area-st-albert-1a05");
  expect(await scriptCounts(page)).toEqual({ runs: 1, elements: 1 });
});

test("pages without a widget never load the widget script", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/realtyvis/")) requested.push(r.url());
  });
  await page.goto("/free-home-valuation");
  await waitForHydration(page);
  await page.waitForTimeout(2500); // longer than the loader's idle wait
  expect(requested).toEqual([]);
  expect(await scriptCounts(page)).toEqual({ runs: 0, elements: 0 });
});

test("an area page has no layout shift once its widget has rendered", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await page.goto("/rural-parkland-county-listings");
  await expectWidgetRendered(page, "rv-area-rural-parkland-1b02");
  expect(await layoutShiftTotal(page)).toBe(0);
});

test("an area page with its rendered widget is accessible on desktop and phone", async ({ page }) => {
  await page.goto("/sherwood-park-listings");
  await expectWidgetRendered(page, "rv-area-sherwood-park-1a04");
  await expectNoA11yViolations(page);
  await page.setViewportSize(phoneViewport);
  await page.goto("/rural-beaver-county-listings");
  await expectWidgetRendered(page, "rv-area-rural-beaver-1b05");
  await expectNoA11yViolations(page);
});

test.describe("test pages", () => {
  const testPaths = [
    "/testpage",
    "/buytestpage",
    "/selltestpage",
    "/instantupdatestestpage",
    "/blogtestpage",
    "/abouttestpage",
    "/contacttestpage",
    "/buyrealtyninjacode",
  ];

  test("are noindex and left out of the sitemap", async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of testPaths) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(sitemap).not.toContain(`${path}<`);
    }
  });

  test("/selltestpage links both cards to /sell with map bounds around Edmonton", async ({ page }) => {
    await page.goto("/selltestpage");
    const cards = page.getByRole("main").getByRole("link", { name: /Free Home Valuation|Marketing Strategy/ });
    await expect(cards).toHaveCount(2);
    for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
      const url = new URL(href, "http://x");
      expect(url.pathname).toBe("/sell");
      const n = (k: string) => Number(url.searchParams.get(k));
      expect([...url.searchParams.keys()].sort()).toEqual(["latMax", "latMin", "lngMax", "lngMin"]);
      // Edmonton City Hall (53.5444, -113.4909) lies inside the box, and the box is city-sized.
      expect(n("lngMin")).toBeLessThan(-113.4909);
      expect(n("lngMax")).toBeGreaterThan(-113.4909);
      expect(n("latMin")).toBeLessThan(53.5444);
      expect(n("latMax")).toBeGreaterThan(53.5444);
      expect(n("lngMax") - n("lngMin")).toBeLessThan(1);
      expect(n("latMax") - n("latMin")).toBeLessThan(1);
    }
  });

  test("/blogtestpage shows the design flyer and 'More Content Coming Soon'", async ({ page }) => {
    await page.goto("/blogtestpage");
    const flyer = page.getByRole("img", { name: /Design Your Next Home/ });
    await expect(flyer).toHaveAttribute("width", "800");
    await expect(flyer).toHaveAttribute("height", "1000");
    expect(await flyer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole("heading", { name: "More Content Coming Soon" })).toBeVisible();
  });

  test("/abouttestpage tells the design background and points to the testimonials", async ({ page }) => {
    await page.goto("/abouttestpage");
    for (const topic of ["Drafting and design studies", "3D renderings", "Floor plans", "Home design for a charity"]) {
      await expect(page.getByRole("heading", { name: topic })).toBeVisible();
    }
    await page.getByRole("link", { name: "what our clients say" }).click();
    await expect(page).toHaveURL(/\/#testimonials$/);
    await expect(page.getByRole("region", { name: "What Our Clients Say" })).toBeVisible();
  });

  test("every test page is listed on /testpage", async ({ page }) => {
    await page.goto("/testpage");
    const internal = pages.filter((p) => p.group === "Test and theme pages" && p.path !== "/testpage");
    for (const p of internal) await expect(page.getByRole("main").locator(`a[href="${p.path}"]`)).toHaveCount(1);
  });
});

test("a script that never answers turns into the error box, and a late widget still replaces it", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(REALTYVIS_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto("/beaumont-listings");
  await waitForHydration(page);
  const box = page.getByRole("region", { name: "Beaumont listings" });
  await expect(box.getByRole("status")).toHaveText(WIDGET_LOADING_TEXT);
  await page.clock.runFor(WIDGET_TIMEOUT_MS + 100);
  await expect(box.getByRole("alert")).toHaveText(WIDGET_ERROR_TEXT);
  release();
  await expectWidgetRendered(page, "rv-area-beaumont-1a09");
  await expect(box.getByRole("alert")).toHaveCount(0);
});
