import { postBySlug } from "../../app/content/blog/posts";
import { landTitleFees } from "../../app/lib/fees";
import { formatLongDate } from "../../app/lib/dates";
import { formatCurrency } from "../../app/lib/format";
import { gstRebate } from "../../app/lib/gst-rebate";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

/** The four cost and selling articles: heading, date, key sections, calculators, links and axe. */

const articles = {
  gst: "new-gst-rebate-for-home-buyers",
  costs: "hidden-costs-buying-home-alberta",
  worth: "do-you-know-what-is-your-home-worth",
  marketing: "marketing-strategy-for-home-sellers",
} as const;

const sections: Record<string, string[]> = {
  [articles.gst]: [
    "What the rebate is",
    "How much you could save",
    "Who qualifies",
    "Which homes qualify",
    "Key dates",
    "How to claim it",
    "Restrictions to know about",
    "Follow me for updates",
    "Continue reading",
  ],
  [articles.costs]: [
    "The short version",
    "Alberta land title fees",
    "Professional fees",
    "Closing-cost categories",
    "A worked example: a $450,000 home",
    "Tips to keep costs under control",
    "Programs that help first-time buyers",
    "Related articles",
  ],
  [articles.worth]: [
    "What a comparative market analysis is",
    "CMA, appraisal, assessment or online estimate?",
    "How I prepare your CMA",
    "Find out what your home is worth",
    "More articles for homeowners",
  ],
  [articles.marketing]: [
    "Selling a home is a marketing job",
    "The four parts of my marketing plan",
    "Search engines and content",
    "Local and print marketing",
    "Reporting and feedback",
    "Why list with me",
    "Other blogs",
    "Thinking of selling?",
  ],
};

for (const slug of Object.values(articles)) {
  test(`${slug}: heading, date, sections, no axe violations in light and dark`, async ({ page }) => {
    const post = postBySlug(slug);
    if (!post) throw new Error(`missing registry entry ${slug}`);
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator(`time[datetime="${post.datePublished}"]`).first()).toBeVisible();
    for (const heading of sections[slug] ?? []) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    // Every internal link on the article answers 200.
    const hrefs = await page.locator("main a[href^='/']").evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href") ?? ""))]);
    for (const href of hrefs) {
      const r = await page.request.get(href);
      expect(r.status(), href).toBe(200);
    }
    // External links open in a new tab, safely.
    for (const a of await page.locator("main a[href^='http']").all()) {
      await expect(a).toHaveAttribute("target", "_blank");
      await expect(a).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
  });
}

