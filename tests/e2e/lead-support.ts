/** Helpers for the contact and welcome specs: a client IP per test, and the agent's mail on disk. */
import { type Page, expect } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

let counter = 0;
/**
 * A client address no other request of this run uses (the server trusts X-Forwarded-For from
 * loopback in e2e), so one test's submissions never count against another's rate limit.
 * TEST_WORKER_INDEX is unique for every worker process of a run, restarts included.
 */
export function uniqueClientIp(): string {
  counter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  return `10.${worker % 256}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function useOwnClientIp(page: Page): Promise<string> {
  const ip = uniqueClientIp();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return ip;
}

const mailDir = () => path.join(process.env.E2E_DATA_DIR!, "mail");

function mailsContaining(needle: string): string[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))))
    .filter((text) => text.includes(needle));
}

/** Waits for the notification e-mail that mentions `needle` (a unique e-mail address) and returns its decoded text. */
export async function waitForMail(needle: string): Promise<string> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = mailsContaining(needle);
        return found.length;
      },
      { timeout: 15_000, message: `an .eml mentioning ${needle} in ${mailDir()}` },
    )
    .toBeGreaterThan(0);
  return found[0]!;
}

/** Asserts that no notification mentioning `needle` is written within `ms`. */
export async function expectNoMail(needle: string, ms = 2500): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  expect(mailsContaining(needle)).toEqual([]);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Holds the form's request for a moment, so the submitting state can be seen. */
export async function slowDown(page: Page, pattern: string, ms = 1200): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}
