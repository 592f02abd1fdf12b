/**
 * Inbox sessions against the real database (PGlite here; CI runs this file again on PostgreSQL):
 * stored as hashes, sliding and absolute expiry, ending one or all, and the session cookie.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usingPostgres } from "../../../../tests/support/test-database";
import { DAY_MS, accountsTestDatabase } from "../../../../tests/support/inbox-accounts";
import {
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
  clearedSessionCookie,
  createSession,
  endAllSessions,
  endSession,
  inboxCookie,
  resumeSession,
  sessionCookie,
  sessionTokenFrom,
} from "./sessions.server";
import { hashToken } from "./tokens.server";

const { t, firstAccount } = accountsTestDatabase();

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
    const [row] = await t.db.rows<{ expires_at: Date }>(
      sql`select expires_at from inbox_sessions where token_hash = ${hashToken(a.token)}`,
    );
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
    await t.db.rows(
      sql`update inbox_sessions set created_at = now() - interval '31 days', expires_at = now() + interval '13 days', last_seen_at = now() - interval '2 minutes'`,
    );
    expect(await resumeSession(t.db, old.token)).toBeNull();
  });

  it(`never slides past ${SESSION_MAX_DAYS} days after the sign-in`, async () => {
    const account = await firstAccount();
    const s = await createSession(t.db, account.id, { address: "", userAgent: null });
    await t.db.rows(
      sql`update inbox_sessions set created_at = now() - interval '25 days', expires_at = now() + interval '1 hour', last_seen_at = now() - interval '2 minutes'`,
    );
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
    await t.db.rows(
      sql`update inbox_sessions set created_at = now() - ${SESSION_MAX_DAYS}::integer * interval '1 day' - interval '1 second', expires_at = now() + interval '1 hour'`,
    );
    expect(await resumeSession(t.db, s.token)).toBeNull();
  });

  it("sets an HttpOnly, SameSite=Lax cookie, Secure on an https site", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(await sessionCookie("tok", expires, false)).toMatch(/^inbox_session=[^;]+; Max-Age=3\d{3}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(await sessionCookie("tok", expires, true)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await clearedSessionCookie(true)).toBe("__Host-inbox_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("names the cookie __Host- on an https site (Secure, this host only, the whole site) and reads only that one there", async () => {
    const expires = new Date(Date.now() + 3_600_000);
    expect(inboxCookie("inbox_session", true).name).toBe("__Host-inbox_session");
    expect(inboxCookie("inbox_session", false).name).toBe("inbox_session");
    const token = "A".repeat(43);
    const cookie = await sessionCookie(token, expires, true);
    expect(cookie).toMatch(/^__Host-inbox_session=[^;]+; Max-Age=3\d{3}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);

    // What the browser sends back is what the Set-Cookie said (name=value).
    const sent = async (name: "inbox_session" | "__Host-inbox_session", value: string) =>
      (await sessionCookie(value, expires, name.startsWith("__Host-"))).split(";")[0]!;
    const withBoth = new Request("https://agent.example/inbox", {
      headers: { Cookie: `${await sent("inbox_session", "planted")}; ${await sent("__Host-inbox_session", token)}` },
    });
    expect(await sessionTokenFrom(withBoth, true)).toBe(token);
    expect(await sessionTokenFrom(withBoth, false)).toBe("planted");
    // On https a cookie without the prefix (which any subdomain or http page could have set) is not read.
    const plainOnly = new Request("https://agent.example/inbox", { headers: { Cookie: await sent("inbox_session", token) } });
    expect(await sessionTokenFrom(plainOnly, true)).toBeNull();
    // A value React Router did not write (or not a string) is no token.
    const forged = new Request("https://agent.example/inbox", { headers: { Cookie: `__Host-inbox_session=${token}` } });
    expect(await sessionTokenFrom(forged, true)).toBeNull();
    const notString = new Request("https://agent.example/inbox", { headers: { Cookie: `__Host-inbox_session=${btoa("{}")}` } });
    expect(await sessionTokenFrom(notString, true)).toBeNull();
  });
});
