// The cost tools the articles embed, on the calculator's test page (helpers: mortgage-support.ts).
import { expect, expectNoA11yViolations, test, waitForHydration } from "./support";
import { expectNoBrokenFigures } from "./mortgage-support";

test.describe("cost tools the articles embed (shown on the test page)", () => {
  test("land title fee calculator: price and mortgage as percent or amount", async ({ page }) => {
    await page.goto("/mortgagecalculatortestpage");
    await waitForHydration(page);
    const tool = page.getByRole("group", { name: "Land title fee calculator (Alberta)" });
    await expect(tool).toContainText("$910");
    await tool.getByLabel("Home price").fill("600000");
    await expect(tool.locator("dd").last()).toHaveText("$1,180");
    await tool.getByLabel("Dollar amount").check();
    await expect(tool.getByLabel("Mortgage amount")).toHaveValue("480000");
    await tool.getByLabel("Mortgage amount").fill("0");
    await expect(tool.locator("dd")).toHaveText(["$650", "$0", "$650"]);
    await tool.getByLabel("Mortgage amount").fill("700000");
    await expect(tool).toContainText("The mortgage can't be more than the price.");
    await expect(tool.locator("dd")).toHaveCount(0);
    const table = page.getByRole("table", { name: /Alberta land titles fees/ });
    await expect(table.locator("tbody tr td:last-child")).toHaveText(["$640", "$910", "$1,180", "$1,540"]);
  });

  test("GST rebate calculator: full, phased out, none", async ({ page }) => {
    await page.goto("/mortgagecalculatortestpage");
    await waitForHydration(page);
    const tool = page.getByRole("group", { name: /GST rebate calculator/ });
    await expect(tool).toContainText("$40,000");
    await tool.getByLabel("New home price (before GST)").fill("1250000");
    await expect(tool).toContainText("$25,000");
    await expect(tool).toContainText("shrinks in a straight line");
    await tool.getByLabel("New home price (before GST)").fill("1600000");
    await expect(tool).toContainText("There is no rebate");
    await tool.getByLabel("New home price (before GST)").fill("");
    await expect(tool).toContainText("Enter the price of the new home");
    await expectNoBrokenFigures(page);
    await expectNoA11yViolations(page);
  });
});
