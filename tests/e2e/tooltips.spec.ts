/** Icon-only controls name themselves in a tooltip after 700 ms, at once within 300 ms of another (spec §9). */
import type { Page } from "@playwright/test";
import { expect, phoneViewport, test, waitForHydration } from "./support";

/**
 * Records, in the page, when the pointer first reached a button named `name` and when a tooltip
 * first appeared after that: the delay is measured where it happens, not across the test runner's
 * own latency (a busy CI machine can take longer than 700 ms to return from a hover).
 */
async function watchTooltip(page: Page, name: string) {
  await page.evaluate((label) => {
    const w = window as unknown as { __tooltipTiming: { enter?: number; shown?: number } };
    w.__tooltipTiming = {};
    const onOver = (e: Event) => {
      const button = (e.target as Element | null)?.closest?.("button");
      if (button?.textContent?.includes(label) && w.__tooltipTiming.enter === undefined) w.__tooltipTiming.enter = performance.now();
    };
    document.addEventListener("pointerover", onOver, true);
    const observer = new MutationObserver(() => {
      if (
        w.__tooltipTiming.enter !== undefined &&
        w.__tooltipTiming.shown === undefined &&
        document.querySelector('[role="tooltip"]')?.textContent === label
      ) {
        w.__tooltipTiming.shown = performance.now();
        observer.disconnect();
        document.removeEventListener("pointerover", onOver, true);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, name);
}

async function tooltipDelay(page: Page): Promise<number> {
  const t = await page.evaluate(() => (window as unknown as { __tooltipTiming: { enter: number; shown: number } }).__tooltipTiming);
  return t.shown - t.enter;
}

test("carousel controls: the tooltip waits 700 ms on hover, the next one skips the wait", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const next = page.getByRole("button", { name: "Next testimonial" });
  await next.scrollIntoViewIfNeeded();
  await watchTooltip(page, "Next testimonial");
  await next.hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toHaveText("Next testimonial");
  expect(await tooltipDelay(page)).toBeGreaterThanOrEqual(690);
  await expect(next).toHaveAccessibleDescription("Next testimonial");

  // Straight on to the previous button: no new wait.
  await watchTooltip(page, "Previous testimonial");
  await page.getByRole("button", { name: "Previous testimonial" }).hover();
  await expect(tooltip).toHaveText("Previous testimonial");
  expect(await tooltipDelay(page)).toBeLessThan(300);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
});

test("the menu button's tooltip shows on keyboard focus and Escape hides it", async ({ page }) => {
  await page.setViewportSize(phoneViewport);
  await page.goto("/about");
  await waitForHydration(page);
  const menu = page.getByRole("button", { name: "Open menu" });
  for (let i = 0; i < 12 && !(await menu.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(menu).toBeFocused();
  await expect(page.getByRole("tooltip")).toHaveText("Open menu");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  // A tap opens the menu without a tooltip in the way.
  await menu.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
});
