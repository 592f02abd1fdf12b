/**
 * What the DDF® feed's end-to-end specs share: the second server of playwright.config.ts
 * (E2E_PORT + 2), whose sync fills its own database from the fixtures' stand-in at start-up.
 */
import { type Browser, type Page, expect as baseExpect } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, phoneViewport, test } from "./support";
import { uniqueClientIp } from "./lead-support";

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

const agent = { name: "Jordan Avery", email: "jordan@averyhomes.example", password: "correct horse battery staple" };

/**
 * The feed server's inbox, signed in: it has its own database, so its own account, made from the
 * set-up link in its own output the first time (afterwards the link answers 410 and the password signs in).
 */
export async function feedInbox(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: feedBase,
    viewport: phoneViewport,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  const page = await context.newPage();
  const log = path.join(process.env.E2E_FEED_DATA_DIR!, "server.log");
  const match = (existsSync(log) ? readFileSync(log, "utf8") : "").match(/\[inbox\] No account yet\. .*?: (http\S+\/inbox\/setup\/\S+)/);
  if (!match) throw new Error(`no set-up link in ${log}`);
  const setup = await page.goto(new URL(match[1]!).pathname);
  if (setup?.status() === 200) {
    await page.getByLabel("Your name").fill(agent.name);
    await page.getByLabel("E-mail").fill(agent.email);
    await page.getByLabel("Password").fill(agent.password);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/inbox\/account\?welcome$/);
  } else {
    await page.goto("/inbox/sign-in");
    await page.getByLabel("E-mail").fill(agent.email);
    await page.getByLabel("Password").fill(agent.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/inbox$/);
  }
  return page;
}
