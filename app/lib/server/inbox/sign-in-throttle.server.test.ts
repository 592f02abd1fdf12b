/**
 * The sign-in throttle against the real database (PGlite here, counting in memory; CI runs this
 * file again on PostgreSQL, counting in the shared `rate_limits` table): attempts are counted
 * before they are checked, so a burst gets no more than the limit; a browser that signed in before
 * keeps its own allowance; a success gives its count back; passkey challenges are limited.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { tokenIn } from "../../../../tests/support/inbox-cookies";
import { createAccountFromInvite, createInvite } from "./accounts.server";
import { knownDevice, rememberDevice } from "./devices.server";
import { DEFAULT_LIMITS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_DEVICE, createSignInThrottle } from "./sign-in-throttle.server";

const t = testDatabaseForThisFile();

/**
 * Keys unique to one test: with PostgreSQL the counts live in `rate_limits`, which the test
 * database's truncate leaves alone, and every throttle of this file shares its limiters' names.
 */
const unique = () => randomBytes(4).toString("hex");
const emailOf = (name: string) => `${name}-${unique()}@example.com`;
const addressOf = (n: number) => `2001:db8:${unique()}::${n.toString(16)}`;

const small = (limits: Partial<typeof DEFAULT_LIMITS>) => ({ ...DEFAULT_LIMITS, windowMs: 60_000, challengeWindowMs: 60_000, ...limits });

async function deviceKeyFor(email: string): Promise<string> {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, { name: "Jordan", email, password: "a long enough passphrase" });
  if (!created.ok) throw new Error("no account");
  const cookie = await rememberDevice(t.db, created.account.id, null, false);
  const deviceToken = (await tokenIn([cookie], "inbox_device"))!;
  const key = await knownDevice(t.db, deviceToken, email);
  if (!key) throw new Error("the device was not remembered");
  return key;
}

