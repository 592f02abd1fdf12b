import type { Page } from "@playwright/test";
import { site } from "../../app/content/site";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { layoutShiftTotal } from "./widget-helpers";

// playwright.config.ts derives the fixture origin from E2E_FIXTURE_PORT the same way.
const fixtureOrigin = process.env.E2E_FIXTURE_ORIGIN || `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT || 3199}`;

const embeds = [
  {
    path: "/free-home-valuation",
    form: site.embeds.valuation,
    height: 720,
    heading: "Free Home Valuation",
    formHeading: "Free home valuation",
  },
  {
    path: "/instant-updates",
    form: site.embeds.instantUpdates,
    height: 781,
    heading: "Get Instant Property Updates",
    formHeading: "Get instant property updates",
  },
  {
    path: "/buyersearch",
    form: site.embeds.buyerSearch,
    height: 720,
    heading: "Tell Us What You Are Looking For",
    formHeading: "Your property search criteria",
  },
  {
    path: "/instantupdatestestpage",
    form: site.embeds.instantUpdates,
    height: 781,
    heading: "Get Instant Property Updates",
    formHeading: "Get instant property updates",
  },
  {
    path: "/contacttestpage",
    form: site.embeds.contactMessage,
    height: 584,
    heading: "Contact Test Page",
    formHeading: "Send us a message",
  },
];

function formEmbedRuns(page: Page) {
  return page.evaluate(() => ({
    runs: (window as unknown as { __formEmbedRuns?: number }).__formEmbedRuns ?? 0,
    elements: document.querySelectorAll("script[data-form-embed]").length,
  }));
}

for (const embed of embeds) {
  test(`${embed.path} embeds its form: titled, lazy, ${embed.height} px, from the configured host`, async ({ page }) => {
    await page.goto(embed.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(embed.heading);
    const frame = page.locator(`iframe[title="${embed.form.title}"]`);
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute("loading", "lazy");
    await expect(frame).toHaveAttribute("height", String(embed.height));
    expect((await frame.boundingBox())?.height).toBe(embed.height);
    // The form path of site.ts, served from FORM_EMBED_ORIGIN (the local stand-in here).
    await expect(frame).toHaveAttribute("src", /^http/);
    const src = new URL((await frame.getAttribute("src")) ?? "");
    expect(src.origin).toBe(fixtureOrigin);
    expect(src.pathname).toBe(new URL(embed.form.src).pathname);
    // Started after the page's first paint, so it never delays it (deferred-hydration.client.ts).
    const afterFirstPaint = () =>
      page.evaluate((url) => {
        const frameEntry = performance.getEntriesByType("resource").find((e) => e.name === url);
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        return frameEntry && paint ? frameEntry.startTime - paint.startTime : null;
      }, src.href);
    await expect.poll(afterFirstPaint).not.toBeNull();
    expect(await afterFirstPaint()).toBeGreaterThanOrEqual(0);
    await expect(page.frameLocator(`iframe[title="${embed.form.title}"]`).getByRole("heading", { name: embed.formHeading })).toBeVisible();
    // The embed script ran once and saw the frame.
    await expect(frame).toHaveAttribute("data-form-embed-seen", "true");
    expect(await formEmbedRuns(page)).toEqual({ runs: 1, elements: 1 });
    expect(await layoutShiftTotal(page)).toBe(0);
  });
}

test("the server sends the form's frame without its address, for the page's loader to start after the first paint", async ({ request }) => {
  const html = await (await request.get("/free-home-valuation")).text();
  const frames = html.match(/<iframe[^>]*>/g) ?? [];
  expect(frames).toHaveLength(2); // the deferred frame, and the same frame in <noscript>
  expect(frames[0]).toMatch(/ data-deferred-src="http[^"]+"/);
  expect(frames[0]).not.toMatch(/ src=/);
  expect(html).toMatch(/<noscript><iframe src="http[^"]+"/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form comes from the <noscript> frame, and the deferred one takes no space", async ({ page }) => {
    const embed = embeds[0]!;
    await page.goto(embed.path);
    const frames = page.locator(`iframe[title="${embed.form.title}"]`);
    await expect(frames).toHaveCount(2);
    await expect(frames.first()).toBeHidden();
    await expect(frames.last()).toBeVisible();
    expect((await frames.last().boundingBox())?.height).toBe(embed.height);
    await expect(
      page.frameLocator(`noscript iframe[title="${embed.form.title}"]`).getByRole("heading", { name: embed.formHeading }),
    ).toBeVisible();
  });
});

test("/buyersearch titles its frame for property search criteria", async ({ page }) => {
  await page.goto("/buyersearch");
  await expect(page.locator("iframe")).toHaveAttribute("title", /property search criteria/i);
});

test("/free-home-valuation links back to /sell", async ({ page }) => {
  await page.goto("/free-home-valuation");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Back to selling your home" }).click();
  await expect(page).toHaveURL(/\/sell$/);
});

test("the form-embed script stays off pages without a form, and loads once across client navigation", async ({ page }) => {
  await page.goto("/edmonton-listings");
  await waitForHydration(page);
  expect(await formEmbedRuns(page)).toEqual({ runs: 0, elements: 0 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Instant Updates" }).click();
  await expect(page.locator(`iframe[title="${site.embeds.instantUpdates.title}"]`)).toHaveAttribute("data-form-embed-seen", "true");
  await page.goto("/buyersearch");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Instant Updates" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Instant Property Updates");
  expect(await formEmbedRuns(page)).toEqual({ runs: 1, elements: 1 });
});

test("a form page is accessible on desktop and phone", async ({ page }) => {
  await page.goto("/free-home-valuation");
  await waitForHydration(page);
  await expectNoA11yViolations(page);
  await page.setViewportSize(phoneViewport);
  await page.goto("/instant-updates");
  await waitForHydration(page);
  await expectNoA11yViolations(page);
});
