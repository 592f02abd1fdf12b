/**
 * Device cookies against the real database (PGlite here; CI runs this file again on PostgreSQL):
 * a browser's token counts as a known device only for the account it signed in to, only its hash
 * is stored, an account keeps its newest DEVICES_PER_ACCOUNT, and a password change forgets the rest.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { createAccountFromInvite, createInvite, removeAccount } from "./accounts.server";
import { DEVICES_PER_ACCOUNT, DEVICE_DAYS, deviceTokenFrom, forgetDevices, knownDevice, rememberDevice } from "./devices.server";
import { hashToken, newToken } from "./tokens.server";
import { inboxCookie } from "./sessions.server";

const t = testDatabaseForThisFile();

async function account(name: string, email: string) {
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, { name, email, password: "a long enough passphrase" });
  if (!created.ok) throw new Error("no account");
  return created.account;
}

/** The token a device cookie's Set-Cookie carries, read as the server reads the cookie back. */
const tokenOf = async (setCookie: string) =>
  (await inboxCookie("inbox_device", setCookie.startsWith("__Host-")).parse(setCookie)) as string;

async function devicesOf(userId: number): Promise<string[]> {
  const rows = await t.db.rows<{ token_hash: string }>(
    sql`select token_hash from inbox_devices where user_id = ${userId} order by last_used_at desc`,
  );
  return rows.map((r) => r.token_hash);
}

