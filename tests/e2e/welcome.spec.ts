import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { slowDown, uniqueClientIp, uniqueEmail, useOwnClientIp, waitForMail } from "./lead-support";

const PROMISES = ["No unwanted follow-ups", "No upfront commitment", "No hidden costs", "Tech-savvy services"];

test.describe("welcome page with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await useOwnClientIp(page);
    await page.goto("/welcome");
    await waitForHydration(page);
  });

  test("shows the heading, the three service buttons, the reassurance and the legal links, accessibly", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Find A Realtor You Can Trust" })).toBeVisible();
    for (const name of ["I'm Buying", "I'm Selling", "I'm Buying and Selling"])
      await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    await expect(page.getByText(/unsubscribe from our e-mails, calls or texts at any time/)).toBeVisible();
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service-test");
    await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy-test");
    await expectNoA11yViolations(page);
  });

  test("'Our Promises to You' opens a dialog with the four promises", async ({ page }) => {
    await page.getByRole("button", { name: "Our Promises to You" }).click();
    const dialog = page.getByRole("dialog", { name: "Our Promises to You" });
    await expect(dialog).toBeVisible();
    for (const promise of PROMISES) await expect(dialog.getByText(promise, { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Our Promises to You" })).toBeFocused();
  });

  test("a service button opens the lead form; 'Submitting...', then 'Thank you!', the form closes and the agent gets every field", async ({
    page,
  }) => {
    const email = uniqueEmail("seller");
    await page.getByRole("button", { name: "I'm Selling", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "I'm Selling" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveAttribute("required", "");
    await expect(dialog.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(dialog.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await expect(dialog.getByLabel("Phone Number")).toHaveAttribute("required", "");
    await expect(dialog.getByRole("textbox", { name: "Comments (optional)" })).toHaveAttribute("rows", "3");
    await expect(dialog).toContainText("By pressing Continue");
    await expect(dialog).toContainText("Reply HELP for help or STOP to stop receiving texts.");
    await expect(dialog.getByRole("link", { name: "Terms of Use" })).toHaveAttribute("href", "/terms-of-service-test");
    await expect(dialog.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy-test");
    await expectNoA11yViolations(page);

    await dialog.getByLabel("Full Name").fill("Sam Seller");
    await dialog.getByLabel("Email Address").fill(email);
    await dialog.getByLabel("Phone Number").fill("(780) 555-0111");
    await dialog.getByRole("textbox", { name: "Comments (optional)" }).fill("Two-storey in Glenora, 'as is' & soon");
    await slowDown(page, "**/welcome.data*");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(dialog.getByLabel("Full Name")).toBeDisabled();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Thank you!" });
    await expect(toast).toContainText("We've received your information and will be in touch soon.");
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(email);
    expect(mail).toContain("Welcome Page Form");
    expect(mail).toContain("Sam Seller");
    expect(mail).toContain("(780) 555-0111");
    expect(mail).toContain("I'm Selling (selling)");
    expect(mail).toContain("Two-storey in Glenora, 'as is' & soon");
    expect(mail).toContain("Two-storey in Glenora, &#39;as is&#39; &amp; soon");
    expect(mail).toMatch(/^Subject: New lead: Sam Seller \(I'm Selling\)$/m);
  });

  test("on failure: the 'Error' toast, and the form stays open with what was typed", async ({ page }) => {
    await page.getByRole("button", { name: "I'm Buying and Selling", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "I'm Buying and Selling" });
    await dialog.getByLabel("Full Name").fill("Bea Both");
    await dialog.getByLabel("Email Address").fill("bea@example.com");
    await dialog.getByLabel("Phone Number").fill("780-555-0122");
    await dialog.getByRole("textbox", { name: "Comments (optional)" }).fill("Keep this text");
    await page.route("**/welcome.data*", (route) => route.abort("connectionreset"));
    await dialog.getByRole("button", { name: "Continue" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error" });
    await expect(toast).toContainText("Something went wrong. Please try again.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Bea Both");
    await expect(dialog.getByRole("textbox", { name: "Comments (optional)" })).toHaveValue("Keep this text");
    await expect(dialog.getByRole("button", { name: "Continue" })).toBeEnabled();
  });

  test("Cancel closes the form", async ({ page }) => {
    await page.getByRole("button", { name: "I'm Buying", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "I'm Buying" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the form dialog fits a phone screen", async ({ page }) => {
    await page.setViewportSize(phoneViewport);
    await page.getByRole("button", { name: "I'm Buying", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "I'm Buying" });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phoneViewport.width);
    await dialog.getByRole("button", { name: "Continue" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Continue" })).toBeInViewport();
  });
});

test.describe("welcome page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the service links open the form in the page; submitting shows the server-rendered 'Thank you!'", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
    const email = uniqueEmail("nojs-buyer");
    await page.goto("/welcome");
    await page.getByRole("link", { name: "I'm Buying", exact: true }).click();
    await expect(page).toHaveURL(/\/welcome\?service=buying#lead-form$/);
    const form = page.locator("#lead-form");
    await expect(form.getByRole("heading", { name: "I'm Buying" })).toBeVisible();
    await form.getByLabel("Full Name").fill("Nora NoScript");
    await form.getByLabel("Email Address").fill(email);
    await form.getByLabel("Phone Number").fill("780-555-0133");
    await form.getByRole("textbox", { name: "Comments (optional)" }).fill("Condo near the LRT");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Continue" }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Thank you!");
    await expect(page.getByRole("status")).toContainText("We've received your information and will be in touch soon.");
    await expect(page.locator("#lead-form")).toHaveCount(0);
    const mail = await waitForMail(email);
    expect(mail).toContain("Condo near the LRT");
    expect(mail).toContain("I'm Buying (buying)");
  });

  test("'Our Promises to You' opens in place", async ({ page }) => {
    await page.goto("/welcome");
    await page.getByRole("link", { name: "Our Promises to You" }).click();
    const panel = page.locator("#our-promises");
    await expect(panel).toBeVisible();
    for (const promise of PROMISES) await expect(panel.getByText(promise, { exact: true })).toBeVisible();
  });

  test("bad input: HTTP 400, the form open again with field messages and what was typed", async ({ page }) => {
    const r = await page.request.post("/welcome", {
      form: { fullName: "Half Done", email: "half@example.com", phone: "", serviceType: "selling", comments: "please keep" },
      headers: { "X-Forwarded-For": uniqueClientIp() },
    });
    expect(r.status()).toBe(400);
    const html = await r.text();
    expect(html).toContain("Please enter your phone number.");
    expect(html).toContain('value="Half Done"');
    expect(html).toContain("please keep");
    expect(html).toContain('id="lead-form"');
  });
});
