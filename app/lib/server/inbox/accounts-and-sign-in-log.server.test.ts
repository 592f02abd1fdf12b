/**
 * Inbox accounts against the real database (PGlite here; CI runs this file again on PostgreSQL):
 * the account a set-up link creates, the password check, and the bounded sign-in log with its
 * daily tallies of throttled attempts.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usingPostgres } from "../../../../tests/support/test-database";
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
  recordSignIn,
  signInHistory,
} from "./accounts.server";
import { accountsTestDatabase, agent } from "../../../../tests/support/inbox-accounts";

const { t, firstAccount } = accountsTestDatabase();

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
    expect(await createAccountFromInvite(t.db, second.token, { ...agent, email: "JORDAN@averyhomes.example" })).toEqual({
      ok: false,
      reason: "taken",
    });
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
    await recordSignIn(t.db, {
      userId: null,
      email: "x@example.com",
      method: "password",
      ok: false,
      reason: "password",
      address: "203.0.113.5",
      userAgent: "Bot/1",
    });
    await recordSignIn(t.db, {
      userId: account.id,
      email: account.email,
      method: "passkey",
      ok: true,
      address: "198.51.100.7",
      userAgent: "Phone",
    });
    const log = await signInHistory(t.db);
    expect(log.successes.map((l) => [l.ok, l.method, l.address, l.user_agent])).toEqual([[true, "passkey", "198.51.100.7", "Phone"]]);
    expect(log.failures.map((l) => [l.ok, l.method, l.address, l.user_agent])).toEqual([[false, "password", "203.0.113.5", "Bot/1"]]);
    expect(log.successes[0]!.created_at).toBeInstanceOf(Date);
    expect(log.failures[0]!.created_at).toBeInstanceOf(Date);
  });

  it("keeps successes and failures apart, newest first, each up to its own count", async () => {
    const account = await firstAccount();
    for (let i = 0; i < 5; i++)
      await recordSignIn(t.db, {
        userId: account.id,
        email: account.email,
        method: "password",
        ok: true,
        address: `198.51.100.${i}`,
        userAgent: null,
      });
    for (let i = 0; i < 30; i++)
      await recordSignIn(t.db, {
        userId: null,
        email: "x@example.com",
        method: "password",
        ok: false,
        reason: "password",
        address: `203.0.113.${i}`,
        userAgent: null,
      });
    const log = await signInHistory(t.db, { successes: 3, failures: 20 });
    expect(log.successes.map((l) => l.address)).toEqual(["198.51.100.4", "198.51.100.3", "198.51.100.2"]);
    expect(log.failures).toHaveLength(20);
    expect(log.failures[0]!.address).toBe("203.0.113.29");
    expect(log.failures.every((l) => !l.ok)).toBe(true);
  });

  it(`keeps the sign-in log bounded: at most ${SIGN_IN_LOG_MAX_ROWS} rows, the newest, none older than ${SIGN_IN_LOG_DAYS} days`, async () => {
    const total = SIGN_IN_LOG_MAX_ROWS + 100;
    for (let i = 1; i <= total; i++) {
      await recordSignIn(t.db, {
        userId: null,
        email: `guess${i}@example.com`,
        method: "password",
        ok: false,
        reason: "password",
        address: "203.0.113.9",
        userAgent: "Bot/1",
      });
    }
    const [{ n, oldest, newest }] = (await t.db.rows<{ n: number; oldest: string; newest: string }>(sql`
      select count(*)::integer as n, min(email) filter (where id = (select min(id) from inbox_sign_ins)) as oldest,
        max(email) filter (where id = (select max(id) from inbox_sign_ins)) as newest from inbox_sign_ins`)) as [
      { n: number; oldest: string; newest: string },
    ];
    expect(Number(n)).toBeLessThanOrEqual(SIGN_IN_LOG_MAX_ROWS);
    expect(Number(n)).toBeGreaterThanOrEqual(SIGN_IN_LOG_MAX_ROWS - 1);
    expect(newest).toBe(`guess${total}@example.com`);
    // The first hundred (and more) went.
    expect(Number(oldest.match(/\d+/)![0])).toBeGreaterThan(100);

    // Rows past the retention go with the next insert, whatever the count.
    await t.db.rows(
      sql`update inbox_sign_ins set created_at = now() - ${SIGN_IN_LOG_DAYS + 1}::integer * interval '1 day' where id < (select max(id) - 10 from inbox_sign_ins)`,
    );
    await recordSignIn(t.db, {
      userId: null,
      email: "last@example.com",
      method: "passkey",
      ok: false,
      reason: "passkey",
      address: "",
      userAgent: null,
    });
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
    await t.db.rows(
      sql`insert into inbox_sign_in_tallies (day, method, throttled) values (current_date - 2, 'password', 7), (current_date - ${SIGN_IN_LOG_DAYS + 5}::integer, 'password', 9)`,
    );
    const history = await signInHistory(t.db);
    expect(history.throttled[0]).toEqual({ day: today!.day, count: 5 });
    expect(history.throttled.map((d) => d.count)).toEqual([5, 7]);
    const [left] = await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from inbox_sign_in_tallies`);
    expect(Number(left!.n)).toBe(3);
  });
});
