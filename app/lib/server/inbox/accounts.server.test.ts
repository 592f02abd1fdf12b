/**
 * Inbox accounts, sessions, passkeys and the sign-in throttle against the real database
 * (PGlite here; CI runs this file again on PostgreSQL).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { softPasskey } from "../../../../tests/support/soft-authenticator";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { checkPassword, createAccountFromInvite, createInvite, findInvite, hasAccounts, inviteLink, recentSignIns, recordSignIn } from "./accounts.server";
import { relyingPartyOf, registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "./passkeys.server";
import { createSession, endAllSessions, endSession, resumeSession, sessionCookie } from "./sessions.server";
import { createSignInThrottle } from "./sign-in-throttle.server";

const t = testDatabaseForThisFile();

const agent = { name: "Jordan Avery", email: " Jordan@AveryHomes.example ", password: "a long enough passphrase" };

async function firstAccount() {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, agent);
  if (!created.ok) throw new Error("no account");
  return created.account;
}

describe(`inbox accounts (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a set-up link works once and creates an account whose password is stored as argon2id", async () => {
    expect(await hasAccounts(t.db)).toBe(false);
    const { token, expiresAt } = await createInvite(t.db, { email: "Jordan@AveryHomes.example" });
    expect(inviteLink("https://agent.example/", token)).toBe(`https://agent.example/inbox/setup/${token}`);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await findInvite(t.db, token)).toMatchObject({ email: "jordan@averyhomes.example" });

    const created = await createAccountFromInvite(t.db, token, agent);
    expect(created).toMatchObject({ ok: true, account: { name: "Jordan Avery", email: "jordan@averyhomes.example" } });
    expect(await hasAccounts(t.db)).toBe(true);
    const [row] = await t.db.rows<{ password_hash: string }>(sql`select password_hash from inbox_users`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(agent.password);

    // Used: refused, and no second account.
    expect(await findInvite(t.db, token)).toBeNull();
    expect(await createAccountFromInvite(t.db, token, { ...agent, email: "other@example.com" })).toEqual({ ok: false, reason: "invite" });
    expect((await t.db.rows(sql`select 1 from inbox_users`)).length).toBe(1);
  });

  it("refuses an expired link, an unknown one, and an e-mail that already has an account (leaving that link usable)", async () => {
    const { token } = await createInvite(t.db);
    await t.db.rows(sql`update inbox_invites set expires_at = now() - interval '1 second'`);
    expect(await findInvite(t.db, token)).toBeNull();
    expect(await createAccountFromInvite(t.db, token, agent)).toEqual({ ok: false, reason: "invite" });
    expect(await createAccountFromInvite(t.db, "not-a-token", agent)).toEqual({ ok: false, reason: "invite" });

    await firstAccount();
    const second = await createInvite(t.db);
    expect(await createAccountFromInvite(t.db, second.token, { ...agent, email: "JORDAN@averyhomes.example" })).toEqual({ ok: false, reason: "taken" });
    expect(await findInvite(t.db, second.token)).not.toBeNull();
  });

  it.runIf(usingPostgres)("one link used from two servers at once creates one account", async () => {
    const other = await t.openAnother();
    const { token } = await createInvite(t.db);
    const results = await Promise.all([
      createAccountFromInvite(t.db, token, { ...agent, email: "a@example.com" }),
      createAccountFromInvite(other, token, { ...agent, email: "b@example.com" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await t.db.rows(sql`select 1 from inbox_users`)).length).toBe(1);
  });

  it("checks passwords: right one, wrong one, unknown account", async () => {
    const account = await firstAccount();
    expect(await checkPassword(t.db, "JORDAN@averyhomes.example ", agent.password)).toEqual(account);
    expect(await checkPassword(t.db, agent.email, agent.password + "x")).toBeNull();
    expect(await checkPassword(t.db, "nobody@example.com", agent.password)).toBeNull();
  });

  it("records sign-ins and failures with time, address and browser", async () => {
    const account = await firstAccount();
    await recordSignIn(t.db, { userId: null, email: "x@example.com", method: "password", ok: false, reason: "password", address: "203.0.113.5", userAgent: "Bot/1" });
    await recordSignIn(t.db, { userId: account.id, email: account.email, method: "passkey", ok: true, address: "198.51.100.7", userAgent: "Phone" });
    const log = await recentSignIns(t.db);
    expect(log.map((l) => [l.ok, l.method, l.address, l.user_agent])).toEqual([
      [true, "passkey", "198.51.100.7", "Phone"],
      [false, "password", "203.0.113.5", "Bot/1"],
    ]);
    expect(log[0]!.created_at).toBeInstanceOf(Date);
  });
});

describe(`inbox sessions (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores only a hash of the token, slides the expiry, and ends one or all sessions", async () => {
    const account = await firstAccount();
    const from = { address: "203.0.113.1", userAgent: "Test" };
    const a = await createSession(t.db, account.id, from);
    const b = await createSession(t.db, account.id, from);
    const stored = await t.db.rows<{ token_hash: string }>(sql`select token_hash from inbox_sessions`);
    expect(stored.map((s) => s.token_hash)).not.toContain(a.token);

    await t.db.rows(sql`update inbox_sessions set expires_at = now() + interval '1 hour', last_seen_at = now() - interval '2 minutes'`);
    const resumed = await resumeSession(t.db, a.token);
    expect(resumed?.account).toEqual(account);
    expect(resumed!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    await endSession(t.db, a.token);
    expect(await resumeSession(t.db, a.token)).toBeNull();
    expect(await resumeSession(t.db, b.token)).not.toBeNull();
    expect(await endAllSessions(t.db, account.id)).toBe(1);
    expect(await resumeSession(t.db, b.token)).toBeNull();
  });

  it("refuses expired and forged tokens", async () => {
    const account = await firstAccount();
    const s = await createSession(t.db, account.id, { address: "", userAgent: null });
    await t.db.rows(sql`update inbox_sessions set expires_at = now() - interval '1 second'`);
    expect(await resumeSession(t.db, s.token)).toBeNull();
    expect(await resumeSession(t.db, "A".repeat(43))).toBeNull();
    expect(await resumeSession(t.db, "' or 1=1 --")).toBeNull();
  });

  it.runIf(usingPostgres)("a session made by one server is valid on another sharing the database", async () => {
    const account = await firstAccount();
    const s = await createSession(t.db, account.id, { address: "", userAgent: null });
    const other = await t.openAnother();
    expect((await resumeSession(other, s.token))?.account.id).toBe(account.id);
  });

  it("sets an HttpOnly, SameSite=Lax cookie, Secure on an https site", () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(sessionCookie("tok", expires, false)).toMatch(/^inbox_session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3\d{3}$/);
    expect(sessionCookie("tok", expires, true)).toMatch(/; Secure$/);
  });
});

describe(`passkeys (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  const rp = relyingPartyOf("https://agent.example");

  it("registers a passkey and signs in with it; a replayed challenge, another origin or an unknown key fail", async () => {
    const account = await firstAccount();
    const key = softPasskey();
    const options = await registrationOptions(t.db, rp, account);
    expect(options.rp.id).toBe("agent.example");
    expect(await registerPasskey(t.db, rp, account, key.register(options, rp.origin, rp.id) as never)).toBe(true);
    // The same challenge cannot register again.
    expect(await registerPasskey(t.db, rp, account, key.register(options, rp.origin, rp.id) as never)).toBe(false);

    const signIn = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(signIn, rp.origin, rp.id) as never)).toEqual(account);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(signIn, rp.origin, rp.id) as never)).toBeNull();

    const again = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(again, "https://evil.example", rp.id) as never)).toBeNull();
    const third = await signInOptions(t.db, rp);
    expect(await verifyPasskeySignIn(t.db, rp, softPasskey().authenticate(third, rp.origin, rp.id) as never)).toBeNull();
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate({ challenge: "made-up" }, rp.origin, rp.id) as never)).toBeNull();
  });
});

describe(`sign-in throttle (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("blocks an account after its failures and an address after its own, and a success clears the account", async () => {
    const throttle = await createSignInThrottle(t.db, { account: 3, address: 5, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect((await throttle.check("Jordan@x.ca", "203.0.113.1")).allowed).toBe(true);
      await throttle.failed("jordan@x.ca ", "203.0.113.1");
    }
    const blocked = await throttle.check("jordan@x.ca", "198.51.100.9");
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another account from the first address is still allowed until the address's own limit.
    expect((await throttle.check("other@x.ca", "203.0.113.1")).allowed).toBe(true);
    await throttle.failed("other@x.ca", "203.0.113.1");
    await throttle.failed("third@x.ca", "203.0.113.1");
    expect((await throttle.check("fourth@x.ca", "203.0.113.1")).allowed).toBe(false);
    expect((await throttle.checkAddress("203.0.113.1")).allowed).toBe(false);

    await throttle.succeeded("JORDAN@x.ca");
    expect((await throttle.check("jordan@x.ca", "198.51.100.9")).allowed).toBe(true);
  });
});
