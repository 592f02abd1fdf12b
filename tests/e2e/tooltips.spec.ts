/** Icon-only controls name themselves in a tooltip after 700 ms, at once within 300 ms of another (spec §9). */
import { expect, phoneViewport, test, waitForHydration } from "./support";

test("carousel controls: the tooltip waits 700 ms on hover, the next one skips the wait", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const next = page.getByRole("button", { name: "Next testimonial" });
  await next.scrollIntoViewIfNeeded();
  await next.hover();
  const started = Date.now();
  const tooltip = page.getByRole("tooltip");
  await page.waitForTimeout(400);
  await expect(tooltip).toHaveCount(0);
  await expect(tooltip).toHaveText("Next testimonial");
  expect(Date.now() - started).toBeGreaterThanOrEqual(650);
  await expect(next).toHaveAccessibleDescription("Next testimonial");

  // Straight on to the previous button: no new wait.
  await page.getByRole("button", { name: "Previous testimonial" }).hover();
  await expect(tooltip).toHaveText("Previous testimonial", { timeout: 250 });
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
