/**
 * What's my home worth (issue 43) on the feed server (its roll comes from the fixture server's City
 * stand-in, with the homes of twelve of its listings), at 390 px: type an address, pick a
 * suggestion with the keyboard, read the range and what it rests on, ask for the in-person
 * evaluation, and find the person in the inbox with the home; then the same path without JavaScript,
 * and the monthly home report's opt-in.
 */
import { type APIRequestContext, expect as baseExpect } from "@playwright/test";
import { feedBase, feedInbox, onFeedServer } from "./feed-support";
import { uniqueEmail, useOwnClientIp } from "./lead-support";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";

onFeedServer();
test.use({ viewport: phoneViewport });

const fixtureOrigin = process.env.E2E_FIXTURE_ORIGIN!;

interface RollRow {
  account_number: string;
  suite?: string;
  house_number: string;
  street_name: string;
  tax_class: string;
}

/** Houses of the stand-in's roll (no suite, residential), as the City's API serves them. */
async function houses(request: APIRequestContext): Promise<RollRow[]> {
  const res = await request.get(`${fixtureOrigin}/city/resource/q7d6-ambg.json?$limit=400&$order=account_number`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as RollRow[]).filter(
    (r) => !r.suite && r.tax_class === "Residential" && / (STREET|AVENUE) NW$/.test(r.street_name),
  );
}

test.beforeAll(async ({ request }) => {
  // The roll is imported a few seconds after the server starts.
  await baseExpect
    .poll(async () => (await request.get(`${feedBase}/home-value/suggest?q=100`)).status(), {
      timeout: 90_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(200);
});

const RANGE = /^Estimated range today: \$[\d,]+ – \$[\d,]+$/;

test("with the keyboard: an address typed, a suggestion picked, the range read, the evaluation asked for, the seller in the inbox", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await useOwnClientIp(page);
  const [home] = await houses(request);
  const account = home!.account_number;
  // "10234 105 St": the street's type as people abbreviate it.
  const typed = `${home!.house_number} ${home!.street_name.replace(/ STREET NW$/, " St").replace(/ AVENUE NW$/, " Ave")}`;

  await page.goto("/home-value");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: /address/i });
  await box.focus();
  await page.keyboard.type(typed, { delay: 20 });
  const option = page
    .getByRole("option")
    .filter({ hasText: new RegExp(`^${home!.house_number} `) })
    .first();
  await expect(option).toBeVisible();
  await expect(page.getByRole("status")).toContainText(/address(es)? found/);
  // Down to the home's option (aria-activedescendant follows), then Enter.
  const options = await page.getByRole("option").allTextContents();
  const index = options.findIndex((t) => t.startsWith(`${home!.house_number} `));
  for (let i = 0; i <= index; i++) await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /-list-\d+$/);
  await expect(page.locator(`#${await box.getAttribute("aria-activedescendant")}`)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/home-value/${account}$`));

  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.getByTestId("home-estimate")).toHaveText(RANGE);
  await expect(page.getByTestId("estimate-basis")).toContainText(/^Based on \d+ houses for sale in /);
  await expect(page.getByTestId("estimate-caveat")).toContainText("Asking prices are not sale prices");
  await expect(page.getByTestId("estimate-caveat")).toContainText("not an appraisal");
  await expect(page.getByTestId("assessment-line")).toHaveText(
    /^City of Edmonton assessment: \$[\d,]+ \(\d{4} roll, market value as of July 1, \d{4}\)$/,
  );
  await expect(page.getByTestId("comparables").locator('a[href^="/listings/"]').first()).toBeVisible();
  await expect(page.getByTestId("roll-source")).toContainText("Open Government Licence – City of Edmonton");
  await expect(page.getByText(/appraised/i)).toHaveCount(0);
  const range = (await page.getByTestId("home-estimate").textContent())!.replace("Estimated range today: ", "");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("home-value-390.png"), fullPage: true });

  // "Get my in-person evaluation", by keyboard.
  const email = uniqueEmail("seller");
  const name = `Seller ${Date.now().toString(36)}`;
  await page.getByLabel("Full Name").focus();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("780-555-0188");
  await page.getByLabel("When might you sell?").selectOption("0-3");
  await page.getByRole("button", { name: "Get my in-person evaluation" }).press("Enter");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Request Sent!" })).toBeVisible();

  const inbox = await feedInbox(browser);
  await inbox.goto("/inbox");
  await inbox.getByRole("link", { name: new RegExp(name) }).click();
  await expect(inbox.getByRole("heading", { name })).toBeVisible();
  const card = inbox.getByTestId("valuation-home");
  await expect(card.locator(`a[href="/home-value/${account}"]`)).toBeVisible();
  await expect(card).toContainText(`estimate shown ${range}`);
  await expect(card).toContainText("may sell: Within 3 months");
  await inbox.context().close();
});

test("on a desktop: a suggestion picked with the mouse, the home's page laid out wide with its range, its assessment and the evaluation form", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ baseURL: feedBase, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useOwnClientIp(page);
  const [, , home] = await houses(request);
  const account = home!.account_number;
  await page.goto("/home-value");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: /address/i });
  await box.click();
  await box.pressSequentially(`${home!.house_number} ${home!.street_name}`.slice(0, 12), { delay: 20 });
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await page
    .getByRole("option")
    .filter({ hasText: new RegExp(`^${home!.house_number} `) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/home-value/${account}$`));
  await expect(page.getByTestId("home-estimate")).toHaveText(RANGE);
  await expect(page.getByTestId("assessment-line")).toBeVisible();
  await expect(page.getByRole("button", { name: "Get my in-person evaluation" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("home-value-desktop.png"), fullPage: true });
  await context.close();
});

test("without JavaScript: the form lists the matches, the home's page shows its range, and the evaluation request is sent", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ baseURL: feedBase, javaScriptEnabled: false, viewport: phoneViewport });
  const page = await context.newPage();
  await useOwnClientIp(page);
  const [, home] = await houses(request);
  await page.goto("/home-value");
  await page.getByLabel(/address/i).fill(`${home!.house_number} ${home!.street_name}`);
  await page.getByRole("button", { name: "Find my home" }).click();
  await expect(page).toHaveURL(/\/home-value\?address=/);
  const matches = page.getByTestId("address-matches");
  await matches.locator(`a[href="/home-value/${home!.account_number}"]`).click();
  await expect(page.getByTestId("home-estimate")).toHaveText(RANGE);
  await page.getByLabel("Full Name").fill("No Script Seller");
  await page.getByLabel("Email Address").fill(uniqueEmail("noscript-seller"));
  await page.getByLabel("Phone Number").fill("780-555-0189");
  await page.getByLabel("When might you sell?").selectOption("unsure");
  await page.getByRole("button", { name: "Get my in-person evaluation" }).click();
  await expect(page.getByText("Request Sent!")).toBeVisible();

  // The monthly home report's opt-in (issue 43), a plain form to /alerts: e-mail, the consent box, then the double opt-in's mail.
  await page.goto(`/home-value/${home!.account_number}`);
  await page.locator("summary", { hasText: "Get my monthly home report" }).click();
  const report = page.locator('form[action="/alerts"]');
  await report.getByRole("textbox", { name: "E-mail" }).fill(uniqueEmail("noscript-report"));
  await report.getByRole("checkbox").check();
  await report.locator('button[type="submit"]').click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await context.close();
});
