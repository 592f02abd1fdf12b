/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account successfully gets a long-lived random token. While strangers are
 * throttled on that account, an attempt from such a browser for the same account is counted
 * against that browser's own allowance instead, so nobody can lock the agent out by guessing
 * (decision 029). Only a SHA-256 of the token is stored, and a password change or an account's
 * removal forgets its devices.
 */
import { sql } from "drizzle-orm";
import { inboxDevices, inboxUsers } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { cookieToken, inboxCookie } from "./sessions.server";
import { hashToken, isToken, newToken } from "./tokens.server";

export const DEVICE_DAYS = 365;
/** The newest this many devices per account are remembered; older ones are forgotten. */
export const DEVICES_PER_ACCOUNT = 20;

export async function deviceTokenFrom(request: Request, secure: boolean): Promise<string | null> {
  const token = await cookieToken(request, inboxCookie("inbox_device", secure));
  return token && isToken(token) ? token : null;
}

/**
 * The throttle key of this browser's device cookie when it has signed in before to the account
 * `email` names (or to any account, when `email` is null: a passkey names its account only once
 * verified); else null, and the attempt is a stranger's.
 */
export async function knownDevice(db: Database, token: string | null, email: string | null): Promise<string | null> {
  if (!token) return null;
  const hash = hashToken(token);
  const rows = await select(
    db.rows,
    { known: sql<number>`1` },
    sql`
    from ${inboxDevices} join ${inboxUsers} on ${inboxUsers.id} = ${inboxDevices.user_id}
    where ${inboxDevices.token_hash} = ${hash} and ${inboxDevices.last_used_at} > now() - ${DEVICE_DAYS}::integer * interval '1 day'
    ${email === null ? sql`` : sql`and ${inboxUsers.email} = ${email}`}`,
  );
  return rows.length ? `device:${hash}` : null;
}

/**
 * After a successful sign-in: the browser's device token for this account (its own if it had one
 * for the account, else a new one), as a Set-Cookie header. Keeps the account's newest devices only.
 */
export async function rememberDevice(db: Database, accountId: number, token: string | null, secure: boolean): Promise<string> {
  const kept = token
    ? await returning(
        db.rows,
        { kept: sql<number>`1` },
        sql`
        update ${inboxDevices} set ${name(inboxDevices.last_used_at)} = now() where ${inboxDevices.token_hash} = ${hashToken(token)} and ${inboxDevices.user_id} = ${accountId}`,
      )
    : [];
  const current = kept.length ? token! : newToken();
  if (!kept.length) {
    await db.rows(
      sql`insert into ${inboxDevices} (${name(inboxDevices.token_hash)}, ${name(inboxDevices.user_id)}) values (${hashToken(current)}, ${accountId})`,
    );
    await db.rows(sql`
      delete from ${inboxDevices} where ${inboxDevices.user_id} = ${accountId} and ${inboxDevices.token_hash} not in (
        select ${inboxDevices.token_hash} from ${inboxDevices} where ${inboxDevices.user_id} = ${accountId} order by ${inboxDevices.last_used_at} desc limit ${DEVICES_PER_ACCOUNT}::integer)`);
  }
  return inboxCookie("inbox_device", secure).serialize(current, { maxAge: DEVICE_DAYS * 86_400 });
}

/** Forgets every device of an account but `keepToken`'s (a password change: only this browser stays trusted). */
export async function forgetDevices(db: Database, accountId: number, keepToken: string | null): Promise<void> {
  await db.rows(
    sql`delete from ${inboxDevices} where ${inboxDevices.user_id} = ${accountId} ${keepToken ? sql`and ${inboxDevices.token_hash} <> ${hashToken(keepToken)}` : sql``}`,
  );
}
