import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

// The pages of the foundation issue, with the main heading each must show.
const pages: [path: string, heading: string | RegExp][] = [
  ["/sell", "Sell Your Home"],
  ["/marketing-strategy", "My Marketing Strategy for Your Home"],
  ["/about", /About /],
  ["/open-house", "Open Houses"],
  ["/sold-properties", "Sold Properties"],
  ["/office-listings", "Office Listings"],
  ["/browse-by-building", "Browse by Building"],
  ["/buy", "Buy - Property Search"],
  ["/my-sitemap", "Sitemap"],
  ["/mls-disclaimer", "MLS® Disclaimer"],
  ["/privacy-policy-test", "Privacy Policy"],
  ["/terms-of-service-test", "Terms of Service"],
  ["/emailtemplate", "Follow-up E-mail Template"],
];

for (const [path, heading] of pages) {
  test(`${path} answers 200 with its heading and no axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectNoA11yViolations(page);
  });
}

test("the layout: banner with phone and e-mail, navigation, breadcrumbs, footer legal links", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator('header a[href^="tel:"]')).toBeVisible();
  await expect(page.locator('header a[href^="mailto:"]')).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of ["Search", "Sell", "Instant Updates", "Mortgage Calculator", "Blog", "About", "Contact"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("About");
  const footer = page.locator("footer");
  for (const href of ["/privacy-policy-test", "/mls-disclaimer", "/terms-of-service-test"]) {
    await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
  }
  // BreadcrumbList structured data is in the server-rendered HTML.
  const ld = await page.locator('nav[aria-label="Breadcrumb"] script[type="application/ld+json"]').textContent();
  expect(JSON.parse(ld ?? "{}")["@type"]).toBe("BreadcrumbList");
});

test("the breadcrumb bar is hidden on the home page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
});

test("both footer variants: brokerage details, and social plus property-type links", async ({ page }) => {
  await page.goto("/about");
  await expect(page.locator("footer address")).toContainText("Jasper Avenue");
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Condominiums" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Facebook" })).toBeVisible();
  await expect(footer.locator('a[href="/terms-of-service-test"]')).toBeVisible();
});

test.describe("at a phone viewport", () => {
  test.use({ viewport: phoneViewport });

  test("the menu toggles open and closed, Escape closes it and returns focus", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const menuLink = page.locator("nav[aria-label=Main] ul[id]").getByRole("link", { name: "Mortgage Calculator" });
    await expect(menuLink).toBeHidden();
    await button.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menuLink).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menuLink).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menuLink.click();
    await expect(page).toHaveURL(/\/mortgage-calculator$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("content pages have no horizontal scroll", async ({ page }) => {
    for (const path of ["/sell", "/marketing-strategy", "/about", "/open-house", "/privacy-policy-test"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("query-string rule", () => {
  test("is stripped off a content page once scripts run, keeping the fragment", async ({ page }) => {
    await page.goto("/about?utm_source=newsletter#bio");
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/about#bio$/);
  });

  test("survives on search and listing pages", async ({ page }) => {
    for (const path of ["/buy?beds=3", "/sold-properties?area=edmonton", "/office-listings?page=2"]) {
      await page.goto(path);
      await waitForHydration(page);
      expect(new URL(page.url()).search, path).toBe(`?${path.split("?")[1]}`);
    }
  });
});

test("unknown paths answer 404 with the not-found page and log the path", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  const response = await page.goto("/no-such-house-123");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! This property is no longer available.");
  await expect(
    page.getByText("It may have been sold or removed from the market. But don't worry — we've got more homes you'll love!"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Current Listings" })).toHaveAttribute("href", "/search");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/404$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await waitForHydration(page);
  await expect.poll(() => messages.some((m) => m.includes("/no-such-house-123"))).toBe(true);
  await expectNoA11yViolations(page);
});

test("/404 itself shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/404");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! This property is no longer available.");
});

test("SEO: canonical without query, Open Graph, agent JSON-LD, sitemap and robots", async ({ page, request }) => {
  await page.goto("/about?ref=x");
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/about$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /About/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const ld = await page.locator('head script[type="application/ld+json"]').first().textContent();
  const agent = JSON.parse(ld ?? "{}");
  expect(agent["@type"]).toContain("RealEstateAgent");
  expect(agent.priceRange).toBe("$100,000 - $5,000,000+");
  // No rating of reviews the page does not show (decision 047).
  expect(agent.aggregateRating).toBeUndefined();
  expect(agent.areaServed).toHaveLength(12);
  expect(agent.openingHoursSpecification).toHaveLength(2);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("/about</loc>");
  expect(xml).toContain("<lastmod>");
  expect(xml).not.toContain("/themepage");
  expect(xml).not.toContain("/testpage");
  expect(xml).not.toContain("/404");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test("noindex on placeholder and internal pages", async ({ page }) => {
  for (const path of ["/buy", "/emailtemplate"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/);
  }
});

test("prerendered pages carry their text before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/marketing-strategy");
  await expect(page.getByRole("heading", { name: "Reporting and feedback" })).toBeVisible();
  await context.close();
});

test("the e-mail template POPUP opens a modal copy that Close closes", async ({ page }) => {
  await page.goto("/emailtemplate");
  await waitForHydration(page);
  await page.getByRole("button", { name: "POPUP" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Thanks for reaching out");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
});

test("the sitemap page links every page of the catalogue", async ({ page }) => {
  await page.goto("/my-sitemap");
  for (const path of [
    "/sell",
    "/edmonton-listings",
    "/blog/hidden-costs-buying-home-alberta",
    "/mortgage-calculator",
    "/terms-of-service-test",
  ]) {
    await expect(page.locator(`main a[href="${path}"]`)).toHaveCount(1);
  }
});

test("BACK goes one step back in history", async ({ page }) => {
  await page.goto("/sell");
  await waitForHydration(page);
  await page.getByRole("link", { name: /See the marketing plan/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Marketing Strategy for Your Home");
  await page.getByRole("link", { name: "BACK", exact: true }).click();
  await expect(page).toHaveURL(/\/sell$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell Your Home");
});

test("an error answered by the server shows the error screen with its status and text", async ({ page, baseURL }) => {
  // A form POST to a page that has no form: React Router answers 405 through the root error boundary.
  const response = await page.request.post("/about", { form: { a: "1" }, headers: { Origin: baseURL! } });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain("Unexpected Application Error!");
  expect(html).toContain("Method Not Allowed");
});

test("a malformed address gets a short page with status 400, never a stack trace", async ({ request }) => {
  const response = await request.get("/%E0%A4%A");
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("Bad Request");
  expect(html).not.toMatch(/at \w+ \(/);
});
