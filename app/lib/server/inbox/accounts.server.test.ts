/**
 * Inbox accounts, sessions and passkeys against the real database (PGlite here; CI runs this file
 * again on PostgreSQL). The sign-in throttle has its own file (sign-in-throttle.server.test.ts),
 * the device cookies too (devices.server.test.ts).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { softPasskey } from "../../../../tests/support/soft-authenticator";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { MIN_PASSWORD_LENGTH } from "../../inbox";
import {
  SIGN_IN_LOG_DAYS,
  SIGN_IN_LOG_MAX_ROWS,
  checkPassword,
  countThrottled,
  createAccountFromInvite,
  createInvite,
  findInvite,
  hasAccounts,
  inviteLink,
  listAccounts,
  listOpenInvites,
  passwordProblem,
  recordSignIn,
  removeAccount,
  revokeInvite,
  setPassword,
  signInHistory,
} from "./accounts.server";
import { rememberDevice } from "./devices.server";
import { listPasskeys, relyingPartyOf, registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "./passkeys.server";
import {
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
  countSessions,
  createSession,
  endAllSessions,
  endSession,
  resumeSession,
  sessionCookie,
  sessionCookieName,
  sessionTokenFrom,
} from "./sessions.server";
import { hashToken } from "./tokens.server";

const t = testDatabaseForThisFile();

const agent = { name: "Jordan Avery", email: " Jordan@AveryHomes.example ", password: "a long enough passphrase" };

async function firstAccount() {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, agent);
  if (!created.ok) throw new Error("no account");
  return created.account;
}

async function anotherAccount(name: string, email: string) {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, { name, email, password: agent.password });
  if (!created.ok) throw new Error("no account");
  return created.account;
}

const DAY_MS = 86_400_000;

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
    const log = await signInHistory(t.db);
    expect(log.successes.map((l) => [l.ok, l.method, l.address, l.user_agent])).toEqual([[true, "passkey", "198.51.100.7", "Phone"]]);
    expect(log.failures.map((l) => [l.ok, l.method, l.address, l.user_agent])).toEqual([[false, "password", "203.0.113.5", "Bot/1"]]);
    expect(log.successes[0]!.created_at).toBeInstanceOf(Date);
    expect(log.failures[0]!.created_at).toBeInstanceOf(Date);
  });

  it("keeps successes and failures apart, newest first, each up to its own count", async () => {
    const account = await firstAccount();
    for (let i = 0; i < 5; i++) await recordSignIn(t.db, { userId: account.id, email: account.email, method: "password", ok: true, address: `198.51.100.${i}`, userAgent: null });
    for (let i = 0; i < 30; i++) await recordSignIn(t.db, { userId: null, email: "x@example.com", method: "password", ok: false, reason: "password", address: `203.0.113.${i}`, userAgent: null });
    const log = await signInHistory(t.db, { successes: 3, failures: 20 });
    expect(log.successes.map((l) => l.address)).toEqual(["198.51.100.4", "198.51.100.3", "198.51.100.2"]);
    expect(log.failures).toHaveLength(20);
    expect(log.failures[0]!.address).toBe("203.0.113.29");
    expect(log.failures.every((l) => !l.ok)).toBe(true);
  });

  it(`keeps the sign-in log bounded: at most ${SIGN_IN_LOG_MAX_ROWS} rows, the newest, none older than ${SIGN_IN_LOG_DAYS} days`, async () => {
    const total = SIGN_IN_LOG_MAX_ROWS + 100;
    for (let i = 1; i <= total; i++) {
      await recordSignIn(t.db, { userId: null, email: `guess${i}@example.com`, method: "password", ok: false, reason: "password", address: "203.0.113.9", userAgent: "Bot/1" });
    }
    const [{ n, oldest, newest }] = (await t.db.rows<{ n: number; oldest: string; newest: string }>(sql`
      select count(*)::integer as n, min(email) filter (where id = (select min(id) from inbox_sign_ins)) as oldest,
        max(email) filter (where id = (select max(id) from inbox_sign_ins)) as newest from inbox_sign_ins`)) as [{ n: number; oldest: string; newest: string }];
    expect(Number(n)).toBeLessThanOrEqual(SIGN_IN_LOG_MAX_ROWS);
    expect(Number(n)).toBeGreaterThanOrEqual(SIGN_IN_LOG_MAX_ROWS - 1);
    expect(newest).toBe(`guess${total}@example.com`);
    // The first hundred (and more) went.
    expect(Number(oldest.match(/\d+/)![0])).toBeGreaterThan(100);

    // Rows past the retention go with the next insert, whatever the count.
    await t.db.rows(sql`update inbox_sign_ins set created_at = now() - ${SIGN_IN_LOG_DAYS + 1}::integer * interval '1 day' where id < (select max(id) - 10 from inbox_sign_ins)`);
    await recordSignIn(t.db, { userId: null, email: "last@example.com", method: "passkey", ok: false, reason: "passkey", address: "", userAgent: null });
    const [left] = await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from inbox_sign_ins`);
    expect(Number(left!.n)).toBe(12);
  });

  it("counts throttled attempts in one row per day and method, and shows them per day", async () => {
    // The test database's truncate leaves this table alone.
    await t.db.rows(sql`delete from inbox_sign_in_tallies`);
    for (let i = 0; i < 3; i++) await countThrottled(t.db, "password");
    await Promise.all([countThrottled(t.db, "passkey"), countThrottled(t.db, "passkey")]);
    const rows = await t.db.rows<{ day: string; method: string; throttled: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, method, throttled from inbox_sign_in_tallies order by method`);
    const [today] = await t.db.rows<{ day: string }>(sql`select to_char(current_date, 'YYYY-MM-DD') as day`);
    expect(rows).toEqual([
      { day: today!.day, method: "passkey", throttled: 2 },
      { day: today!.day, method: "password", throttled: 3 },
    ]);
    // Nothing of them in the sign-in log itself.
    expect((await t.db.rows(sql`select 1 from inbox_sign_ins`)).length).toBe(0);

    // Older days are listed apart; days past the retention are dropped by the history's read.
    await t.db.rows(sql`insert into inbox_sign_in_tallies (day, method, throttled) values (current_date - 2, 'password', 7), (current_date - ${SIGN_IN_LOG_DAYS + 5}::integer, 'password', 9)`);
    const history = await signInHistory(t.db);
    expect(history.throttled[0]).toEqual({ day: today!.day, count: 5 });
    expect(history.throttled.map((d) => d.count)).toEqual([5, 7]);
    const [left] = await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from inbox_sign_in_tallies`);
    expect(Number(left!.n)).toBe(3);
  });
});

describe(`set-up links (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a link made for an address creates an account for that address only, in any case", async () => {
    const { token } = await createInvite(t.db, { email: " Sam@Example.com " });
    expect(await findInvite(t.db, token)).toMatchObject({ email: "sam@example.com" });
    expect(await createAccountFromInvite(t.db, token, { name: "Mallory", email: "mallory@example.com", password: agent.password })).toEqual({ ok: false, reason: "other-email" });
    expect(await hasAccounts(t.db)).toBe(false);
    // Refused without being used up: the right person can still use it.
    expect(await findInvite(t.db, token)).not.toBeNull();
    const created = await createAccountFromInvite(t.db, token, { name: "Sam", email: "SAM@example.COM ", password: agent.password });
    expect(created).toMatchObject({ ok: true, account: { name: "Sam", email: "sam@example.com" } });
    expect(await findInvite(t.db, token)).toBeNull();
  });

  it("lists the open links newest first (by their stored hash, never the link), and revokes one", async () => {
    const account = await firstAccount();
    const older = await createInvite(t.db, { createdBy: account.id, email: "a@example.com" });
    await t.db.rows(sql`update inbox_invites set created_at = now() - interval '1 hour' where token_hash = ${hashToken(older.token)}`);
    const newer = await createInvite(t.db, { createdBy: account.id, email: "b@example.com" });
    const expired = await createInvite(t.db, { email: "c@example.com" });
    await t.db.rows(sql`update inbox_invites set expires_at = now() - interval '1 second' where token_hash = ${hashToken(expired.token)}`);

    const open = await listOpenInvites(t.db);
    expect(open.map((i) => [i.email, i.createdBy])).toEqual([
      ["b@example.com", "Jordan Avery"],
      ["a@example.com", "Jordan Avery"],
    ]);
    expect(open.map((i) => i.id)).toEqual([hashToken(newer.token), hashToken(older.token)]);
    expect(JSON.stringify(open)).not.toContain(newer.token);
    expect(open[0]!.expiresAt).toBeInstanceOf(Date);

    expect(await revokeInvite(t.db, open[0]!.id)).toBe(true);
    expect(await findInvite(t.db, newer.token)).toBeNull();
    expect(await createAccountFromInvite(t.db, newer.token, { name: "B", email: "b@example.com", password: agent.password })).toEqual({ ok: false, reason: "invite" });
    expect((await listOpenInvites(t.db)).map((i) => i.email)).toEqual(["a@example.com"]);
    // Twice, a link itself instead of its hash, or anything else: nothing revoked.
    expect(await revokeInvite(t.db, open[0]!.id)).toBe(false);
    expect(await revokeInvite(t.db, older.token)).toBe(false);
    expect(await revokeInvite(t.db, "' or 1=1 --")).toBe(false);
    expect(await revokeInvite(t.db, "")).toBe(false);
    expect(await findInvite(t.db, older.token)).not.toBeNull();
  });

  it("cannot revoke a link already used", async () => {
    const { token } = await createInvite(t.db);
    await createAccountFromInvite(t.db, token, agent);
    expect(await revokeInvite(t.db, hashToken(token))).toBe(false);
    expect((await t.db.rows(sql`select 1 from inbox_invites`)).length).toBe(1);
  });
});

describe(`removing accounts and changing passwords (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("removes another account with its sessions, passkeys and devices; never one's own, never the last", async () => {
    const jordan = await firstAccount();
    const sam = await anotherAccount("Sam", "sam@example.com");
    const samSession = await createSession(t.db, sam.id, { address: "", userAgent: null });
    await rememberDevice(t.db, sam.id, null, false);
    const samsLink = await createInvite(t.db, { createdBy: sam.id, email: "friend@example.com" });
    const jordansLink = await createInvite(t.db, { createdBy: jordan.id, email: "helper@example.com" });
    await recordSignIn(t.db, { userId: sam.id, email: sam.email, method: "password", ok: true, address: "", userAgent: null });
    const rp = relyingPartyOf("https://agent.example");
    const key = softPasskey();
    expect(await registerPasskey(t.db, rp, sam, key.register(await registrationOptions(t.db, rp, sam), rp.origin, rp.id) as never)).toBe(true);

    expect(await removeAccount(t.db, jordan.id, jordan)).toBe("self");
    expect(await removeAccount(t.db, 99_999, jordan)).toBe("missing");
    expect(await removeAccount(t.db, sam.id, jordan)).toBe("removed");
    expect((await listAccounts(t.db)).map((a) => a.id)).toEqual([jordan.id]);
    expect(await resumeSession(t.db, samSession.token)).toBeNull();
    expect(await countSessions(t.db, sam.id)).toBe(0);
    expect(await listPasskeys(t.db, sam.id)).toEqual([]);
    expect((await t.db.rows(sql`select 1 from inbox_devices where user_id = ${sam.id}`)).length).toBe(0);
    // The set-up link Sam made dies with the account; Jordan's still works.
    expect(await findInvite(t.db, samsLink.token)).toBeNull();
    expect(await findInvite(t.db, jordansLink.token)).not.toBeNull();
    // Sam's passkey signs no one in any more.
    expect(await verifyPasskeySignIn(t.db, rp, key.authenticate(await signInOptions(t.db, rp), rp.origin, rp.id) as never)).toBeNull();
    // The log keeps the line, without the account.
    expect(await t.db.rows(sql`select user_id, email from inbox_sign_ins`)).toEqual([{ user_id: null, email: "sam@example.com" }]);

    // Jordan is the last account: even someone else (removed a moment ago) cannot remove it.
    expect(await removeAccount(t.db, jordan.id, sam)).toBe("last");
    expect(await removeAccount(t.db, jordan.id, jordan)).toBe("self");
    expect(await hasAccounts(t.db)).toBe(true);
  });

  it.runIf(usingPostgres)("two accounts removing each other at once leave one", async () => {
    const jordan = await firstAccount();
    const sam = await anotherAccount("Sam", "sam@example.com");
    const other = await t.openAnother();
    const results = await Promise.all([removeAccount(t.db, sam.id, jordan), removeAccount(other, jordan.id, sam)]);
    expect(results.filter((r) => r === "removed")).toHaveLength(1);
    expect(await listAccounts(t.db)).toHaveLength(1);
  });

  it("replaces the password", async () => {
    const account = await firstAccount();
    await setPassword(t.db, account.id, "a brand new passphrase");
    expect(await checkPassword(t.db, account.email, "a brand new passphrase")).toEqual(account);
    expect(await checkPassword(t.db, account.email, agent.password)).toBeNull();
    const [row] = await t.db.rows<{ password_hash: string }>(sql`select password_hash from inbox_users`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("refuses short, repetitive and common passwords, and takes a short sentence", async () => {
    expect(await passwordProblem("aaaaaaaaaaaa")).toMatch(/more than one character/);
    expect(await passwordProblem("🏠".repeat(MIN_PASSWORD_LENGTH))).toMatch(/more than one character/);
    expect(await passwordProblem("qwerty123456")).toMatch(/most common/);
    expect(await passwordProblem("QWERTY123456")).toMatch(/most common/);
    expect(await passwordProblem("password1234")).toMatch(/most common/);
    expect(await passwordProblem("short one")).toMatch(new RegExp(`at least ${MIN_PASSWORD_LENGTH}`));
    expect(await passwordProblem("x".repeat(MIN_PASSWORD_LENGTH - 1))).toMatch(new RegExp(`at least ${MIN_PASSWORD_LENGTH}`));
    // Counted in characters, not UTF-16 units: eleven houses and trees are too short.
    expect(await passwordProblem("🏠🌲".repeat(5) + "🏠")).toMatch(new RegExp(`at least ${MIN_PASSWORD_LENGTH}`));
    expect(await passwordProblem("correct horse battery")).toBeNull();
    expect(await passwordProblem("🏠🌲".repeat(6))).toBeNull();
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
    // Slid to the whole idle window again.
    expect(resumed!.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_DAYS * DAY_MS - 60_000);
    expect(resumed!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SESSION_IDLE_DAYS * DAY_MS + 60_000);
    const [row] = await t.db.rows<{ expires_at: Date }>(sql`select expires_at from inbox_sessions where token_hash = ${hashToken(a.token)}`);
    expect(row!.expires_at.getTime()).toBe(resumed!.expiresAt.getTime());

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

  it(`starts with ${SESSION_IDLE_DAYS} days, and writes the slide at most once a minute`, async () => {
    const account = await firstAccount();
    const s = await createSession(t.db, account.id, { address: "203.0.113.1", userAgent: "Test" });
    expect(s.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_DAYS * DAY_MS - 60_000);
    expect(s.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SESSION_IDLE_DAYS * DAY_MS + 60_000);
    // Seen a moment ago: the expiry is left as it is.
    await t.db.rows(sql`update inbox_sessions set expires_at = now() + interval '1 hour', last_seen_at = now() - interval '10 seconds'`);
    const resumed = await resumeSession(t.db, s.token);
    expect(resumed!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  it(`ends a session ${SESSION_MAX_DAYS} days after the sign-in, however often it was used`, async () => {
    const account = await firstAccount();
    const old = await createSession(t.db, account.id, { address: "", userAgent: null });
    // Used every day for 31 days: its sliding expiry is still ahead, its absolute end is past.
    await t.db.rows(sql`update inbox_sessions set created_at = now() - interval '31 days', expires_at = now() + interval '13 days', last_seen_at = now() - interval '2 minutes'`);
    expect(await resumeSession(t.db, old.token)).toBeNull();
  });

  it(`never slides past ${SESSION_MAX_DAYS} days after the sign-in`, async () => {
    const account = await firstAccount();
    const s = await createSession(t.db, account.id, { address: "", userAgent: null });
    await t.db.rows(sql`update inbox_sessions set created_at = now() - interval '25 days', expires_at = now() + interval '1 hour', last_seen_at = now() - interval '2 minutes'`);
    const resumed = await resumeSession(t.db, s.token);
    expect(resumed).not.toBeNull();
    const left = resumed!.expiresAt.getTime() - Date.now();
    // created_at + 30 days is 5 days from now, well short of the 14 an idle slide would give.
    expect(left).toBeGreaterThan((SESSION_MAX_DAYS - 25) * DAY_MS - 60_000);
    expect(left).toBeLessThanOrEqual((SESSION_MAX_DAYS - 25) * DAY_MS + 60_000);
    const [row] = await t.db.rows<{ end_ok: boolean }>(sql`
      select expires_at <= created_at + ${SESSION_MAX_DAYS}::integer * interval '1 day' as end_ok from inbox_sessions`);
    expect(row!.end_ok).toBe(true);

    // Just past the end: gone, even though the stored expiry was still ahead.
    await t.db.rows(sql`update inbox_sessions set created_at = now() - ${SESSION_MAX_DAYS}::integer * interval '1 day' - interval '1 second', expires_at = now() + interval '1 hour'`);
    expect(await resumeSession(t.db, s.token)).toBeNull();
  });

  it("sets an HttpOnly, SameSite=Lax cookie, Secure on an https site", () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(sessionCookie("tok", expires, false)).toMatch(/^inbox_session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3\d{3}$/);
    expect(sessionCookie("tok", expires, true)).toMatch(/; Secure$/);
  });

  it("names the cookie __Host- on an https site (Secure, this host only, the whole site) and reads only that one there", () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(sessionCookieName(true)).toBe("__Host-inbox_session");
    expect(sessionCookieName(false)).toBe("inbox_session");
    const cookie = sessionCookie("tok", expires, true);
    expect(cookie).toMatch(/^__Host-inbox_session=tok; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3\d{3}; Secure$/);
    expect(cookie).not.toMatch(/Domain=/i);

    const token = "A".repeat(43);
    const withBoth = new Request("https://agent.example/inbox", { headers: { Cookie: `inbox_session=planted; __Host-inbox_session=${token}` } });
    expect(sessionTokenFrom(withBoth, true)).toBe(token);
    expect(sessionTokenFrom(withBoth, false)).toBe("planted");
    // On https a cookie without the prefix (which any subdomain or http page could have set) is not read.
    const plainOnly = new Request("https://agent.example/inbox", { headers: { Cookie: `inbox_session=${token}` } });
    expect(sessionTokenFrom(plainOnly, true)).toBeNull();
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
