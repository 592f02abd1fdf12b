// The mortgage calculator without JavaScript: the GET form rendered by the server (helpers: mortgage-support.ts).
import { expect, test } from "./support";
import { NOTE, expectNoBrokenFigures, field, noResult, payment } from "./mortgage-support";

test.describe("mortgage calculator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form's result is rendered by the server", async ({ page }) => {
    await page.goto("/mortgage-calculator");
    await expect(payment(page)).toContainText("$2,528");
    await field(page, "Home price").fill("300000");
    await field(page, "Down payment").fill("60000");
    await field(page, "Interest rate (annual %)").fill("5");
    await field(page, "Loan term (amortization)").selectOption("25");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\/mortgage-calculator\?price=300000&down=60000&unit=amount&rate=5&years=25/);
    await expect(payment(page)).toContainText("$1,403");
    await expect(field(page, "Home price")).toHaveValue("300000");
    await expect(page.getByText(NOTE, { exact: true })).toBeVisible();
  });

  test("bad input gets a server-rendered hint", async ({ page }) => {
    await page.goto("/mortgage-calculator?price=300000&down=300000&rate=5&years=25");
    await expect(payment(page)).toHaveCount(0);
    await expect(noResult(page)).toContainText("The down payment must be less than the home price.");
    await expectNoBrokenFigures(page);
  });

  test("the test page's form submits to the calculator page", async ({ page }) => {
    await page.goto("/mortgagecalculatortestpage");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(payment(page)).toContainText("$2,528");
    await field(page, "Interest rate (annual %)").fill("0");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\/mortgage-calculator\?/);
    await expect(payment(page)).toContainText("$1,111");
  });
});
