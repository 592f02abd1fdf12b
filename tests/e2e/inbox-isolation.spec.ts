/** None of the inbox's code reaches a public page: no inbox chunk, no passkey library, no inbox URL. */
import { expect, test } from "./support";

for (const path of ["/", "/about", "/welcome", "/contact", "/mortgage-calculator"]) {
  test(`${path} loads no inbox code`, async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script")
        scripts.push({ url: response.url(), body: await response.text().catch(() => "") });
    });
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      expect(s.url).not.toMatch(/inbox|passkey|simplewebauthn/i);
      expect(s.body, s.url).not.toContain("/inbox/pulse");
      expect(s.body, s.url).not.toContain("/inbox/passkey");
      expect(s.body, s.url).not.toContain("PublicKeyCredential");
    }
  });
}