describe(`device cookies (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("sets a long-lived HttpOnly cookie, __Host- on an https site, and stores only its hash", async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const cookie = await rememberDevice(t.db, jordan.id, null, false);
    expect(cookie).toMatch(new RegExp(`^inbox_device=[^;]+; Max-Age=${DEVICE_DAYS * 86_400}; Path=/; HttpOnly; SameSite=Lax$`));
    const secure = await rememberDevice(t.db, jordan.id, null, true);
    expect(secure).toMatch(/^__Host-inbox_device=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await tokenOf(cookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await devicesOf(jordan.id)).toEqual(
      expect.arrayContaining([hashToken(await tokenOf(cookie)), hashToken(await tokenOf(secure))]),
    );
    const stored = JSON.stringify(await t.db.rows(sql`select * from inbox_devices`));
    expect(stored).not.toContain(await tokenOf(cookie));
    expect(stored).not.toContain(await tokenOf(secure));
  });

  it("reads the browser's token from the cookie of the site's kind, and nothing malformed", async () => {
    const token = newToken();
    expect(inboxCookie("inbox_device", true).name).toBe("__Host-inbox_device");
    expect(inboxCookie("inbox_device", false).name).toBe("inbox_device");
    const request = (cookie: string) => new Request("https://agent.example/inbox/sign-in", { headers: { Cookie: cookie } });
    // name=value as a Set-Cookie of the server wrote it, and the browser sends it back.
    const sent = async (value: string, secure: boolean) => (await inboxCookie("inbox_device", secure).serialize(value)).split(";")[0]!;
    expect(await deviceTokenFrom(request(await sent(token, false)), false)).toBe(token);
    expect(await deviceTokenFrom(request(await sent(token, false)), true)).toBeNull();
    expect(await deviceTokenFrom(request(await sent(token, true)), true)).toBe(token);
    expect(await deviceTokenFrom(request(await sent("' or 1=1 --", false)), false)).toBeNull();
    expect(await deviceTokenFrom(request(await sent(`${token}x`, false)), false)).toBeNull();
    expect(await deviceTokenFrom(request(`inbox_device=${token}`), false)).toBeNull();
    expect(await deviceTokenFrom(new Request("https://agent.example/"), false)).toBeNull();
  });

  it("is a known device only for the account it signed in to", async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const sam = await account("Sam", "sam@example.com");
    const token = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));

    const key = await knownDevice(t.db, token, "jordan@example.com");
    expect(key).toBe(`device:${hashToken(token)}`);
    expect(key).not.toContain(token);
    expect(await knownDevice(t.db, token, "sam@example.com")).toBeNull();
    expect(await knownDevice(t.db, token, "nobody@example.com")).toBeNull();
    // A passkey names its account only once verified: any account's device counts then.
    expect(await knownDevice(t.db, token, null)).toBe(key);
    // No cookie, or one never handed out.
    expect(await knownDevice(t.db, null, "jordan@example.com")).toBeNull();
    expect(await knownDevice(t.db, newToken(), "jordan@example.com")).toBeNull();
    expect(await knownDevice(t.db, newToken(), null)).toBeNull();

    // Sam signing in on Jordan's browser gets a token of Sam's own; Jordan's stays Jordan's only.
    const samToken = await tokenOf(await rememberDevice(t.db, sam.id, token, false));
    expect(samToken).not.toBe(token);
    expect(await knownDevice(t.db, samToken, "sam@example.com")).not.toBeNull();
    expect(await knownDevice(t.db, samToken, "jordan@example.com")).toBeNull();
    expect(await knownDevice(t.db, token, "jordan@example.com")).toBe(key);
    expect(await knownDevice(t.db, token, "sam@example.com")).toBeNull();
  });

  it(`forgets a device unused for ${DEVICE_DAYS} days`, async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const token = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));
    await t.db.rows(sql`update inbox_devices set last_used_at = now() - ${DEVICE_DAYS + 1}::integer * interval '1 day'`);
    expect(await knownDevice(t.db, token, "jordan@example.com")).toBeNull();
  });

  it("keeps the browser's own token on its next sign-in, and refreshes its use", async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const token = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));
    await t.db.rows(sql`update inbox_devices set last_used_at = now() - interval '100 days'`);
    expect(await tokenOf(await rememberDevice(t.db, jordan.id, token, false))).toBe(token);
    expect(await devicesOf(jordan.id)).toEqual([hashToken(token)]);
    const [row] = await t.db.rows<{ recent: boolean }>(sql`select last_used_at > now() - interval '1 minute' as recent from inbox_devices`);
    expect(row!.recent).toBe(true);
    // A token that is not in the table (forged, or forgotten) is replaced with a new one.
    const forged = newToken();
    const replaced = await tokenOf(await rememberDevice(t.db, jordan.id, forged, false));
    expect(replaced).not.toBe(forged);
    expect(await knownDevice(t.db, forged, "jordan@example.com")).toBeNull();
  });

  it(`remembers at most ${DEVICES_PER_ACCOUNT} devices per account, the newest`, async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const sam = await account("Sam", "sam@example.com");
    const samToken = await tokenOf(await rememberDevice(t.db, sam.id, null, false));
    const tokens: string[] = [];
    for (let i = 0; i < DEVICES_PER_ACCOUNT; i++) tokens.push(await tokenOf(await rememberDevice(t.db, jordan.id, null, false)));
    // Each a minute older than the next, so "newest" is unambiguous.
    for (const [i, token] of tokens.entries()) {
      await t.db.rows(
        sql`update inbox_devices set last_used_at = now() - ${DEVICES_PER_ACCOUNT - i}::integer * interval '1 minute' where token_hash = ${hashToken(token)}`,
      );
    }
    expect(await devicesOf(jordan.id)).toHaveLength(DEVICES_PER_ACCOUNT);

    const newest = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));
    const kept = await devicesOf(jordan.id);
    expect(kept).toHaveLength(DEVICES_PER_ACCOUNT);
    expect(kept).toContain(hashToken(newest));
    expect(kept).not.toContain(hashToken(tokens[0]!));
    expect(await knownDevice(t.db, tokens[0]!, "jordan@example.com")).toBeNull();
    expect(await knownDevice(t.db, tokens[1]!, "jordan@example.com")).not.toBeNull();

    for (let i = 0; i < 10; i++) await rememberDevice(t.db, jordan.id, null, false);
    expect((await devicesOf(jordan.id)).length).toBeLessThanOrEqual(DEVICES_PER_ACCOUNT);
    // Another account's devices are not Jordan's to trim.
    expect(await devicesOf(sam.id)).toEqual([hashToken(samToken)]);
  });

  it("forgets an account's other devices (a password change), or all of them; and goes with the account", async () => {
    const jordan = await account("Jordan", "jordan@example.com");
    const sam = await account("Sam", "sam@example.com");
    const here = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));
    const elsewhere = await tokenOf(await rememberDevice(t.db, jordan.id, null, false));
    const samToken = await tokenOf(await rememberDevice(t.db, sam.id, null, false));

    await forgetDevices(t.db, jordan.id, here);
    expect(await knownDevice(t.db, here, "jordan@example.com")).not.toBeNull();
    expect(await knownDevice(t.db, elsewhere, "jordan@example.com")).toBeNull();
    expect(await knownDevice(t.db, samToken, "sam@example.com")).not.toBeNull();

    await forgetDevices(t.db, jordan.id, null);
    expect(await devicesOf(jordan.id)).toEqual([]);
    expect(await devicesOf(sam.id)).toHaveLength(1);

    expect(await removeAccount(t.db, sam.id, jordan)).toBe("removed");
    expect((await t.db.rows(sql`select 1 from inbox_devices`)).length).toBe(0);
    expect(await knownDevice(t.db, samToken, null)).toBeNull();
  });
});
