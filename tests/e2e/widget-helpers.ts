/**
 * Helpers for the listings-widget specs: what the stand-in RealtyVis script (tests/fixtures)
 * recorded in the page, and the page's cumulative layout shift.
 */
import { type Page, expect } from "@playwright/test";

/** Matches the RealtyVis script URL the e2e build was made with (see playwright.config.ts). */
export const REALTYVIS_SCRIPT = "**/realtyvis/js/embed.js";

interface StandInWindow {
  __realtyvisInits?: string[];
  __realtyvisInitCalls?: number;
  __realtyvisScriptRuns?: number;
}

/** Widget ids the stand-in rendered, in order. */
export function widgetInits(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as StandInWindow).__realtyvisInits ?? []);
}

/** How many times the script ran and how many RealtyVis script elements the page holds. */
export function scriptCounts(page: Page): Promise<{ runs: number; elements: number }> {
  return page.evaluate(() => ({
    runs: (window as unknown as StandInWindow).__realtyvisScriptRuns ?? 0,
    elements: document.querySelectorAll("script[data-realtyvis-script]").length,
  }));
}

/** Waits until the widget with this id shows the stand-in's listings and its loading text is gone. */
export async function expectWidgetRendered(page: Page, widgetId: string) {
  const box = page.locator(`section:has(> [data-realtyvis-widget="${widgetId}"])`);
  await expect(box.locator(`[data-fake-realtyvis="${widgetId}"]`)).toBeVisible();
  await expect(box).toHaveAttribute("data-widget-status", "ready");
  await expect(box.getByRole("status")).toHaveCount(0);
}

/** Sum of the layout shifts recorded since navigation start (the page's CLS, roughly). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries are delivered in the first callback; give it a frame.
        requestAnimationFrame(() => setTimeout(() => resolve(total), 50));
      }),
  );
}
