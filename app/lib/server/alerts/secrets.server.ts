/**
 * The secrets every server sharing the database signs with (server_secrets): made on first use,
 * by whichever server gets there first (`on conflict do nothing`, then everyone reads the winner's).
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { serverSecrets } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";

export type SecretName = "alert-links" | "suppression" | "showing-links";

/** A secret never changes once made, so each server reads it once per database. */
const cache = new WeakMap<Database, Map<SecretName, Promise<Buffer>>>();

/**
 * The secret `name`, read (or made) with `rows`, uncached: one statement, which a transaction's
 * `rows` can run too. The inserted row is not visible to the statement's own select, hence the union.
 */
export async function secretIn(rows: Database["rows"], secretName: SecretName): Promise<Buffer> {
  const s = serverSecrets;
  // Twice at most: on PostgreSQL, a statement whose insert waited for another server's (and so did
  // nothing) reads with the snapshot it started with, which lacks that row; the next one sees it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await select(
      rows,
      { value: sql<string>`value` },
      sql`from (select value from made union all select ${s.value} from ${s} where ${s.name} = ${secretName}) as found limit 1`,
      {
        with: sql`made as (
        insert into ${s} (${name(s.name)}, ${name(s.value)}) values (${secretName}, ${randomBytes(32).toString("base64url")})
        on conflict (${name(s.name)}) do nothing
        returning ${s.value} as value)`,
      },
    );
    if (row) return Buffer.from(row.value, "base64url");
  }
  throw new Error(`the server secret ${secretName} could not be read`);
}

/** The secret `name`, cached per Database; a failed read is forgotten so the next call tries again. */
export function serverSecret(db: Database, secretName: SecretName): Promise<Buffer> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map()));
  let secret = secrets.get(secretName);
  if (!secret) {
    secret = secretIn(db.rows, secretName);
    secrets.set(secretName, secret);
    secret.catch(() => secrets.delete(secretName));
  }
  return secret;
}
