/**
 * What the guards' fault tests share (guards-sign-in, guards-inbox-requests and
 * guards-bounded-storage .test.ts): the production site a file's findings share, with its first
 * account, new accounts made by it, and reading the sign-in throttle's answers.
 *
 * Each check would fail on the old design: guards in Express matching path strings (other
 * spellings got through), a throttle that checked and then counted (a burst got one guess per
 * request), a sign-in log with a row per attempt (strangers grew the database at will).
 */
import { afterAll, beforeAll, expect } from "vitest";
import { killAll } from "./children";
import { freshDataDir, removeDataDirs } from "./data";
import { type Answer, type Browser, closeConnections, createAccount, inviteFrom, printedSetupPath } from "./inbox";
import { ports } from "./ports";
import { type SiteProcess, startSite } from "./site";

/** The site most findings of a file share; each finding uses accounts and client addresses of its own. */
export let site: SiteProcess;
/** The first account, signed in (made through the set-up link the server printed). */
export let agent: Browser;

/**
 * For a guards test file, at its top. With `sharedSite`, the shared site (and its first account) is
 * started before the tests. After them, every site the file started is killed, then `afterSites`
 * runs (a PostgreSQL server's destroy), then the data folders and pooled connections go.
 */
export function guardsHooks(options: { sharedSite: boolean; afterSites?: () => void }): void {
  if (options.sharedSite) {
    beforeAll(async () => {
      site = await startSite({ port: ports.guards.site, dataDir: freshDataDir() });
      agent = await createAccount(site, await printedSetupPath(site), "agent@example.com");
    });
  }
  afterAll(() => {
    killAll();
    options.afterSites?.();
    removeDataDirs();
    closeConnections();
  });
}

/** A new account (set-up link made on the Account page by the agent); the browser that made it is known to the site. */
export async function newAccount(email: string): Promise<Browser> {
  return createAccount(site, await inviteFrom(site, agent, email), email);
}

/** A 429 from the sign-in throttle: Retry-After in seconds, and the message names the wait in minutes. */
export function expectThrottled(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBe(429);
  // Soft: a missing Retry-After is reported, and the rest of the finding is still checked.
  expect
    .soft(Number(answer.header("retry-after")), `${what}: Retry-After (got ${JSON.stringify(answer.header("retry-after"))})`)
    .toBeGreaterThan(0);
  expect(answer.body, what).toMatch(/Try again in \d+ minutes?/);
  expect(answer.cookie("inbox_session"), `${what}: no session`).toBeNull();
}

export function tally(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
}
