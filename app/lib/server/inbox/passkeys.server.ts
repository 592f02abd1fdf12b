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
import { inboxChallenges, inboxPasskeys, inboxUsers } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
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
  await db.rows(sql`delete from ${inboxChallenges} where ${inboxChallenges.expires_at} < now()`);
  await db.rows(sql`
    insert into ${inboxChallenges} (${name(inboxChallenges.challenge)}, ${name(inboxChallenges.purpose)}, ${name(inboxChallenges.expires_at)})
    values (${challenge}, ${purpose}, now() + ${CHALLENGE_MINUTES}::integer * interval '1 minute')`);
}

/** True once for a challenge this site handed out for `purpose` and that has not expired. */
async function takeChallenge(db: Database, challenge: string, purpose: "register" | "sign-in"): Promise<boolean> {
  const rows = await returning(
    db.rows,
    { taken: sql<number>`1` },
    sql`
    delete from ${inboxChallenges} where ${inboxChallenges.challenge} = ${challenge} and ${inboxChallenges.purpose} = ${purpose} and ${inboxChallenges.expires_at} > now()`,
  );
  return rows.length === 1;
}

export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  account: Account,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await select(
    db.rows,
    { id: inboxPasskeys.id, transports: inboxPasskeys.transports },
    sql`from ${inboxPasskeys} where ${inboxPasskeys.user_id} = ${account.id}`,
  );
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

export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  account: Account,
  response: RegistrationResponseJSON,
): Promise<boolean> {
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
    insert into ${inboxPasskeys} (${name(inboxPasskeys.id)}, ${name(inboxPasskeys.user_id)}, ${name(inboxPasskeys.public_key)}, ${name(inboxPasskeys.counter)}, ${name(inboxPasskeys.transports)})
    values (${credential.id}, ${account.id}, ${Buffer.from(credential.publicKey).toString("base64url")}, ${credential.counter},
      ${JSON.stringify(credential.transports ?? response.response.transports ?? [])})
    on conflict (${name(inboxPasskeys.id)}) do nothing`);
  return true;
}

export async function signInOptions(db: Database, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  await keepChallenge(db, options.challenge, "sign-in");
  return options;
}

/** The account a passkey response signs in, or null when it does not verify. */
export async function verifyPasskeySignIn(db: Database, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<Account | null> {
  const fields = {
    id: inboxPasskeys.id,
    public_key: inboxPasskeys.public_key,
    counter: inboxPasskeys.counter,
    transports: inboxPasskeys.transports,
  };
  const rows = await select(
    db.rows,
    { ...fields, user_id: inboxUsers.id, name: inboxUsers.name, email: inboxUsers.email },
    sql`
    from ${inboxPasskeys} join ${inboxUsers} on ${inboxUsers.id} = ${inboxPasskeys.user_id} where ${inboxPasskeys.id} = ${String(response.id ?? "")}`,
  );
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
      update ${inboxPasskeys} set ${name(inboxPasskeys.counter)} = ${verification.authenticationInfo.newCounter}, ${name(inboxPasskeys.last_used_at)} = now() where ${inboxPasskeys.id} = ${key.id}`);
    return { id: key.user_id, name: key.name, email: key.email };
  } catch {
    return null;
  }
}

export async function listPasskeys(db: Database, accountId: number) {
  return select(
    db.rows,
    { id: inboxPasskeys.id, createdAt: inboxPasskeys.created_at, lastUsedAt: inboxPasskeys.last_used_at },
    sql`
    from ${inboxPasskeys} where ${inboxPasskeys.user_id} = ${accountId} order by ${inboxPasskeys.created_at}`,
  );
}

export async function removePasskey(db: Database, accountId: number, id: string): Promise<void> {
  await db.rows(sql`delete from ${inboxPasskeys} where ${inboxPasskeys.user_id} = ${accountId} and ${inboxPasskeys.id} = ${id}`);
}
