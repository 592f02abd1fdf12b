/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the site itself:
 * its id is SITE_URL's host name and every response must come from SITE_URL's origin.
 *
 * Challenges are kept in the database for five minutes and used once, so any server on a shared
 * PostgreSQL can verify a response to a challenge another one handed out.
 */
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { sql } from "drizzle-orm";
import { site } from "../../../content/site";
import type { InboxPasskey, InboxUser } from "../../../../db/schema";
import type { Database } from "../db.server";
import type { Account } from "./accounts.server";

const CHALLENGE_MINUTES = 5;

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

async function keepChallenge(db: Database, challenge: string, purpose: "register" | "sign-in"): Promise<void> {
  await db.rows(sql`delete from inbox_challenges where expires_at < now()`);
  await db.rows(sql`
    insert into inbox_challenges (challenge, purpose, expires_at)
    values (${challenge}, ${purpose}, now() + ${CHALLENGE_MINUTES}::integer * interval '1 minute')`);
}

/** True once for a challenge this site handed out for `purpose` and that has not expired. */
async function takeChallenge(db: Database, challenge: string, purpose: "register" | "sign-in"): Promise<boolean> {
  const rows = await db.rows(sql`
    delete from inbox_challenges where challenge = ${challenge} and purpose = ${purpose} and expires_at > now() returning 1`);
  return rows.length === 1;
}

export async function registrationOptions(db: Database, rp: RelyingParty, account: Account): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.rows<Pick<InboxPasskey, "id" | "transports">>(sql`select id, transports from inbox_passkeys where user_id = ${account.id}`);
  const options = await generateRegistrationOptions({
    rpName: `${site.agent.name} inbox`,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(`inbox-user-${account.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: JSON.parse(k.transports) as AuthenticatorTransportFuture[] })),
    // Discoverable, so the sign-in page can offer it without an e-mail first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(db, options.challenge, "register");
  return options;
}

export async function registerPasskey(db: Database, rp: RelyingParty, account: Account, response: RegistrationResponseJSON): Promise<boolean> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "register"),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { credential } = verification.registrationInfo;
  await db.rows(sql`
    insert into inbox_passkeys (id, user_id, public_key, counter, transports)
    values (${credential.id}, ${account.id}, ${Buffer.from(credential.publicKey).toString("base64url")}, ${credential.counter},
      ${JSON.stringify(credential.transports ?? response.response.transports ?? [])})
    on conflict (id) do nothing`);
  return true;
}

export async function signInOptions(db: Database, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  await keepChallenge(db, options.challenge, "sign-in");
  return options;
}

/** The account a passkey response signs in, or null when it does not verify. */
export async function verifyPasskeySignIn(db: Database, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<Account | null> {
  const rows = await db.rows<Pick<InboxPasskey, "id" | "public_key" | "counter" | "transports" | "user_id"> & Pick<InboxUser, "name" | "email">>(sql`
    select k.id, k.public_key, k.counter, k.transports, u.id as user_id, u.name, u.email
    from inbox_passkeys k join inbox_users u on u.id = k.user_id where k.id = ${String(response.id ?? "")}`);
  const key = rows[0];
  if (!key) return null;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, "sign-in"),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: key.counter,
        transports: JSON.parse(key.transports) as AuthenticatorTransportFuture[],
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return null;
    await db.rows(sql`
      update inbox_passkeys set counter = ${verification.authenticationInfo.newCounter}, last_used_at = now() where id = ${key.id}`);
    return { id: key.user_id, name: key.name, email: key.email };
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Database, accountId: number) {
  const rows = await db.rows<Pick<InboxPasskey, "id" | "created_at" | "last_used_at">>(sql`
    select id, created_at, last_used_at from inbox_passkeys where user_id = ${accountId} order by created_at`);
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

export async function removePasskey(db: Database, accountId: number, id: string): Promise<void> {
  await db.rows(sql`delete from inbox_passkeys where user_id = ${accountId} and id = ${id}`);
}
