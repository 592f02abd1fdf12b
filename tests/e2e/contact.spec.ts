import type { Page } from "@playwright/test";
import { site } from "../../app/content/site";
import { expect, expectNoA11yViolations, phoneViewport, test, waitForHydration } from "./support";
import { expectNoMail, slowDown, uniqueClientIp, uniqueEmail, useOwnClientIp, waitForMail } from "./lead-support";

const PHONE = site.agent.phone;
const SUCCESS_TITLE = "Message Sent Successfully!";
const SUCCESS_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";
const FAILURE_TEXT = `There was a problem sending your message. Please try again or call us directly at ${PHONE}.`;

const fields = (page: Page) => [
  page.getByLabel("Full Name"),
  page.getByLabel("Email Address"),
  page.getByLabel("Phone Number"),
  page.getByRole("textbox", { name: "Message (optional)" }),
];

test.describe("contact page with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await useOwnClientIp(page);
  });

  test("shows phone, e-mail, office, the 'Send us a Message' form and the 584 px message embed, accessibly", async ({ page }) => {
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+17805550142");
    await expect(main.getByRole("link", { name: "jordan@averyhomes.example" })).toBeVisible();
    await expect(main.getByText("10150 Jasper Avenue NW")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send us a Message" })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await expect(page.getByLabel("Phone Number")).not.toHaveAttribute("required", "");
    await expect(page.getByRole("textbox", { name: "Message (optional)" })).toHaveAttribute("rows", "5");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    const frame = page.locator('iframe[title="Message form"]');
    await expect(frame).toHaveAttribute("height", "584");
    await expectNoA11yViolations(page);
  });

  test("sends: 'Sending...' with every input disabled, then the success toast, a reset form and the agent's e-mail", async ({ page }) => {
    const email = uniqueEmail("jane");
    await page.goto("/contact");
    await waitForHydration(page);
    await slowDown(page, "**/contact.data*");
    await page.getByLabel("Full Name").fill("Jane <i>Tester</i>");
    await page.getByLabel("Email Address").fill(`  ${email.toUpperCase()} `);
    await page.getByLabel("Phone Number").fill("780-555-0199");
    await page.getByRole("textbox", { name: "Message (optional)" }).fill("Is the bungalow on 104 Street still available?");
    await page.getByRole("button", { name: "Send Message" }).click();

    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    for (const field of fields(page)) await expect(field).toBeDisabled();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: SUCCESS_TITLE });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(SUCCESS_TEXT);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const field of fields(page)) await expect(field).toHaveValue("");
    expect(new URL(page.url()).pathname).toBe("/contact");

    const mail = await waitForMail(email);
    expect(mail).toMatch(/^To: jordan@averyhomes\.example$/m);
    expect(mail).toMatch(/^Reply-To: .*<.*@example\.com>$/m);
    expect(mail).toMatch(/^Message-ID:\s*<contact-[0-9a-f-]+@averyhomes\.example>/m);
    expect(mail).toContain("Is the bungalow on 104 Street still available?");
    expect(mail).toContain("780-555-0199");
    expect(mail).toContain("contact_form");
    expect(mail).toContain("Jane &lt;i&gt;Tester&lt;/i&gt;");
  });

  test("a lost connection shows the error toast with the phone number and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.route("**/contact.data*", (route) => route.abort("connectionrefused"));
    await page.getByLabel("Full Name").fill("Offline Olive");
    await page.getByLabel("Email Address").fill("olive@example.com");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Error" });
    await expect(toast).toContainText(FAILURE_TEXT);
    await expect(page.getByLabel("Full Name")).toHaveValue("Offline Olive");
    await expect(page.getByLabel("Email Address")).toHaveValue("olive@example.com");
  });

  test("past the rate limit the visitor gets the friendly 429 message in a toast", async ({ page, request }) => {
    const ip = await useOwnClientIp(page);
    for (let i = 0; i < 10; i++) {
      const r = await request.post("/contact", {
        form: { name: "Quota", email: uniqueEmail("quota") },
        headers: { "X-Forwarded-For": ip },
      });
      expect(r.status()).toBe(200);
    }
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Full Name").fill("Too Many");
    await page.getByLabel("Email Address").fill(uniqueEmail("many"));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Error" })).toContainText(
      "You've sent several requests in a short time.",
    );
    await expect(page.getByLabel("Full Name")).toHaveValue("Too Many");
  });

  test("fits a phone screen", async ({ page }) => {
    await page.setViewportSize(phoneViewport);
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByLabel("Full Name").boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    await expectNoA11yViolations(page);
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form and shows the server-rendered success, and the agent gets the e-mail", async ({ page }) => {
    await useOwnClientIp(page);
    const email = uniqueEmail("nojs");
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill("No Script Nora");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("textbox", { name: "Message (optional)" }).fill("Sent without JavaScript");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(response.status()).toBe(200);
    const notice = page.getByRole("status").filter({ hasText: SUCCESS_TITLE });
    await expect(notice).toContainText(SUCCESS_TEXT);
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    const mail = await waitForMail(email);
    expect(mail).toContain("Sent without JavaScript");
  });

  test("bad input comes back with HTTP 400, field messages and what was typed", async ({ page }) => {
    // The browser's own checks (required, type=email) stop this in the page; a bot or an old
    // browser would send it anyway, as this request does.
    const ip = uniqueClientIp();
    const r = await page.request.post("/contact", {
      form: { name: " ", email: "not-an-email", message: "keep me" },
      headers: { "X-Forwarded-For": ip },
    });
    expect(r.status()).toBe(400);
    const html = await r.text();
    expect(html).toContain("Please enter your full name.");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("keep me");
  });
});

