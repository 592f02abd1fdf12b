/**
 * Test support (not a test) shared by the inbox account tests (accounts-and-sign-in-log,
 * invites, account-removal-and-passwords, sessions and passkeys *.server.test.ts): the test
 * database of the file, and accounts made the only way there is, through a set-up link.
 * The sign-in throttle and the device cookies have files of their own.
 */
import { type TestDatabase, testDatabaseForThisFile } from "./test-database";
import { createAccountFromInvite, createInvite } from "../../app/lib/server/inbox/accounts.server";

export const agent = { name: "Jordan Avery", email: " Jordan@AveryHomes.example ", password: "a long enough passphrase" };

export const DAY_MS = 86_400_000;

/**
 * For a test file, at its top: its own database (emptied before each test) and two ways to make
 * an account in it, the agent's and another one's.
 */
export function accountsTestDatabase() {
  const t: TestDatabase = testDatabaseForThisFile();

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

  return { t, firstAccount, anotherAccount };
}
