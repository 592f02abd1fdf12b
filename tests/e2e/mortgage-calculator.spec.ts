// The mortgage calculator with JavaScript: results, the URL fragment, hints, insurance and the phone layout
// (expected payments and the shared helpers: mortgage-support.ts).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { NOTE, expectNoBrokenFigures, field, noResult, openCalculator, payment } from "./mortgage-support";

test.describe("mortgage calculator", () => {
  test("the server renders the heading, the defaults and $2,528 a month", async ({ request, page }) => {
    const response = await request.get("/mortgage-calculator");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Mortgage Calculator<\/h1>/);
    expect(html).toContain("$2,528");
    expect(html).toContain(NOTE);

    await openCalculator(page);
    await expect(field(page, "Home price")).toHaveValue("500000");
    await expect(field(page, "Down payment")).toHaveValue("100000");
    await expect(field(page, "Interest rate (annual %)")).toHaveValue("6.5");
    await expect(field(page, "Interest rate (annual %)")).toHaveAttribute("step", "0.1");
    await expect(field(page, "Loan term (amortization)")).toHaveValue("30");
    await expect(page.getByRole("combobox", { name: "Loan term (amortization)" }).locator("option")).toHaveText([
      "15 years",
      "20 years",
      "25 years",
      "30 years",
    ]);
    await expect(payment(page)).toContainText("$2,528");
    await expect(page.getByText(NOTE, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Mortgage Calculator/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/mortgage-calculator$/);
  });

  test("results follow typing, and the inputs go into the URL fragment", async ({ page }) => {
    await openCalculator(page);
    await field(page, "Interest rate (annual %)").fill("5");
    await expect(payment(page)).toContainText("$2,147");
    expect(new URL(page.url()).hash).toBe("#price=500000&down=100000&rate=5&years=30");

    await field(page, "Loan term (amortization)").selectOption("25");
    await field(page, "Home price").fill("650000");
    await field(page, "Down payment").fill("130000");
    await field(page, "Interest rate (annual %)").fill("4.5");
    await expect(payment(page)).toContainText("$2,890");
    await expect(page.getByText("Loan (price minus down payment)")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
  });

  test("a zero rate gives principal / n", async ({ page }) => {
    await openCalculator(page);
    await field(page, "Interest rate (annual %)").fill("0");
    await expect(payment(page)).toContainText("$1,111");
    await expectNoBrokenFigures(page);
  });

  test("a down payment at or above the price shows a hint and no result", async ({ page }) => {
    await openCalculator(page);
    for (const down of ["500000", "750000"]) {
      await field(page, "Down payment").fill(down);
      await expect(payment(page)).toHaveCount(0);
      await expect(noResult(page)).toContainText("The down payment must be less than the home price.");
      await expect(field(page, "Down payment")).toHaveAttribute("aria-invalid", "true");
      await expectNoBrokenFigures(page);
    }
    // Back to a valid number, the result returns.
    await field(page, "Down payment").fill("100000");
    await expect(payment(page)).toContainText("$2,528");
  });

  test("empty or invalid input shows a short hint, never NaN", async ({ page }) => {
    await openCalculator(page);
    await field(page, "Home price").fill("");
    await expect(noResult(page)).toContainText("Enter the home price.");
    await expectNoBrokenFigures(page);
    await field(page, "Home price").fill("500000");
    await field(page, "Interest rate (annual %)").fill("");
    await expect(noResult(page)).toContainText("Enter the interest rate.");
    await field(page, "Interest rate (annual %)").fill("-2");
    await expect(noResult(page)).toContainText("The rate can't be negative.");
    await expectNoBrokenFigures(page);
  });

  test("a shared link opens with the same inputs and result", async ({ page, context }) => {
    await openCalculator(page, "#price=650000&down=130000&rate=4.5&years=25");
    await expect(field(page, "Home price")).toHaveValue("650000");
    await expect(field(page, "Down payment")).toHaveValue("130000");
    await expect(field(page, "Interest rate (annual %)")).toHaveValue("4.5");
    await expect(field(page, "Loan term (amortization)")).toHaveValue("25");
    await expect(payment(page)).toContainText("$2,890");

    // Change options, then open the resulting URL in a fresh tab: everything comes back.
    await field(page, "Interest compounding").selectOption("semi-annual");
    await field(page, "Payment frequency").selectOption("accelerated-bi-weekly");
    await page.getByLabel("As % of price").check();
    await expect(field(page, "Down payment")).toHaveValue("20");
    const shared = page.url();
    expect(shared).toContain("comp=semi-annual");
    const expected = (await payment(page).innerText()).match(/\$[\d,]+/)![0];

    const other = await context.newPage();
    await other.goto(shared);
    await waitForHydration(other);
    await expect(payment(other)).toContainText(expected);
    await expect(field(other, "Down payment")).toHaveValue("20");
    await expect(other.getByLabel("As % of price")).toBeChecked();
    await expect(field(other, "Payment frequency")).toHaveValue("accelerated-bi-weekly");
    await expect(other.getByText("Accelerated bi-weekly payment")).toBeVisible();
  });

  test("semi-annual compounding lowers the payment; insurance is added under 20 % down", async ({ page }) => {
    await openCalculator(page);
    await field(page, "Interest compounding").selectOption("semi-annual");
    await expect(payment(page)).toContainText("$2,506");
    await field(page, "Interest compounding").selectOption("monthly");
    await field(page, "Down payment").fill("50000");
    await field(page, "Loan term (amortization)").selectOption("25");
    // 10 % down: 3.10 % of $450,000 = $13,950 added to the mortgage.
    await expect(page.locator("dd", { hasText: "$13,950.00" })).toBeVisible();
    // Both cases side by side: the loan alone (the headline) and the loan with the premium.
    const comparison = page.getByTestId("insurance-comparison");
    await expect(comparison.getByRole("row", { name: /Amount borrowed/ }).locator("td")).toHaveText(["$450,000.00", "$463,950.00"]);
    await field(page, "Down payment").fill("10000");
    await expect(page.getByText(/Below the \$25,000 minimum/)).toBeVisible();
  });

  test("the headline is the payment on price minus down payment (spec §2); the insurance premium stands beside it", async ({ page }) => {
    // 5 % down, a first-time buyer: the spec's formula on $475,000 is $3,002; with the 4.20 % premium ($19,950) added, $3,128.
    await openCalculator(page, "#price=500000&down=25000&rate=6.5&years=30&ftb=1");
    await expect(payment(page)).toContainText("$3,002");
    await expect(page.getByTestId("payment-with-premium")).toHaveText(
      "$3,128 a month with the $19,950 mortgage insurance premium added to the loan",
    );
    await expect(payment(page)).toContainText("Monthly payment without mortgage insurance");
    // The totals for both cases, labelled; the headline's case is the one without insurance.
    const comparison = page.getByTestId("insurance-comparison");
    await expect(comparison.getByRole("columnheader")).toHaveText([
      "Figure",
      "Without mortgage insurance (the payment above)",
      "With the premium added to the loan",
    ]);
    await expect(comparison.getByRole("row", { name: /Amount borrowed/ }).locator("td")).toHaveText(["$475,000.00", "$494,950.00"]);
    await expect(comparison.getByRole("row", { name: /Monthly payment, to the cent/ }).locator("td")).toHaveText([
      /^\$3,002\.\d\d$/,
      /^\$3,128\.\d\d$/,
    ]);
    await expect(comparison.getByRole("row", { name: /Total interest/ })).toBeVisible();
    await expect(comparison.getByRole("row", { name: /Total of all payments/ })).toBeVisible();
    await expect(page.getByTestId("schedule-summary")).toContainText(
      /^Without mortgage insurance, like the payment above: \$3,002\.\d\d monthly on \$475,000 at/,
    );
    // The explanation says what is computed: the payment on price minus down payment, without insurance.
    await expect(page.getByTestId("explainer-payment")).toContainText("the standard amortized payment on the price less your down payment");
    await expect(page.getByTestId("explainer-payment")).toContainText("without mortgage insurance");
    await expect(page.getByTestId("explainer-insurance")).toContainText("With the premium added to the loan");
    // 20 % down: no insurance, nothing beside the headline, one set of totals.
    await openCalculator(page, "#price=500000&down=100000&rate=6.5&years=30");
    await expect(payment(page)).toContainText("$2,528");
    await expect(page.getByTestId("payment-with-premium")).toHaveCount(0);
    await expect(page.getByTestId("insurance-comparison")).toHaveCount(0);
    await expect(page.locator("dt", { hasText: "Total interest" })).toBeVisible();
  });

  test("30 years with under 20 % down: it asks who is buying, and the 0.20 % surcharge applies only to first-time buyers and new builds", async ({
    page,
  }) => {
    await openCalculator(page, "#price=500000&down=25000&rate=6.5&years=30");
    const question = page.getByTestId("thirty-year-question");
    await expect(question).toBeVisible();
    await expect(page.getByTestId("thirty-year-not-eligible")).toContainText(
      "open only to first-time buyers and buyers of newly built homes",
    );
    await expect(page.getByTestId("thirty-year-not-eligible").getByRole("link", { name: /Department of Finance Canada/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.canada\.ca\//,
    );
    await expect(page.getByTestId("payment-with-premium")).toContainText("$19,000");
    await question.getByLabel("The home is newly built").check();
    await expect(page.getByTestId("payment-with-premium")).toHaveText(
      "$3,128 a month with the $19,950 mortgage insurance premium added to the loan",
    );
    await expect(page.getByTestId("thirty-year-not-eligible")).toHaveCount(0);
    await expect(page).toHaveURL(/new=1/);
    // 25 years, or 20 % down: not asked.
    await field(page, "Loan term (amortization)").selectOption("25");
    await expect(question).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("the two messages kept against the spec's 'No error messages' are shown, and decision 045 says why (issue 39)", async ({ page }) => {
    const record = readdirSync("docs/decisions").find((f) => f.startsWith("045-"));
    expect(record, "decision record 045").toBeDefined();
    const text = readFileSync(path.join("docs/decisions", record!), "utf8");
    expect(text).toContain("| Calculator | No error messages |");
    await openCalculator(page);
    await field(page, "Home price").fill("");
    const cleared = "No payment yet. Enter the home price.";
    await expect(noResult(page)).toHaveText(cleared);
    expect(text).toContain(`"${cleared}"`);
    await field(page, "Home price").fill("500000");
    await field(page, "Down payment").fill("500000");
    const tooMuch = "No payment yet. The down payment must be less than the home price.";
    await expect(noResult(page)).toHaveText(tooMuch);
    expect(text).toContain(`"${tooMuch}"`);
    await expect(payment(page)).toHaveCount(0);
  });

  test("a query string from the no-JavaScript form moves into the fragment once scripts run", async ({ page }) => {
    await page.goto("/mortgage-calculator?price=300000&down=60000&rate=5&years=25");
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/mortgage-calculator#price=300000&down=60000&rate=5&years=25$/);
    await expect(payment(page)).toContainText("$1,403");
  });

  test("the balance chart and its table", async ({ page }) => {
    await openCalculator(page);
    await expect(page.getByRole("img", { name: /mortgage balance/ })).toBeVisible();
    await page.getByText("Year-by-year table", { exact: true }).click();
    const table = page.getByRole("table", { name: /Year-by-year amortization/ });
    await expect(table.locator("tbody tr")).toHaveCount(30);
    await expect(table.locator("tbody tr").last().locator("td").last()).toHaveText("$0.00");
    await expectNoA11yViolations(page);
  });

  test("has no accessibility violations, with a result or with a hint", async ({ page }) => {
    await openCalculator(page);
    await expectNoA11yViolations(page);
    await field(page, "Down payment").fill("600000");
    await expect(noResult(page)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("on a phone the payment sits right under the four inputs and nothing overflows", async ({ browser }) => {
    const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openCalculator(page);
    const term = await field(page, "Loan term (amortization)").boundingBox();
    const result = await payment(page).boundingBox();
    const options = await field(page, "Payment frequency").boundingBox();
    expect(term && result && options).toBeTruthy();
    expect(result!.y).toBeGreaterThan(term!.y);
    expect(result!.y).toBeLessThan(options!.y);
    // Against the phone's width, not innerWidth: a mobile browser widens its layout viewport to fit overflowing content.
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(phoneViewport.width);
    // Once the last of the four inputs is on screen, so is the payment it drives.
    await field(page, "Loan term (amortization)").selectOption("25");
    await field(page, "Loan term (amortization)").scrollIntoViewIfNeeded();
    await expect(payment(page)).toContainText("$2,701");
    await expect(payment(page)).toBeInViewport();
    // The open year-by-year table scrolls inside its own box, never the page.
    await page.getByText("Year-by-year table", { exact: true }).click();
    await expect(page.getByRole("table", { name: /Year-by-year amortization/ })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(phoneViewport.width);
    await expectNoA11yViolations(page);
    await context.close();
  });
});
