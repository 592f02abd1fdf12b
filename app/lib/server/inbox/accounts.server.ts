/**
 * Inbox accounts: one-time set-up links (invites), accounts created from them, passwords.
 * There is no public sign-up: the first link is printed by the server at start-up while no
 * account exists, later ones are made by a signed-in person or `npm run inbox -- invite`.
 */
import { hash, verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { INVITE_TTL_HOURS, MIN_PASSWORD_LENGTH } from "../../inbox";
import { normaliseEmail } from "../../schemas/fields";
import type { InboxInvite, InboxSignIn, InboxUser } from "../../../../db/schema";
import type { Database } from "../db.server";
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
  const rows = await db.rows<{ any: boolean }>(sql`select exists (select 1 from inbox_users) as any`);
  return Boolean(rows[0]?.any);
}

export async function createInvite(db: Database, options: { createdBy?: number; email?: string } = {}): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const rows = await db.rows<Pick<InboxInvite, "expires_at">>(sql`
    insert into inbox_invites (token_hash, created_by, email, expires_at)
    values (${hashToken(token)}, ${options.createdBy ?? null}, ${options.email ? normaliseEmail(options.email) : null},
      now() + ${INVITE_TTL_HOURS}::integer * interval '1 hour')
    returning expires_at`);
  return { token, expiresAt: rows[0]!.expires_at };
}

/** The invite behind a set-up link, while it is unused and unexpired. */
export async function findInvite(db: Database, token: string): Promise<{ email: string | null; expiresAt: Date } | null> {
  if (!isToken(token)) return null;
  const rows = await db.rows<Pick<InboxInvite, "email" | "expires_at">>(sql`
    select email, expires_at from inbox_invites
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()`);
  return rows[0] ? { email: rows[0].email, expiresAt: rows[0].expires_at } : null;
}

export type AccountCreation = { ok: true; account: Account } | { ok: false; reason: "invite" | "taken" | "other-email" };

/**
 * Uses the invite and creates the account, in one transaction: a link works once even if two
 * tabs submit together (the second waits for the first's row lock and then finds it used). A
 * link made for an address creates an account for that address only. The caller checks the link
 * (findInvite) before hashing the password, so a dead link costs no argon2.
 */
export async function createAccountFromInvite(db: Database, token: string, input: { name: string; email: string; password: string }): Promise<AccountCreation> {
  if (!isToken(token)) return { ok: false, reason: "invite" };
  const passwordHash = await hashPassword(input.password);
  const email = normaliseEmail(input.email);
  return db.transaction(async (rows) => {
    const invite = await rows<Pick<InboxInvite, "email">>(sql`
      select email from inbox_invites where token_hash = ${hashToken(token)} and used_at is null and expires_at > now() for update`);
    if (invite.length === 0) return { ok: false as const, reason: "invite" as const };
    if (invite[0]!.email && invite[0]!.email !== email) return { ok: false as const, reason: "other-email" as const };
    const created = await rows<Pick<InboxUser, "id" | "name" | "email">>(sql`
      insert into inbox_users (name, email, password_hash) values (${input.name.trim()}, ${email}, ${passwordHash})
      on conflict (email) do nothing returning id, name, email`);
    if (!created[0]) return { ok: false as const, reason: "taken" as const };
    await rows(sql`update inbox_invites set used_at = now() where token_hash = ${hashToken(token)}`);
    return { ok: true as const, account: created[0] };
  });
}

/** Set-up links not yet used and not expired, newest first; `id` is the link's stored hash (not the link). */
export async function listOpenInvites(db: Database): Promise<{ id: string; email: string | null; createdBy: string | null; createdAt: Date; expiresAt: Date }[]> {
  const rows = await db.rows<Pick<InboxInvite, "token_hash" | "email" | "created_at" | "expires_at"> & { created_by_name: string | null }>(sql`
    select i.token_hash, i.email, i.created_at, i.expires_at, u.name as created_by_name
    from inbox_invites i left join inbox_users u on u.id = i.created_by
    where i.used_at is null and i.expires_at > now() order by i.created_at desc, i.token_hash`);
  return rows.map((r) => ({ id: r.token_hash, email: r.email, createdBy: r.created_by_name, createdAt: r.created_at, expiresAt: r.expires_at }));
}

