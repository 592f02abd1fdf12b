/**
 * Inbox sessions: a random token in an HttpOnly cookie, its SHA-256 in the database, so a
 * restart keeps everyone signed in and several servers on one PostgreSQL share the sessions.
 * The expiry slides: each visit pushes it SESSION_IDLE_DAYS ahead, but never past
 * SESSION_MAX_DAYS after the sign-in (an absolute lifetime: a stolen cookie does not live forever).
 * On an https site the cookie is `__Host-` prefixed: Secure, for this host only, for the whole site.
 */
import { sql } from "drizzle-orm";
import { type Cookie, createCookie } from "react-router";
import { inboxSessions, inboxUsers } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import type { Account } from "./accounts.server";
import { hashToken, isToken, newToken } from "./tokens.server";

export const SESSION_IDLE_DAYS = 14;
export const SESSION_MAX_DAYS = 30;

export interface Session {
  account: Account;
  token: string;
  expiresAt: Date;
}

/**
 * An inbox cookie (React Router's): HttpOnly, SameSite=Lax, the whole site; over https Secure and
 * `__Host-` named (this host only). The value is React Router's encoding of the token, read back by
 * `cookieToken`.
 */
export function inboxCookie(name: "inbox_session" | "inbox_device", secure: boolean): Cookie {
  return createCookie(secure ? `__Host-${name}` : name, { path: "/", httpOnly: true, sameSite: "lax", secure });
}

export async function createSession(
  db: Database,
  accountId: number,
  from: { address: string; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  // Expired sessions are of no use to anyone: swept whenever a new one starts.
  await db.rows(sql`delete from ${inboxSessions} where ${inboxSessions.expires_at} < now()`);
  const rows = await returning(
    db.rows,
    { expires_at: inboxSessions.expires_at },
    sql`
    insert into ${inboxSessions} (${name(inboxSessions.token_hash)}, ${name(inboxSessions.user_id)}, ${name(inboxSessions.expires_at)},
      ${name(inboxSessions.address)}, ${name(inboxSessions.user_agent)})
    values (${hashToken(token)}, ${accountId}, now() + ${SESSION_IDLE_DAYS}::integer * interval '1 day', ${from.address || null}, ${from.userAgent?.slice(0, 200) ?? null})`,
  );
  return { token, expiresAt: rows[0]!.expires_at };
}

/**
 * The session a token belongs to, if it is still valid. Its expiry slides, written at most once a
 * minute (a page's loaders each read the session, and one write is enough), and never past the
 * absolute lifetime.
 */
export async function resumeSession(db: Database, token: string): Promise<Session | null> {
  if (!isToken(token)) return null;
  const hash = hashToken(token);
  const stale = sql<boolean>`${inboxSessions.last_seen_at} < now() - interval '1 minute'`;
  const rows = await select(
    db.rows,
    { id: inboxUsers.id, name: inboxUsers.name, email: inboxUsers.email, expires_at: inboxSessions.expires_at, stale },
    sql`
    from ${inboxSessions} join ${inboxUsers} on ${inboxUsers.id} = ${inboxSessions.user_id}
    where ${inboxSessions.token_hash} = ${hash} and ${inboxSessions.expires_at} > now() and ${inboxSessions.created_at} > now() - ${SESSION_MAX_DAYS}::integer * interval '1 day'`,
  );
  const row = rows[0];
  if (!row) return null;
  let expiresAt = row.expires_at;
  if (row.stale) {
    const slid = await returning(
      db.rows,
      { expires_at: inboxSessions.expires_at },
      sql`
      update ${inboxSessions} set ${name(inboxSessions.last_seen_at)} = now(),
        ${name(inboxSessions.expires_at)} = least(now() + ${SESSION_IDLE_DAYS}::integer * interval '1 day', ${inboxSessions.created_at} + ${SESSION_MAX_DAYS}::integer * interval '1 day')
      where ${inboxSessions.token_hash} = ${hash}`,
    );
    if (slid[0]) expiresAt = slid[0].expires_at;
  }
  return { account: { id: row.id, name: row.name, email: row.email }, token, expiresAt };
}

export async function endSession(db: Database, token: string): Promise<void> {
  await db.rows(sql`delete from ${inboxSessions} where ${inboxSessions.token_hash} = ${hashToken(token)}`);
}

/** "Sign out everywhere" (every browser of this account), or every one but `keepToken` (after a password change). */
export async function endAllSessions(db: Database, accountId: number, keepToken?: string): Promise<number> {
  const rows = await returning(
    db.rows,
    { ended: sql<number>`1` },
    sql`
    delete from ${inboxSessions} where ${inboxSessions.user_id} = ${accountId} ${keepToken ? sql`and ${inboxSessions.token_hash} <> ${hashToken(keepToken)}` : sql``}`,
  );
  return rows.length;
}

export async function countSessions(db: Database, accountId: number): Promise<number> {
  const rows = await select(
    db.rows,
    { n: sql<number>`count(*)::integer` },
    sql`from ${inboxSessions} where ${inboxSessions.user_id} = ${accountId} and ${inboxSessions.expires_at} > now()`,
  );
  return rows[0]?.n ?? 0;
}

/** A cookie's token from the request's Cookie header; null when absent, empty or not a string React Router wrote. */
export async function cookieToken(request: Request, cookie: Cookie): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

export function sessionTokenFrom(request: Request, secure: boolean): Promise<string | null> {
  return cookieToken(request, inboxCookie("inbox_session", secure));
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): Promise<string> {
  return inboxCookie("inbox_session", secure).serialize(token, {
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearedSessionCookie(secure: boolean): Promise<string> {
  return inboxCookie("inbox_session", secure).serialize("", { maxAge: 0 });
}
