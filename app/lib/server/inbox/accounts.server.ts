/**
 * Inbox accounts: one-time set-up links (invites), accounts created from them, passwords.
 * There is no public sign-up: the first link is printed by the server at start-up while no
 * account exists, later ones are made by a signed-in person or `npm run inbox -- invite`.
 */
import { hash, verify } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { INVITE_TTL_HOURS } from "../../inbox";
import type { InboxInvite, InboxSignIn, InboxUser } from "../../../../db/schema";
import type { Database } from "../db.server";
import { hashToken, newToken } from "./tokens.server";

export interface Account {
  id: number;
  name: string;
  email: string;
}

export function normaliseAccountEmail(email: string): string {
  return email.trim().toLowerCase();
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
    values (${hashToken(token)}, ${options.createdBy ?? null}, ${options.email ? normaliseAccountEmail(options.email) : null},
      now() + ${INVITE_TTL_HOURS}::integer * interval '1 hour')
    returning expires_at`);
  return { token, expiresAt: rows[0]!.expires_at };
}

/** The invite behind a set-up link, while it is unused and unexpired. */
export async function findInvite(db: Database, token: string): Promise<{ email: string | null; expiresAt: Date } | null> {
  const rows = await db.rows<Pick<InboxInvite, "email" | "expires_at">>(sql`
    select email, expires_at from inbox_invites
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()`);
  return rows[0] ? { email: rows[0].email, expiresAt: rows[0].expires_at } : null;
}

export type AccountCreation = { ok: true; account: Account } | { ok: false; reason: "invite" | "taken" };

/**
 * Uses the invite and creates the account, in one transaction: a link works once even if two
 * tabs submit together (the second waits for the first's row lock and then finds it used).
 */
export async function createAccountFromInvite(db: Database, token: string, input: { name: string; email: string; password: string }): Promise<AccountCreation> {
  const passwordHash = await hashPassword(input.password);
  const email = normaliseAccountEmail(input.email);
  return db.transaction(async (rows) => {
    const invite = await rows(sql`
      select 1 from inbox_invites where token_hash = ${hashToken(token)} and used_at is null and expires_at > now() for update`);
    if (invite.length === 0) return { ok: false as const, reason: "invite" as const };
    const created = await rows<Pick<InboxUser, "id" | "name" | "email">>(sql`
      insert into inbox_users (name, email, password_hash) values (${input.name.trim()}, ${email}, ${passwordHash})
      on conflict (email) do nothing returning id, name, email`);
    if (!created[0]) return { ok: false as const, reason: "taken" as const };
    await rows(sql`update inbox_invites set used_at = now() where token_hash = ${hashToken(token)}`);
    return { ok: true as const, account: created[0] };
  });
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
    select id, name, email, password_hash from inbox_users where email = ${normaliseAccountEmail(email)}`);
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

/** Every sign-in and failed attempt is kept for the agent to review (Account page). */
export async function recordSignIn(db: Database, r: SignInRecord): Promise<void> {
  await db.rows(sql`
    insert into inbox_sign_ins (user_id, email, method, ok, reason, address, user_agent)
    values (${r.userId}, ${r.email?.slice(0, 320) ?? null}, ${r.method}, ${r.ok}, ${r.reason ?? null}, ${r.address || null}, ${r.userAgent?.slice(0, 500) ?? null})`);
}

export async function recentSignIns(db: Database, limit = 50) {
  const rows = await db.rows<Pick<InboxSignIn, "id" | "email" | "method" | "ok" | "reason" | "address" | "user_agent" | "created_at">>(sql`
    select id, email, method, ok, reason, address, user_agent, created_at from inbox_sign_ins order by created_at desc, id desc limit ${limit}::integer`);
  return rows;
}