/** Revokes an unused set-up link (by its stored hash); false when there was none. */
export async function revokeInvite(db: Database, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(id)) return false;
  const rows = await db.rows(sql`delete from inbox_invites where token_hash = ${id} and used_at is null returning 1`);
  return rows.length === 1;
}

/**
 * Removes another account (its sessions, passkeys, devices and unused set-up links go with it): never one's own, and
 * never the last one, checked under a lock so two people cannot remove each other at once.
 */
export async function removeAccount(db: Database, accountId: number, by: Account): Promise<"removed" | "self" | "last" | "missing"> {
  if (accountId === by.id) return "self";
  return db.transaction(async (rows) => {
    await rows(sql`lock table inbox_users in share row exclusive mode`);
    const count = await rows<{ n: number }>(sql`select count(*)::integer as n from inbox_users`);
    if (Number(count[0]?.n ?? 0) <= 1) return "last" as const;
    // Set-up links the removed person made and nobody used die with the account.
    await rows(sql`delete from inbox_invites where created_by = ${accountId} and used_at is null`);
    const removed = await rows(sql`delete from inbox_users where id = ${accountId} returning 1`);
    return removed.length === 1 ? ("removed" as const) : ("missing" as const);
  });
}

/** Replaces an account's password (the caller ends its other sessions and forgets its other devices). */
export async function setPassword(db: Database, accountId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.rows(sql`update inbox_users set password_hash = ${passwordHash} where id = ${accountId}`);
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
  if ((await commonPasswords).has(password.toLowerCase())) return "That password is on the list of the most common ones. Choose another: a short sentence is easy to remember and hard to guess.";
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
  const rows = await db.rows<Pick<InboxUser, "id" | "name" | "email" | "password_hash">>(sql`
    select id, name, email, password_hash from inbox_users where email = ${normaliseEmail(email)}`);
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
  const rows = await db.rows<Pick<InboxUser, "id" | "name" | "email" | "created_at"> & { passkeys: number }>(sql`
    select u.id, u.name, u.email, u.created_at, (select count(*)::integer from inbox_passkeys k where k.user_id = u.id) as passkeys
    from inbox_users u order by u.id`);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, createdAt: r.created_at, passkeys: r.passkeys }));
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
  await db.rows(sql`
    insert into inbox_sign_ins (user_id, email, method, ok, reason, address, user_agent)
    values (${r.userId}, ${r.email ? normaliseEmail(r.email) : null}, ${r.method}, ${r.ok}, ${r.reason ?? null}, ${r.address.slice(0, 45) || null}, ${r.userAgent?.slice(0, 200) ?? null})`);
  await db.rows(sql`
    delete from inbox_sign_ins
    where id <= (select max(id) from inbox_sign_ins) - ${SIGN_IN_LOG_MAX_ROWS}::integer
       or created_at < now() - ${SIGN_IN_LOG_DAYS}::integer * interval '1 day'`);
}

/** One more attempt refused by the throttle today: a counter, not a row per attempt. */
export async function countThrottled(db: Database, method: "password" | "passkey"): Promise<void> {
  await db.rows(sql`
    insert into inbox_sign_in_tallies (day, method, throttled) values (current_date, ${method}, 1)
    on conflict (day, method) do update set throttled = inbox_sign_in_tallies.throttled + 1`);
}

/** For the Account page: the latest successful sign-ins and, apart, the latest failures and the throttled counts of the last days. */
export async function signInHistory(db: Database, { successes = 10, failures = 20, days = 7 } = {}) {
  const columns = sql`id, email, method, ok, reason, address, user_agent, created_at`;
  type Row = Pick<InboxSignIn, "id" | "email" | "method" | "ok" | "reason" | "address" | "user_agent" | "created_at">;
  const [ok, failed, throttled] = await Promise.all([
    db.rows<Row>(sql`select ${columns} from inbox_sign_ins where ok order by id desc limit ${successes}::integer`),
    db.rows<Row>(sql`select ${columns} from inbox_sign_ins where not ok order by id desc limit ${failures}::integer`),
    db.rows<{ day: string; n: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(throttled)::integer as n from inbox_sign_in_tallies
      where day > current_date - ${days}::integer group by day order by day desc`),
  ]);
  // Tallies older than the log's retention serve no one.
  await db.rows(sql`delete from inbox_sign_in_tallies where day < current_date - ${SIGN_IN_LOG_DAYS}::integer`);
  return { successes: ok, failures: failed, throttled: throttled.map((t) => ({ day: t.day, count: Number(t.n) })) };
}
