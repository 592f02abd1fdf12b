/**
 * What the mortgage calculator's specs share (mortgage-calculator, mortgage-without-javascript
 * and cost-tools .spec.ts): the calculator's fields and result, and the check for broken figures.
 *
 * Expected payments were worked independently (P·i / (1 − (1 + i)^−n), i = r/12, n = 12·years):
 *   400,000 at 6.5 % / 30 y = 2,528.27   400,000 at 5 % / 30 y = 2,147.29
 *   400,000 at 0 % / 30 y = 1,111.11     520,000 at 4.5 % / 25 y = 2,890.33
 *   240,000 at 5 % / 25 y = 1,403.02     400,000 at 6.5 % / 30 y semi-annual = 2,505.61
 */
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./support";

export const NOTE = "This is an estimate. Contact a mortgage professional for accurate calculations.";

export const payment = (page: Page) => page.getByTestId("monthly-payment");
export const noResult = (page: Page) => page.getByTestId("no-result");
export const field = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === "string" });

export async function openCalculator(page: Page, hash = "") {
  await page.goto(`/mortgage-calculator${hash}`);
  await waitForHydration(page);
}

/** No figure on the page may read NaN, Infinity or a negative dollar amount. */
export async function expectNoBrokenFigures(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text).not.toMatch(/NaN|Infinity|∞|-\$\d/);
}
