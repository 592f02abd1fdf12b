/**
 * Set-up links (invites) against the real database (PGlite here; CI runs this file again on
 * PostgreSQL): a link made for one address, the list of open links, and revoking one.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usingPostgres } from "../../../../tests/support/test-database";
import { createAccountFromInvite, createInvite, findInvite, hasAccounts, listOpenInvites, revokeInvite } from "./accounts.server";
import { accountsTestDatabase, agent } from "../../../../tests/support/inbox-accounts";
import { hashToken } from "./tokens.server";

const { t, firstAccount } = accountsTestDatabase();

describe(`set-up links (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a link made for an address creates an account for that address only, in any case", async () => {
    const { token } = await createInvite(t.db, { email: " Sam@Example.com " });
    expect(await findInvite(t.db, token)).toMatchObject({ email: "sam@example.com" });
    expect(await createAccountFromInvite(t.db, token, { name: "Mallory", email: "mallory@example.com", password: agent.password })).toEqual(
      { ok: false, reason: "other-email" },
    );
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
    expect(await createAccountFromInvite(t.db, newer.token, { name: "B", email: "b@example.com", password: agent.password })).toEqual({
      ok: false,
      reason: "invite",
    });
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
