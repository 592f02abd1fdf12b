/**
 * The VAPID key pair this server signs its pushes with (RFC 8292). Made on first start and kept in
 * the database, so every server sharing it, and every restart, signs as the same application: a
 * browser's subscription is bound to the public key it was made with. VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY override it (a deployment that manages its secrets elsewhere).
 */
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { pushKeys } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function vapidKeys(db: Database, configured?: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  if (configured?.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const made = webpush.generateVAPIDKeys();
  // Two servers starting together both try; the first row stays and both read it.
  await db.rows(sql`
    insert into ${pushKeys} (${name(pushKeys.id)}, ${name(pushKeys.public_key)}, ${name(pushKeys.private_key)})
    values (1, ${made.publicKey}, ${made.privateKey})
    on conflict (${name(pushKeys.id)}) do nothing`);
  const [row] = await select(
    db.rows,
    { publicKey: pushKeys.public_key, privateKey: pushKeys.private_key },
    sql`from ${pushKeys} where ${pushKeys.id} = 1`,
  );
  return row!;
}
