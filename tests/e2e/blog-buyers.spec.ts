import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { incomeToMaxMortgage } from "../../app/content/blog/data/quick-mortgage-guide-for-homebuyers";
import { formatCurrency } from "../../app/lib/mortgage";

/** The four buyer articles: heading, date, key sections and accessibility in both colour schemes. */
const articles = [
  {
    slug: "top-10-mistakes-to-avoid-when-buying-a-home",
    h1: "Top 10 Mistakes to Avoid When Buying a Home",
    date: "July 8, 2025",
    sections: ["The ten mistakes at a glance", "The mistakes, and how to avoid each one"],
  },
  {
    slug: "complete-step-by-step-home-buyers-guide",
    h1: "The Complete Step-by-Step Home Buyer's Guide",
    date: "February 15, 2024",
    sections: [
      "The eight steps",
      "The buying process at a glance",
      "Step 1: Work out your financing and costs",
      "Step 8: Closing and possession",
    ],
  },
  {
    slug: "quick-mortgage-guide-for-homebuyers",
    h1: "Quick Mortgage Guide for Homebuyers",
    date: "February 20, 2024",
    sections: [
      "The four mortgage types",
      "High-ratio versus conventional mortgages",
      "Pre-qualified versus pre-approved",
      "Common pitfalls",
      "Frequently asked questions",
      "Helpful resources",
      "About me",
      "Thank you for reading",
    ],
  },
  {
    slug: "tips-and-tricks-to-buy-in-sellers-market",
    h1: "Tips and Tricks to Buy in a Seller's Market",
    date: "March 5, 2024",
    sections: ["Ten strategies that win in a seller's market", "Five final tips"],
  },
] as const;

for (const a of articles) {
  test(`${a.slug}: heading, date and sections`, async ({ page }) => {
    const response = await page.goto(`/blog/${a.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.h1);
    await expect(page.locator("header time").first()).toHaveText(a.date);
    for (const name of a.sections) await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`${a.slug}: no axe violations (${colorScheme}, phone)`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme, viewport: phoneViewport });
      const page = await context.newPage();
      await page.goto(`/blog/${a.slug}`);
      await waitForHydration(page);
      // Open every FAQ answer so its text and links are checked too.
      for (const d of await page.locator("details").all()) await d.evaluate((el) => el.setAttribute("open", ""));
      await expectNoA11yViolations(page);
      await context.close();
    });
  }
}

test("top 10 mistakes: ten cards and calls to action to /contact and /free-home-valuation", async ({ page }) => {
  await page.goto("/blog/top-10-mistakes-to-avoid-when-buying-a-home");
  await expect(page.getByRole("heading", { level: 3, name: /^Mistake \d+:/ })).toHaveCount(10);
  await expect(page.getByRole("heading", { name: "How to avoid it" })).toHaveCount(10);
  await expect(page.getByRole("link", { name: "Contact me" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Free home valuation" })).toHaveAttribute("href", "/free-home-valuation");
});

test("buyer guide: eight steps, computed land title example, native-share fallback alert", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  // No native share sheet: the button copies the link and says so in an alert.
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
  const page = await context.newPage();
  await page.goto("/blog/complete-step-by-step-home-buyers-guide");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: /^Step \d: / })).toHaveCount(8);
  await expect(page.getByText("2024 Edition")).toBeVisible();
  // $450,000 home, $360,000 mortgage: $500 + $410 = $910 (spec §9, from ~/lib/fees).
  const example = page.getByRole("table", { name: /land title fees on a \$450,000 home/ });
  await expect(example.getByRole("row", { name: /Total/ })).toContainText("$910");
  const messages: string[] = [];
  page.once("dialog", (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await page.getByRole("button", { name: "Share" }).click();
  await expect.poll(() => messages).toEqual(["Link copied to clipboard!"]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await context.close();
});

test("mortgage guide: tables, FAQ with FAQPage data, resources grid", async ({ page }) => {
  await page.goto("/blog/quick-mortgage-guide-for-homebuyers");
  const income = page.getByRole("table", { name: /maximum mortgage by gross household income/ });
  await expect(income.getByRole("row")).toHaveCount(5);
  // Computed from the page's stated assumptions (decision record 023): 32 % GDS to the insured 39 %.
  for (const row of incomeToMaxMortgage) {
    await expect(income.getByRole("row", { name: new RegExp(`^${formatCurrency(row.income).replace("$", "\\$")}`) })).toContainText(
      `${formatCurrency(row.traditional)}–${formatCurrency(row.insured)}`,
    );
  }
  await expect(page.getByText(/roughly 3\.4 to 4\.3 times income/)).toBeVisible();
  await expect(page.getByText(/insured mortgage \(less than 20% down\) allows a GDS of up to 39% and a TDS of up to 44%/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Pre-qualification and pre-approval compared" })).toBeVisible();
  await expect(page.locator("details")).toHaveCount(11);
  const fifth = page.locator("details").nth(4);
  await fifth.locator("summary").click();
  await expect(fifth.getByRole("link")).toHaveAttribute("href", "/blog/complete-step-by-step-home-buyers-guide");

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faqPage = jsonLd.map((t) => JSON.parse(t)).find((d) => d["@type"] === "FAQPage");
  expect(faqPage?.mainEntity).toHaveLength(11);

  for (const href of [
    "/blog/complete-step-by-step-home-buyers-guide",
    "/mortgage-calculator",
    "/blog/essential-real-estate-contacts",
    "/instant-updates",
    "/search",
  ]) {
    await expect(page.locator(`li > a[href="${href}"]`).first()).toBeVisible();
  }
  const inspector = page.getByRole("link", { name: /Find a home inspector/ });
  await expect(inspector).toHaveAttribute("target", "_blank");
  await expect(inspector).toHaveAttribute("rel", "noopener noreferrer");
});

test("seller's market tips: ten strategies, ten communities, back to blog, BlogPosting and LocalBusiness data", async ({ page }) => {
  await page.goto("/blog/tips-and-tricks-to-buy-in-sellers-market");
  await expect(page.getByRole("heading", { level: 3, name: /^Strategy \d+: / })).toHaveCount(10);
  await expect(page.getByText("Pro tip:")).toHaveCount(10);
  await expect(page.getByRole("heading", { name: "Communities I work in" })).toBeVisible();
  const communities = page.locator("div", { has: page.getByRole("heading", { name: "Communities I work in" }) }).last();
  await expect(communities.getByRole("link")).toHaveCount(10);
  await expect(communities.getByRole("link", { name: "Sherwood Park" })).toHaveAttribute("href", "/sherwood-park-listings");
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)["@type"]);
  expect(types).toContainEqual("BlogPosting");
  expect(types).toContainEqual(["RealEstateAgent", "LocalBusiness"]);
});
