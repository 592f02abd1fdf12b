/**
 * The two public forms behave alike (issue 10): one action, one notice, the same echo of what was
 * typed after an error and the same focus on the first field to fix, with and without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support";
import { uniqueClientIp, uniqueEmail, useOwnClientIp } from "./lead-support";

const CHECK_FIELDS = "Please check the highlighted fields and try again.";

const forms = [
  {
    name: "contact form",
    path: "/contact",
    async open(_page: Page) {},
    fill: { "Full Name": "Pat Focus", "Email Address": "", "Phone Number": "call me later" },
    phoneLabel: "Phone Number",
    submit: "Send Message",
    badPost: { name: "Pat Focus", email: "pat@example.com", phone: "call me", message: "keep this" },
  },
  {
    name: "welcome lead form",
    path: "/welcome",
    async open(page: Page) {
      await page.getByRole("button", { name: "I'm Selling" }).click();
    },
    fill: { "Full Name": "Pat Focus", "Email Address": "", "Phone Number": "call me later" },
    phoneLabel: "Phone Number",
    submit: "Continue",
    badPost: { fullName: "Pat Focus", email: "pat@example.com", phone: "call me", serviceType: "selling", comments: "keep this" },
  },
] as const;

for (const form of forms) {
  test.describe(form.name, () => {
    test("with JavaScript: a field the browser accepts but the schema refuses gets its message and the focus", async ({ page }) => {
      await useOwnClientIp(page);
      await page.goto(form.path);
      await waitForHydration(page);
      await form.open(page);
      for (const [label, value] of Object.entries(form.fill)) {
        await page.getByLabel(label).fill(value || uniqueEmail("focus"));
      }
      await page.getByRole("button", { name: form.submit }).click();
      const phone = page.getByLabel(form.phoneLabel);
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toBeFocused();
      await expect(phone).toHaveValue("call me later");
    });

    test("without JavaScript: bad input comes back with the notice, the field message and what was typed", async ({ page }) => {
      const r = await page.request.post(form.path, { form: { ...form.badPost }, headers: { "X-Forwarded-For": uniqueClientIp() } });
      expect(r.status()).toBe(400);
      const html = await r.text();
      expect(html).toContain(CHECK_FIELDS);
      expect(html).toContain('value="Pat Focus"');
      expect(html).toContain('value="call me"');
      expect(html).toContain("keep this");
      expect(html).toMatch(/aria-invalid="true"[^>]*name="phone"|name="phone"[^>]*aria-invalid="true"/);
    });
  });
}
