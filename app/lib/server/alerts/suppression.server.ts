/**
 * The suppression list: addresses never to be mailed again (an erased person). It keeps a keyed
 * hash of the address, never the address, so the list itself holds no personal data; the key
 * (server secret "suppression") keeps anyone with the table from testing guessed addresses.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { emailSuppressions, serverSecrets } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { type SecretName, secretIn } from "./secrets.server";

/** The address as every form compares it: trimmed, lower case. */
export function suppressionKey(email: string): string {
  return email.trim().toLowerCase();
}

export function hashWith(secret: Buffer, email: string): string {
  return createHmac("sha256", secret).update(suppressionKey(email)).digest("hex");
}

/**
 * The hash an erasure stores (hex HMAC-SHA256). The key is read from the database each time, not
 * cached: erasures and sign-ups are rare, and every reader then agrees with the table.
 */
export async function emailHash(db: Database, email: string): Promise<string> {
  return hashWith(await secretIn(db.rows, "suppression"), email);
}

/** Whether `email` is on the list (`rows`: the database's or a transaction's). Before the key exists, nothing was ever listed. */
export async function isSuppressed(rows: Database["rows"], email: string): Promise<boolean> {
  const [key] = await select(
    rows,
    { value: serverSecrets.value },
    sql`from ${serverSecrets} where ${serverSecrets.name} = ${"suppression" satisfies SecretName}`,
  );
  return key ? isHashSuppressed(rows, hashWith(Buffer.from(key.value, "base64url"), email)) : false;
}

export async function isHashSuppressed(rows: Database["rows"], hash: string): Promise<boolean> {
  const found = await select(
    rows,
    { hash: emailSuppressions.email_hash },
    sql`from ${emailSuppressions} where ${emailSuppressions.email_hash} = ${hash} limit 1`,
  );
  return found.length > 0;
}
