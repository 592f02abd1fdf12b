import AxeBuilder from "@axe-core/playwright";
import { type Page, test as base, expect } from "@playwright/test";

/**
 * Every spec imports `test` and `expect` from here: the page fixture fails the test on any
 * Content-Security-Policy violation the browser reports, so the real security headers are
 * exercised by the whole suite.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, "CSP violations reported in the console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe-core (WCAG 2.x A and AA) on the page and fails on any violation. */
export async function expectNoA11yViolations(page: Page) {
  await waitForTransitions(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits for the page's running CSS transitions and finite animations to end. Buttons fade their
 * colours (`transition-colors`), so right after a colour-scheme switch axe would measure the
 * contrast of a colour halfway between light and dark: that failed CI once. Two frames first, so
 * the style change that starts a transition has been applied.
 */
async function waitForTransitions(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** A phone-sized viewport (iPhone 12-ish) for mobile checks. */
export const phoneViewport = { width: 390, height: 844 };

/** Waits until React has hydrated the page (the root sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