describe(`sign-in throttle (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("blocks an account after its attempts and an address after its own, and a success clears the account", async () => {
    const throttle = await createSignInThrottle(t.db, small({ account: 3, address: 5 }));
    const jordan = emailOf("jordan");
    const [first, second] = [addressOf(1), addressOf(2)];
    for (let i = 0; i < 3; i++) expect((await throttle.password({ email: jordan, address: first, device: null })).allowed).toBe(true);
    const blocked = await throttle.password({ email: jordan, address: second, device: null });
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another account from the first address is still allowed until the address's own limit (5).
    expect((await throttle.password({ email: emailOf("other"), address: first, device: null })).allowed).toBe(true);
    const fifth = await throttle.password({ email: emailOf("third"), address: first, device: null });
    expect(fifth.allowed).toBe(true);
    expect((await throttle.password({ email: emailOf("fourth"), address: first, device: null })).allowed).toBe(false);
    // Passkey attempts from that address count against the same allowance.
    expect((await throttle.passkey({ address: first, device: null })).allowed).toBe(false);

    // A success clears its account (and gives its address one back).
    await fifth.succeeded();
    const again = await throttle.password({ email: emailOf("third"), address: second, device: null });
    expect(again.allowed).toBe(true);
    await again.succeeded();
    // The first address counted seven (refused attempts count too) and got one back: still past its five.
    expect((await throttle.password({ email: emailOf("fifth"), address: first, device: null })).allowed).toBe(false);
  });

  it("an address past its limit spends no account's allowance", async () => {
    const throttle = await createSignInThrottle(t.db, small({ account: 2, address: 1 }));
    const jordan = emailOf("jordan");
    const noisy = addressOf(1);
    expect((await throttle.password({ email: emailOf("other"), address: noisy, device: null })).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await throttle.password({ email: jordan, address: noisy, device: null })).allowed).toBe(false);
    // Jordan's two attempts are all still there for other addresses.
    expect((await throttle.password({ email: jordan, address: addressOf(2), device: null })).allowed).toBe(true);
    expect((await throttle.password({ email: jordan, address: addressOf(3), device: null })).allowed).toBe(true);
    expect((await throttle.password({ email: jordan, address: addressOf(4), device: null })).allowed).toBe(false);
  });

  it(`100 simultaneous attempts on one account get exactly ${SIGN_IN_FAILURES_PER_ACCOUNT} through, from one address or from 100`, async () => {
    const throttle = await createSignInThrottle(t.db);
    const fromOne = emailOf("one");
    const address = addressOf(1);
    const burst = await Promise.all(Array.from({ length: 100 }, () => throttle.password({ email: fromOne, address, device: null })));
    expect(burst.filter((a) => a.allowed)).toHaveLength(SIGN_IN_FAILURES_PER_ACCOUNT);
    expect(burst.filter((a) => !a.allowed).every((a) => a.retryAfterSeconds > 0)).toBe(true);

    const fromMany = emailOf("many");
    const spread = await Promise.all(
      Array.from({ length: 100 }, (_, i) => throttle.password({ email: fromMany, address: addressOf(i), device: null })),
    );
    expect(spread.filter((a) => a.allowed)).toHaveLength(SIGN_IN_FAILURES_PER_ACCOUNT);
  });

  it("a browser that signed in before keeps its own allowance while strangers have exhausted the account", async () => {
    const throttle = await createSignInThrottle(t.db, small({ account: 3, device: 4 }));
    const jordan = emailOf("jordan");
    const device = await deviceKeyFor(jordan);
    // Strangers use up the account, from many addresses at once.
    const strangers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => throttle.password({ email: jordan, address: addressOf(i), device: null })),
    );
    expect(strangers.filter((a) => a.allowed)).toHaveLength(3);
    expect((await throttle.password({ email: jordan, address: addressOf(99), device: null })).allowed).toBe(false);

    // The agent's own browser, even from an address strangers used, is counted on its own.
    const mine = await Promise.all(Array.from({ length: 6 }, () => throttle.password({ email: jordan, address: addressOf(0), device })));
    expect(mine.filter((a) => a.allowed)).toHaveLength(4);
    // A success gives the device its allowance back.
    await mine.find((a) => a.allowed)!.succeeded();
    expect((await throttle.password({ email: jordan, address: addressOf(0), device })).allowed).toBe(true);
    // Strangers are still refused.
    expect((await throttle.password({ email: jordan, address: addressOf(98), device: null })).allowed).toBe(false);
    // And a passkey attempt from that browser counts against the same device allowance.
    expect((await throttle.passkey({ address: addressOf(0), device })).allowed).toBe(true);
  });

  it(`a device's allowance is ${SIGN_IN_FAILURES_PER_DEVICE} by default, apart from the account's`, async () => {
    const throttle = await createSignInThrottle(t.db);
    const jordan = emailOf("jordan");
    const device = await deviceKeyFor(jordan);
    const mine = await Promise.all(Array.from({ length: 30 }, () => throttle.password({ email: jordan, address: addressOf(1), device })));
    expect(mine.filter((a) => a.allowed)).toHaveLength(SIGN_IN_FAILURES_PER_DEVICE);
    // The account itself was not touched by the device's attempts.
    const strangers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => throttle.password({ email: jordan, address: addressOf(100 + i), device: null })),
    );
    expect(strangers.filter((a) => a.allowed)).toHaveLength(SIGN_IN_FAILURES_PER_ACCOUNT);
  });

  it("succeeded() gives the account its whole allowance back and the address one attempt", async () => {
    const throttle = await createSignInThrottle(t.db, small({ account: 3, address: 4 }));
    const jordan = emailOf("jordan");
    const home = addressOf(1);
    const attempts = [];
    for (let i = 0; i < 3; i++) attempts.push(await throttle.password({ email: jordan, address: home, device: null }));
    expect(attempts.every((a) => a.allowed)).toBe(true);
    await attempts[2]!.succeeded();
    // The account: three more (from other addresses, not to spend the home address).
    for (let i = 0; i < 3; i++)
      expect((await throttle.password({ email: jordan, address: addressOf(10 + i), device: null })).allowed).toBe(true);
    expect((await throttle.password({ email: jordan, address: addressOf(20), device: null })).allowed).toBe(false);
    // The home address counted 3, gave one back: two more attempts (of other accounts) before its limit of 4.
    expect((await throttle.password({ email: emailOf("a"), address: home, device: null })).allowed).toBe(true);
    expect((await throttle.password({ email: emailOf("b"), address: home, device: null })).allowed).toBe(true);
    expect((await throttle.password({ email: emailOf("c"), address: home, device: null })).allowed).toBe(false);
  });

  it("a refused attempt's succeeded() gives nothing back", async () => {
    const throttle = await createSignInThrottle(t.db, small({ account: 1, address: 10 }));
    const jordan = emailOf("jordan");
    expect((await throttle.password({ email: jordan, address: addressOf(1), device: null })).allowed).toBe(true);
    const refused = await throttle.password({ email: jordan, address: addressOf(2), device: null });
    expect(refused.allowed).toBe(false);
    await refused.succeeded();
    expect((await throttle.password({ email: jordan, address: addressOf(3), device: null })).allowed).toBe(false);
  });

  it("passkey attempts count per address, and a success gives one back", async () => {
    const throttle = await createSignInThrottle(t.db, small({ address: 2 }));
    const home = addressOf(1);
    const first = await throttle.passkey({ address: home, device: null });
    expect(first.allowed).toBe(true);
    expect((await throttle.passkey({ address: home, device: null })).allowed).toBe(true);
    expect((await throttle.passkey({ address: home, device: null })).allowed).toBe(false);
    expect((await throttle.passkey({ address: addressOf(2), device: null })).allowed).toBe(true);

    const other = addressOf(3);
    const ok = await throttle.passkey({ address: other, device: null });
    await ok.succeeded();
    expect((await throttle.passkey({ address: other, device: null })).allowed).toBe(true);
    expect((await throttle.passkey({ address: other, device: null })).allowed).toBe(true);
    expect((await throttle.passkey({ address: other, device: null })).allowed).toBe(false);
  });

  it("limits passkey challenges per address and in all, and never refuses a browser that signed in before", async () => {
    const throttle = await createSignInThrottle(t.db, small({ challengesPerAddress: 3, challengesInAll: 5 }));
    const noisy = addressOf(1);
    const burst = await Promise.all(Array.from({ length: 10 }, () => throttle.challenge({ address: noisy, device: null })));
    expect(burst.filter((d) => d.allowed)).toHaveLength(3);
    const refused = burst.find((d) => !d.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);

    // Another address has its own three, until the total of five is reached.
    const other = await Promise.all(Array.from({ length: 3 }, () => throttle.challenge({ address: addressOf(2), device: null })));
    expect(other.filter((d) => d.allowed)).toHaveLength(2);
    expect((await throttle.challenge({ address: addressOf(3), device: null })).allowed).toBe(false);

    // The agent's browser is let through even now.
    const device = await deviceKeyFor(emailOf("jordan"));
    const mine = await Promise.all(Array.from({ length: 10 }, () => throttle.challenge({ address: noisy, device })));
    expect(mine.every((d) => d.allowed)).toBe(true);
  });

  it(`a burst of challenges from one address gets exactly its allowance (${DEFAULT_LIMITS.challengesPerAddress})`, async () => {
    const throttle = await createSignInThrottle(t.db, { ...DEFAULT_LIMITS, challengesInAll: 1000 });
    const address = addressOf(1);
    const burst = await Promise.all(Array.from({ length: 100 }, () => throttle.challenge({ address, device: null })));
    expect(burst.filter((d) => d.allowed)).toHaveLength(DEFAULT_LIMITS.challengesPerAddress);
  });
});