test("GST article: savings table from the rule, calculator, social and contact links", async ({ page }) => {
  await page.goto(`/blog/${articles.gst}`);
  const table = page.locator("table").filter({ hasText: "New home price" });
  for (const price of [600_000, 800_000, 1_000_000, 1_250_000, 1_500_000]) {
    await expect(table.getByRole("row", { name: new RegExp(`^${escape(formatCurrency(price))} `) })).toContainText(
      formatCurrency(gstRebate(price)),
    );
  }
  expect(formatCurrency(gstRebate(600_000))).toBe("$30,000");
  expect(formatCurrency(gstRebate(800_000))).toBe("$40,000");
  await waitForHydration(page);
  const price = page.getByLabel("New home price (before GST)");
  await price.fill("1250000");
  const calculator = page.getByRole("group", { name: /GST rebate calculator/ });
  await expect(calculator.getByText(formatCurrency(gstRebate(1_250_000)), { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Facebook/ })).toHaveAttribute("target", "_blank");
  await expect(page.locator("main a[href^='tel:']").first()).toBeVisible();
  await expect(page.locator("main a[href^='mailto:']").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Continue reading" }).getByRole("link")).toHaveCount(4);
});

test("hidden-costs article: the monthly payment says its compounding and is the calculator's for the same inputs (issue 39)", async ({
  page,
}) => {
  await page.goto(`/blog/${articles.costs}`);
  const figure = page.getByTestId("worked-example-payment");
  const stated = (await figure.innerText()).trim();
  // Worked independently: $360,000 at 4 % over 25 years, compounded semi-annually: i = 1.02^(1/6) − 1.
  const i = 1.02 ** (1 / 6) - 1;
  expect(stated).toBe(formatCurrency((360_000 * i) / (1 - (1 + i) ** -300)));
  expect(stated).toBe("$1,894");
  const paragraph = page.locator("p").filter({ has: figure });
  await expect(paragraph).toContainText(
    "At an illustrative rate of 4% over 25 years, compounded semi-annually as Canadian fixed-rate mortgages are",
  );
  await waitForHydration(page);
  await paragraph.getByRole("link", { name: "mortgage calculator" }).click();
  await expect(page).toHaveURL(/\/mortgage-calculator/);
  await waitForHydration(page);
  await expect(page.getByLabel("Home price", { exact: true })).toHaveValue("450000");
  await expect(page.getByLabel("Down payment", { exact: true })).toHaveValue("90000");
  await expect(page.getByLabel("Interest rate (annual %)", { exact: true })).toHaveValue("4");
  await expect(page.getByLabel("Loan term (amortization)", { exact: true })).toHaveValue("25");
  await expect(page.getByLabel("Interest compounding", { exact: true })).toHaveValue("semi-annual");
  await expect(page.getByTestId("monthly-payment")).toContainText(stated);
  // With the calculator's default (monthly) compounding the figure differs: the article must say which it uses.
  await page.getByLabel("Interest compounding", { exact: true }).selectOption("monthly");
  await expect(page.getByTestId("monthly-payment")).not.toContainText(stated);
});

test("hidden-costs article: figures dated when last checked, and an Updated date that says what changed (issue 39)", async ({ page }) => {
  const post = postBySlug(articles.costs)!;
  await page.goto(`/blog/${articles.costs}`);
  const dates = await page.locator("main [data-citation] time").evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
  const latest = dates.sort().at(-1)!;
  expect(post.dateModified).toBe(latest);
  await expect(page.getByText(/^Figures as of /)).toContainText(`Figures as of ${formatLongDate(latest)}.`);
  await expect(page.locator("article header")).toContainText(`Updated ${formatLongDate(post.dateModified)}`);
  await expect(page.getByTestId("update-note")).toHaveText(`What changed: ${post.updateNote}`);
});

test("hidden-costs article: land title example table and calculator agree with the rule", async ({ page }) => {
  await page.goto(`/blog/${articles.costs}`);
  const table = page.locator("table").filter({ hasText: "Mortgage fee" });
  for (const price of [300_000, 450_000, 600_000, 800_000]) {
    const { total } = landTitleFees({ price, mortgage: price * 0.8 });
    await expect(table.getByRole("row", { name: new RegExp(`^${escape(formatCurrency(price))} `) })).toContainText(formatCurrency(total));
  }
  const worked = page.locator("table").filter({ hasText: "Property tax adjustment" }).filter({ hasText: "Low" });
  await expect(worked.getByRole("row", { name: /^Land title transfer fee/ })).toContainText("$500");
  await expect(worked.getByRole("row", { name: /^Mortgage registration fee/ })).toContainText("$410");
  await waitForHydration(page);
  await page.getByLabel("Home price").fill("600000");
  await expect(page.getByText("Total land title fees").locator("xpath=following-sibling::dd[1]")).toHaveText(
    formatCurrency(landTitleFees({ price: 600_000, mortgage: 480_000 }).total),
  );
  await expect(page.getByRole("link", { name: "Contact me" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Search homes for sale" })).toHaveAttribute("href", "/search");
});

test("home-worth article: valuation button and five other articles", async ({ page }) => {
  await page.goto(`/blog/${articles.worth}`);
  await expect(page.getByRole("link", { name: "Get my free home valuation" })).toHaveAttribute("href", "/free-home-valuation");
  await expect(page.getByRole("navigation", { name: "More articles for homeowners" }).getByRole("link")).toHaveCount(5);
});

test("marketing article: four cards, back link, Share copies the page link", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto(`/blog/${articles.marketing}`);
  for (const title of ["Pre-listing preparation", "Online marketing exposure", "Social media marketing", "Buyer lead follow-up"]) {
    await expect(page.getByRole("region", { name: title })).toBeVisible();
  }
  for (const item of [
    "Flyers",
    "Feature sheets",
    "Open house promotion",
    "Weekly seller updates",
    "Ad performance reports",
    "Showing feedback",
  ]) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  await expect(page.getByText("The blog post link has been copied to your clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test("the four articles fit a phone and pass axe there", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  for (const slug of Object.values(articles)) {
    await page.goto(`/blog/${slug}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${slug} scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
