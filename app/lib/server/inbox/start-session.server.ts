/**
 * Starting a session, the one way every sign-in ends (password, passkey, a set-up link): the
 * session, its line in the sign-in log, and the browser's device cookie for the account.
 */
import type { Database } from "../../../../platform/db/database";
import { type Account, type SignInRecord, recordSignIn } from "./accounts.server";
import { rememberDevice } from "./devices.server";
import { createSession, sessionCookie } from "./sessions.server";

export interface SessionStart {
  method: SignInRecord["method"];
  from: { address: string; userAgent: string | null };
  secure: boolean;
  /** The browser's device cookie, if it sent one: kept when it is this account's. */
  deviceToken: string | null;
}

/** Signs `account` in; the answer's headers carry the session and device cookies. */
export async function startSession(db: Database, account: Account, { method, from, secure, deviceToken }: SessionStart): Promise<Headers> {
  const session = await createSession(db, account.id, from);
  await recordSignIn(db, { userId: account.id, email: account.email, method, ok: true, ...from });
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie(session.token, session.expiresAt, secure));
  headers.append("Set-Cookie", await rememberDevice(db, account.id, deviceToken, secure));
  return headers;
}
