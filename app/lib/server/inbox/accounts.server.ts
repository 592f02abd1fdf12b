/**
 * Inbox accounts: one-time set-up links (invites), accounts created from them, passwords.
 * There is no public sign-up: the first link is printed by the server at start-up while no
 * account exists, later ones are made by a signed-in person or `npm run inbox -- invite`.
 */
import { hash, verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { INVITE_TTL_HOURS, MIN_PASSWORD_LENGTH } from "../../inbox";
import { normaliseEmail } from "../../schemas/fields";
import { inboxInvites, inboxPasskeys, inboxSignIns, inboxSignInTallies, inboxUsers } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { hashToken, isToken, newToken } from "./tokens.server";

export interface Account {
  id: number;
  name: string;
  email: string;
}

export function inviteLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/inbox/setup/${token}`;
}

export async function hasAccounts(db: Database): Promise<boolean> {
  const rows = await select(db.rows, { any: sql<boolean>`exists (select 1 from ${inboxUsers})` }, sql``);
  return Boolean(rows[0]?.any);
}

export async function createInvite(
  db: Database,
  options: { createdBy?: number; email?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const rows = await returning(
    db.rows,
    { expiresAt: inboxInvites.expires_at },
    sql`
    insert into ${inboxInvites} (${name(inboxInvites.token_hash)}, ${name(inboxInvites.created_by)}, ${name(inboxInvites.email)}, ${name(inboxInvites.expires_at)})
    values (${hashToken(token)}, ${options.createdBy ?? null}, ${options.email ? normaliseEmail(options.email) : null},
      now() + ${INVITE_TTL_HOURS}::integer * interval '1 hour')`,
  );
  return { token, expiresAt: rows[0]!.expiresAt };
}

/** The invite behind a set-up link, while it is unused and unexpired. */
export async function findInvite(db: Database, token: string): Promise<{ email: string | null; expiresAt: Date } | null> {
  if (!isToken(token)) return null;
  const rows = await select(
    db.rows,
    { email: inboxInvites.email, expiresAt: inboxInvites.expires_at },
    sql`
    from ${inboxInvites}
    where ${inboxInvites.token_hash} = ${hashToken(token)} and ${inboxInvites.used_at} is null and ${inboxInvites.expires_at} > now()`,
  );
  return rows[0] ?? null;
}

export type AccountCreation = { ok: true; account: Account } | { ok: false; reason: "invite" | "taken" | "other-email" };

/**
 * Uses the invite and creates the account, in one transaction: a link works once even if two
 * tabs submit together (the second waits for the first's row lock and then finds it used). A
 * link made for an address creates an account for that address only. The caller checks the link
 * (findInvite) before hashing the password, so a dead link costs no argon2.
 */
export async function createAccountFromInvite(
  db: Database,
  token: string,
  input: { name: string; email: string; password: string },
): Promise<AccountCreation> {
  if (!isToken(token)) return { ok: false, reason: "invite" };
  const passwordHash = await hashPassword(input.password);
  const email = normaliseEmail(input.email);
  return db.transaction(async (rows) => {
    const invite = await select(
      rows,
      { email: inboxInvites.email },
      sql`
      from ${inboxInvites} where ${inboxInvites.token_hash} = ${hashToken(token)} and ${inboxInvites.used_at} is null and ${inboxInvites.expires_at} > now() for update`,
    );
    if (invite.length === 0) return { ok: false as const, reason: "invite" as const };
    if (invite[0]!.email && invite[0]!.email !== email) return { ok: false as const, reason: "other-email" as const };
    const created = await returning(
      rows,
      { id: inboxUsers.id, name: inboxUsers.name, email: inboxUsers.email },
      sql`
      insert into ${inboxUsers} (${name(inboxUsers.name)}, ${name(inboxUsers.email)}, ${name(inboxUsers.password_hash)}) values (${input.name.trim()}, ${email}, ${passwordHash})
      on conflict (${name(inboxUsers.email)}) do nothing`,
    );
    if (!created[0]) return { ok: false as const, reason: "taken" as const };
    await rows(
      sql`update ${inboxInvites} set ${name(inboxInvites.used_at)} = now() where ${inboxInvites.token_hash} = ${hashToken(token)}`,
    );
    return { ok: true as const, account: created[0] };
  });
}

/** Set-up links not yet used and not expired, newest first; `id` is the link's stored hash (not the link). */
export async function listOpenInvites(
  db: Database,
): Promise<{ id: string; email: string | null; createdBy: string | null; createdAt: Date; expiresAt: Date }[]> {
  // The maker's name comes through a left join: null once their account is gone.
  const createdBy = sql<string | null>`${inboxUsers.name}`;
  return select(
    db.rows,
    {
      id: inboxInvites.token_hash,
      email: inboxInvites.email,
      createdBy,
      createdAt: inboxInvites.created_at,
      expiresAt: inboxInvites.expires_at,
    },
    sql`
    from ${inboxInvites} left join ${inboxUsers} on ${inboxUsers.id} = ${inboxInvites.created_by}
    where ${inboxInvites.used_at} is null and ${inboxInvites.expires_at} > now() order by ${inboxInvites.created_at} desc, ${inboxInvites.token_hash}`,
  );
}

/** Revokes an unused set-up link (by its stored hash); false when there was none. */
export async function revokeInvite(db: Database, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(id)) return false;
  const rows = await returning(
    db.rows,
    { one: sql<number>`1` },
    sql`delete from ${inboxInvites} where ${inboxInvites.token_hash} = ${id} and ${inboxInvites.used_at} is null`,
  );
  return rows.length === 1;
}

/**
 * Removes another account (its sessions, passkeys, devices and unused set-up links go with it): never one's own, and
 * never the last one, checked under a lock so two people cannot remove each other at once.
 */
export async function removeAccount(db: Database, accountId: number, by: Account): Promise<"removed" | "self" | "last" | "missing"> {
  if (accountId === by.id) return "self";
  return db.transaction(async (rows) => {
    await rows(sql`lock table ${inboxUsers} in share row exclusive mode`);
    const count = await select(rows, { n: sql<number>`count(*)::integer` }, sql`from ${inboxUsers}`);
    if (Number(count[0]?.n ?? 0) <= 1) return "last" as const;
    // Set-up links the removed person made and nobody used die with the account.
    await rows(sql`delete from ${inboxInvites} where ${inboxInvites.created_by} = ${accountId} and ${inboxInvites.used_at} is null`);
    const removed = await returning(rows, { one: sql<number>`1` }, sql`delete from ${inboxUsers} where ${inboxUsers.id} = ${accountId}`);
    return removed.length === 1 ? ("removed" as const) : ("missing" as const);
  });
}

/** Replaces an account's password (the caller ends its other sessions and forgets its other devices). */
export async function setPassword(db: Database, accountId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.rows(sql`update ${inboxUsers} set ${name(inboxUsers.password_hash)} = ${passwordHash} where ${inboxUsers.id} = ${accountId}`);
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Why a new password is refused, or null. Length beats composition rules (NIST SP 800-63B), which
 * also asks to refuse passwords known to be common and repetitive ones: the common-password list of
 * zxcvbn-ts (a kept package, loaded on first use) and a single character repeated.
 */
export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (/^(.)\1*$/su.test(password)) return "Use more than one character, repeated.";
  commonPasswords ??= import("@zxcvbn-ts/language-common").then((m) => new Set(m.dictionary["passwords-common"] as string[]));
  if ((await commonPasswords).has(password.toLowerCase()))
    return "That password is on the list of the most common ones. Choose another: a short sentence is easy to remember and hard to guess.";
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2's defaults are argon2id with OWASP's recommended memory and passes.
  return hash(password);
}

// Verified against when the e-mail has no account, so a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** The account whose password this is, or null. */
export async function checkPassword(db: Database, email: string, password: string): Promise<Account | null> {
  const rows = await select(
    db.rows,
    { id: inboxUsers.id, name: inboxUsers.name, email: inboxUsers.email, password_hash: inboxUsers.password_hash },
    sql`
    from ${inboxUsers} where ${inboxUsers.email} = ${normaliseEmail(email)}`,
  );
  const row = rows[0];
  if (!row?.password_hash) {
    dummyHash ??= hashPassword("not a real password, only for timing");
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(row.password_hash, password).catch(() => false);
  return ok ? { id: row.id, name: row.name, email: row.email } : null;
}

export async function listAccounts(db: Database): Promise<(Account & { createdAt: Date; passkeys: number })[]> {
  const passkeys = sql<number>`(select count(*)::integer from ${inboxPasskeys} where ${inboxPasskeys.user_id} = ${inboxUsers.id})`;
  return select(
    db.rows,
    { id: inboxUsers.id, name: inboxUsers.name, email: inboxUsers.email, createdAt: inboxUsers.created_at, passkeys },
    sql`
    from ${inboxUsers} order by ${inboxUsers.id}`,
  );
}

export interface SignInRecord {
  userId: number | null;
  email: string | null;
  method: "password" | "passkey" | "setup";
  ok: boolean;
  reason?: string;
  address: string;
  userAgent: string | null;
}

/** The sign-in log keeps at most this many rows, none older than SIGN_IN_LOG_DAYS. */
export const SIGN_IN_LOG_MAX_ROWS = 2_000;
export const SIGN_IN_LOG_DAYS = 90;

/**
 * A sign-in, or a failed attempt that reached the check (throttled ones are only counted, by
 * countThrottled). The log is bounded: each insert trims what is over the cap or past the
 * retention, through the primary key and the date index, so its size never depends on how many
 * attempts strangers make.
 */
export async function recordSignIn(db: Database, r: SignInRecord): Promise<void> {
  const t = inboxSignIns;
  await db.rows(sql`
    insert into ${t} (${name(t.user_id)}, ${name(t.email)}, ${name(t.method)}, ${name(t.ok)}, ${name(t.reason)}, ${name(t.address)}, ${name(t.user_agent)})
    values (${r.userId}, ${r.email ? normaliseEmail(r.email) : null}, ${r.method}, ${r.ok}, ${r.reason ?? null}, ${r.address.slice(0, 45) || null}, ${r.userAgent?.slice(0, 200) ?? null})`);
  await db.rows(sql`
    delete from ${t}
    where ${t.id} <= (select max(${t.id}) from ${t}) - ${SIGN_IN_LOG_MAX_ROWS}::integer
       or ${t.created_at} < now() - ${SIGN_IN_LOG_DAYS}::integer * interval '1 day'`);
}

/** One more attempt refused by the throttle today: a counter, not a row per attempt. */
export async function countThrottled(db: Database, method: "password" | "passkey"): Promise<void> {
  const t = inboxSignInTallies;
  await db.rows(sql`
    insert into ${t} (${name(t.day)}, ${name(t.method)}, ${name(t.throttled)}) values (current_date, ${method}, 1)
    on conflict (${name(t.day)}, ${name(t.method)}) do update set ${name(t.throttled)} = ${t.throttled} + 1`);
}

/** For the Account page: the latest successful sign-ins and, apart, the latest failures and the throttled counts of the last days. */
export async function signInHistory(db: Database, { successes = 10, failures = 20, days = 7 } = {}) {
  const s = inboxSignIns;
  const t = inboxSignInTallies;
  const columns = {
    id: s.id,
    email: s.email,
    method: s.method,
    ok: s.ok,
    reason: s.reason,
    address: s.address,
    user_agent: s.user_agent,
    created_at: s.created_at,
  };
  const [ok, failed, throttled] = await Promise.all([
    select(db.rows, columns, sql`from ${s} where ${s.ok} order by ${s.id} desc limit ${successes}::integer`),
    select(db.rows, columns, sql`from ${s} where not ${s.ok} order by ${s.id} desc limit ${failures}::integer`),
    select(
      db.rows,
      { day: sql<string>`to_char(${t.day}, 'YYYY-MM-DD')`, count: sql<number>`sum(${t.throttled})::integer` },
      sql`
      from ${t}
      where ${t.day} > current_date - ${days}::integer group by ${t.day} order by ${t.day} desc`,
    ),
  ]);
  // Tallies older than the log's retention serve no one.
  await db.rows(sql`delete from ${t} where ${t.day} < current_date - ${SIGN_IN_LOG_DAYS}::integer`);
  return { successes: ok, failures: failed, throttled };
}
