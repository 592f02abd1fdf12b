/**
 * The sign-in guards as an attacker meets them, against the production server (a child process
 * of the production build): the throttle under concurrent bursts (counted before the password is
 * checked), a known browser keeping its own allowance, a set-up link bound to its address, and
 * forwarding headers that are not addresses. Shared set-up: support/guards.ts.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshDataDir, withDatabase } from "./support/data";
import { expectThrottled, guardsHooks, newAccount, site, tally } from "./support/guards";
import {
  GOOD_PASSWORD,
  cookieHeader,
  createAccount,
  formBody,
  formHeaders,
  inviteFrom,
  printedSetupPath,
  repeatedHeaders,
  send,
  signIn,
  signedIn,
} from "./support/inbox";
import { ports } from "./support/ports";
import { startSite } from "./support/site";

guardsHooks({ sharedSite: true });

describe("guards: sign-in under a concurrent burst", () => {
  it("100 simultaneous wrong passwords get at most 10 checks (401), the rest 429; the right password from a stranger then gets 429", async () => {
    // From one address.
    const one = await newAccount("burst-one@example.com");
    const fromOne = await Promise.all(
      Array.from({ length: 100 }, (_, n) => signIn(site, { email: one.email, password: `wrong password ${n}`, address: "198.18.1.1" })),
    );
    // From 100 addresses, on another account.
    const many = await newAccount("burst-many@example.com");
    const fromMany = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        signIn(site, { email: many.email, password: `wrong password ${n}`, address: `198.18.2.${n + 1}` }),
      ),
    );

    for (const [what, answers] of [
      ["one address", fromOne],
      ["100 addresses", fromMany],
    ] as const) {
      const counts = tally(answers.map((a) => a.status));
      console.info(`[guards] 100 simultaneous wrong passwords from ${what}: ${JSON.stringify(counts)}`);
      expect(Object.keys(counts).map(Number).sort(), `${what}: ${JSON.stringify(counts)}`).toEqual(counts[401] ? [401, 429] : [429]);
      expect(counts[401] ?? 0, `${what}: ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(1);
      expect(counts[401] ?? 0, `${what}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(10);
      const refused = answers.filter((x) => x.status === 429);
      for (const a of refused) expect(a.body, what).toMatch(/Try again in \d+ minutes?/);
      expect(refused.filter((a) => a.cookie("inbox_session") !== null)).toEqual([]);
      expect.soft(refused.filter((a) => !(Number(a.header("retry-after")) > 0)).length, `${what}: 429 answers without Retry-After`).toBe(0);
    }

    // The right password, right after, from strangers (no device cookie, fresh addresses): no session.
    expectThrottled(
      await signIn(site, { email: one.email, password: GOOD_PASSWORD, address: "198.18.1.200" }),
      "right password after the burst from one address",
    );
    expectThrottled(
      await signIn(site, { email: many.email, password: GOOD_PASSWORD, address: "198.18.2.200" }),
      "right password after the burst from 100 addresses",
    );
  });
});

describe("guards: a known browser signs in while strangers are throttled", () => {
  it("the right password from a stranger gets 429; the browser with the device cookie signs in", async () => {
    const owner = await newAccount("device@example.com");
    const strangers = await Promise.all(
      Array.from({ length: 15 }, (_, n) =>
        signIn(site, { email: owner.email, password: `stranger guess ${n}`, address: `198.18.7.${n + 1}` }),
      ),
    );
    expect(strangers.filter((s) => s.status === 429).length, JSON.stringify(tally(strangers.map((s) => s.status)))).toBeGreaterThanOrEqual(
      5,
    );

    expectThrottled(
      await signIn(site, { email: owner.email, password: GOOD_PASSWORD, address: "198.18.7.100" }),
      "the right password from a stranger",
    );
    // The owner's browser, even from yet another address: its own allowance.
    const known = await signIn(site, { email: owner.email, password: GOOD_PASSWORD, address: "198.18.7.101", device: owner.device });
    expect(signedIn(known), `known browser -> ${known.status} ${known.body.slice(0, 200)}`).toBe(true);
    // Its new session works.
    const page = await send(site.origin, {
      path: "/inbox/account",
      headers: { cookie: cookieHeader({ session: known.cookie("inbox_session") }) },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain("device@example.com");
  });
});

describe("guards: weaker points, end to end", () => {
  it("a set-up link for one address makes no account for another; a forwarding header that is not an IP is not stored; one copy of each header", async () => {
    const dataDir = freshDataDir();
    const own = await startSite({ port: ports.guards.secondSite, dataDir });
    const first = await createAccount(own, await printedSetupPath(own), "first@example.com");
    const link = await inviteFrom(own, first, "a@x.ca");

    const other = await send(own.origin, {
      method: "POST",
      path: link,
      headers: formHeaders(own.origin, { "x-forwarded-for": "198.18.8.1" }),
      body: formBody({ name: "Someone Else", email: "b@x.ca", password: GOOD_PASSWORD }),
    });
    const what = `POST ${link} with email b@x.ca (link made for a@x.ca) -> ${other.status} ${other.header("location") ?? ""} ${other.body.slice(0, 200)}`;
    expect.soft(other.status, what).toBe(409);
    expect.soft(repeatedHeaders(other), what).toEqual([]);

    const forwarded = await signIn(own, { email: "forwarded@example.com", password: "a wrong password", address: "not-an-ip" });
    expect(forwarded.status).toBe(401);
    expect(repeatedHeaders(forwarded)).toEqual([]);
    const good = await signIn(own, { email: "first@example.com", password: GOOD_PASSWORD, address: "198.18.8.2", device: first.device });
    expect(signedIn(good)).toBe(true);
    expect(repeatedHeaders(good)).toEqual([]);
    expect(good.count("set-cookie")).toBeLessThanOrEqual(2);

    expect((await own.stop()).code).toBe(0);
    await withDatabase({ dataDir }, async (db) => {
      const users = await db.rows<{ email: string }>(sql`select email from inbox_users order by id`);
      expect(users.map((u) => u.email)).not.toContain("b@x.ca");
      const rows = await db.rows<{ address: string | null }>(sql`select address from inbox_sign_ins where email = 'forwarded@example.com'`);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.address).not.toBe("not-an-ip");
      expect(rows[0]!.address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      const good = await db.rows<{ address: string | null }>(
        sql`select address from inbox_sign_ins where email = 'first@example.com' and ok and method = 'password'`,
      );
      expect(good.map((r) => r.address)).toEqual(["198.18.8.2"]);
    });
  });
});
