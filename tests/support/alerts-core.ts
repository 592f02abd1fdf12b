/** Test support (not a test) for the alerts core: a context that counts its wake-ups, a listing, an agent's device. */
import { sql } from "drizzle-orm";
import { inboxUsers, listings, notificationOutbox, pushDevices, pushMessages } from "../../db/schema";
import type { Database } from "../../platform/db/database";
import { name, returning, select } from "../../platform/db/query";
import type { AlertsContext } from "../../app/lib/server/alerts/context.server";

export const SITE = "https://agent.example";

export function contextOf(db: Database): AlertsContext & { wakes: number } {
  const ctx = { db, siteUrl: SITE, wakes: 0, queued: () => void ctx.wakes++ };
  return ctx;
}

export async function listingIn(
  db: Database,
  key: string,
  address = "10123 Jasper Avenue NW",
  city: string | null = "Edmonton",
): Promise<void> {
  const l = listings;
  await db.rows(sql`
    insert into ${l} (${name(l.listing_key)}, ${name(l.slug)}, ${name(l.address)}, ${name(l.city)}, ${name(l.category)}, ${name(l.status)}, ${name(l.list_price)}, ${name(l.modified_at)})
    values (${key}, ${address.toLowerCase().replace(/\s+/g, "-")}, ${address}, ${city}::text, 'single-family', 'active', 450000, now())`);
}

/** An inbox account with one subscribed device (a fake endpoint: these tests only count the queued pushes). */
export async function deviceIn(db: Database): Promise<number> {
  const [account] = await returning(
    db.rows,
    { id: inboxUsers.id },
    sql`insert into ${inboxUsers} (${name(inboxUsers.name)}, ${name(inboxUsers.email)}) values ('Agent', 'agent@example.com')`,
  );
  const d = pushDevices;
  const [device] = await returning(
    db.rows,
    { id: d.id },
    sql`
    insert into ${d} (${name(d.account_id)}, ${name(d.endpoint)}, ${name(d.p256dh)}, ${name(d.auth)}, ${name(d.browser)})
    values (${account!.id}, 'https://push.example/1', 'key', 'auth', 'Firefox on Linux')`,
  );
  return device!.id;
}

export const outboxRows = (db: Database) =>
  select(
    db.rows,
    {
      kind: notificationOutbox.kind,
      recipient: notificationOutbox.recipient,
      personId: notificationOutbox.person_id,
      payload: notificationOutbox.payload,
      status: notificationOutbox.status,
      source: notificationOutbox.source,
    },
    sql`from ${notificationOutbox} order by ${notificationOutbox.id}`,
  );

export const pushRows = (db: Database) =>
  select(
    db.rows,
    { kind: pushMessages.kind, personId: pushMessages.person_id, payload: pushMessages.payload },
    sql`from ${pushMessages} order by ${pushMessages.id}`,
  );
