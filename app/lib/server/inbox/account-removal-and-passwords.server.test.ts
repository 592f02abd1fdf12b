/**
 * Removing inbox accounts (with all they own) and changing passwords, against the real database
 * (PGlite here; CI runs this file again on PostgreSQL).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { softPasskey } from "../../../../tests/support/soft-authenticator";
import { usingPostgres } from "../../../../tests/support/test-database";
import { MIN_PASSWORD_LENGTH } from "../../inbox";
import {
  checkPassword,
  createInvite,
  findInvite,
  hasAccounts,
  listAccounts,
  passwordProblem,
  recordSignIn,
  removeAccount,
  setPassword,
} from "./accounts.server";
import { accountsTestDatabase, agent } from "../../../../tests/support/inbox-accounts";
import { rememberDevice } from "./devices.server";
import { listPasskeys, relyingPartyOf, registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "./passkeys.server";
import { countSessions, createSession, resumeSession } from "./sessions.server";

const { t, firstAccount, anotherAccount } = accountsTestDatabase();

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
    expect(await registerPasskey(t.db, rp, sam, key.register(await registrationOptions(t.db, rp, sam), rp.origin, rp.id) as never)).toBe(
      true,
    );

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
