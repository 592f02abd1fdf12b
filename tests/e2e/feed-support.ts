/**
 * What the DDF® feed's end-to-end specs share: the second server of playwright.config.ts
 * (E2E_PORT + 2), whose sync fills its own database from the fixtures' stand-in at start-up.
 */
import { type Page, expect as baseExpect } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { test } from "./support";

export const feedBase = process.env.E2E_FEED_BASE_URL!;

/** Points the spec at the feed server and waits, once, until its sync has shown homes on /listings. Call at the top of a spec. */
export function onFeedServer(): void {
  test.use({ baseURL: feedBase });
  test.beforeAll(async ({ request }) => {
    await baseExpect
      .poll(async () => ((await (await request.get(`${feedBase}/listings`)).text()).match(/href="\/listings\/[^"]+"/g) ?? []).length, {
        timeout: 90_000,
        intervals: [500, 1000, 2000],
        message: "the feed server's /listings shows synced listings",
      })
      .toBeGreaterThan(0);
  });
}

/** The search's results (the agent's own listings may come above them). */
export const results = (page: Page) => page.locator('section[aria-labelledby="results-heading"]');

export async function firstListingPath(page: Page): Promise<string> {
  await page.goto("/listings");
  const href = await results(page).locator('a[href^="/listings/"]').first().getAttribute("href");
  return href!;
}

/** The agent's notification (an .eml in the feed server's DATA_DIR/mail) mentioning `needle`, decoded from quoted-printable (UTF-8: addresses have accents). */
export function feedMailContaining(needle: string): string | null {
  const dir = path.join(process.env.E2E_FEED_DATA_DIR!, "mail");
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".eml"))) {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const text = Buffer.from(bytes, "latin1").toString("utf8");
    if (text.includes(needle)) return text;
  }
  return null;
}