test.describe("contact form defences", () => {
  test("a filled honeypot is answered calmly and nothing is stored or sent", async ({ request }) => {
    const email = uniqueEmail("bot");
    const r = await request.post("/contact", {
      form: { name: "Bot", email, message: "buy now", website: "https://spam.example" },
      headers: { "X-Forwarded-For": uniqueClientIp() },
    });
    expect(r.status()).toBe(200);
    expect(await r.text()).toContain(SUCCESS_TITLE);
    await expectNoMail(email);
  });

  test("the 11th submission in the window from one address gets HTTP 429 with a friendly message", async ({ request }) => {
    const ip = uniqueClientIp();
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 11; i++) {
      const r = await request.post("/contact", { form: { name: "Rate", email: uniqueEmail("rate") }, headers: { "X-Forwarded-For": ip } });
      statuses.push(r.status());
      last = await r.text();
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(last).toContain(
      "You&#x27;ve sent several requests in a short time. Please wait a few minutes and try again, or call us directly at 780-555-0142.",
    );
  });

  test("a POST from another site's page is refused and nothing is stored", async ({ request }) => {
    const email = uniqueEmail("csrf");
    const r = await request.post("/contact", {
      form: { name: "Forged", email },
      headers: { Origin: "https://evil.example", "X-Forwarded-For": uniqueClientIp() },
    });
    expect(r.status()).toBe(400);
    await expectNoMail(email);
  });

  test("an oversized body is refused with 413 before it is read", async ({ request }) => {
    const r = await request.post("/contact", {
      form: { name: "Big", email: "big@example.com", message: "x".repeat(64 * 1024) },
      headers: { "X-Forwarded-For": uniqueClientIp() },
    });
    expect(r.status()).toBe(413);
  });

  test("/healthz checks the database and tells the public nothing more", async ({ request }) => {
    // Relayed by a proxy for a visitor: up or down, nothing of the agent's lead volume.
    const viaProxy = await request.get("/healthz", { headers: { "X-Forwarded-For": uniqueClientIp() } });
    expect(viaProxy.status()).toBe(200);
    expect(await viaProxy.json()).toEqual({ ok: true, database: "ok" });
    // Asked on the server's own machine (monitoring): the notification queue as well.
    const local = await request.get("/healthz");
    expect(await local.json()).toMatchObject({
      ok: true,
      database: "ok",
      notifications: { pending: expect.any(Number), sent: expect.any(Number) },
    });
  });
});
