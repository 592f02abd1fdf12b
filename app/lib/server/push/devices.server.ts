/** The agent's devices subscribed to pushes, and each account's lock-screen setting. */
import { sql } from "drizzle-orm";
import { inboxUsers, pushDevices } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import type { PushDevice } from "../../inbox";
import { DEVICES_PER_ACCOUNT } from "../inbox/devices.server";

export interface Subscription {
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
}

/**
 * The most devices an account keeps subscribed: as many as it keeps sign-in devices
 * (../inbox/devices.server.ts), each one of the agent's own browsers. Every push is sent to each of
 * them, and the Account page lists them all.
 */
export const PUSH_DEVICES_PER_ACCOUNT = DEVICES_PER_ACCOUNT;

export interface SavedDevice {
  id: number;
  /** The devices that made room for this one (the least recently reached past the cap): their browser names. */
  replaced: string[];
}

/**
 * Stores the subscription for the account; the same endpoint again (the browser subscribed once
 * more, or another account signed in on it) updates the row, so a device is listed once. Past
 * PUSH_DEVICES_PER_ACCOUNT, the account's devices reached least recently (the last push delivered
 * to it, else when it subscribed) make room: a browser whose subscription stopped working (site
 * data cleared, the app reinstalled, an old phone) is the first to go, and a new phone always
 * gets its notifications (decision 044).
 */
export async function saveDevice(db: Database, accountId: number, subscription: Subscription, browser: string): Promise<SavedDevice> {
  return db.transaction(async (rows) => {
    // One subscription at a time per account, so two at once cannot both count 19 others and leave 21.
    await rows(sql`select 1 from ${inboxUsers} where ${inboxUsers.id} = ${accountId} for update`);
    const [row] = await returning(
      rows,
      { id: pushDevices.id },
      sql`
      insert into ${pushDevices} (${name(pushDevices.account_id)}, ${name(pushDevices.endpoint)}, ${name(pushDevices.p256dh)}, ${name(pushDevices.auth)}, ${name(pushDevices.browser)})
      values (${accountId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${browser})
      on conflict (${name(pushDevices.endpoint)}) do update set
        ${name(pushDevices.account_id)} = excluded.${name(pushDevices.account_id)},
        ${name(pushDevices.p256dh)} = excluded.${name(pushDevices.p256dh)},
        ${name(pushDevices.auth)} = excluded.${name(pushDevices.auth)},
        ${name(pushDevices.browser)} = excluded.${name(pushDevices.browser)}`,
    );
    const id = row!.id;
    const replaced = await returning(
      rows,
      { browser: pushDevices.browser },
      sql`
      delete from ${pushDevices} where ${pushDevices.account_id} = ${accountId} and ${pushDevices.id} not in (
        select ${pushDevices.id} from ${pushDevices} where ${pushDevices.account_id} = ${accountId}
        order by ${pushDevices.id} = ${id} desc, coalesce(${pushDevices.last_push_at}, ${pushDevices.created_at}) desc, ${pushDevices.id} desc
        limit ${PUSH_DEVICES_PER_ACCOUNT}::integer)`,
    );
    return { id, replaced: replaced.map((r) => r.browser) };
  });
}

export function listDevices(db: Database, accountId: number): Promise<PushDevice[]> {
  return select(
    db.rows,
    { id: pushDevices.id, browser: pushDevices.browser, createdAt: pushDevices.created_at, lastPushAt: pushDevices.last_push_at },
    sql`
    from ${pushDevices} where ${pushDevices.account_id} = ${accountId} order by ${pushDevices.created_at}, ${pushDevices.id}`,
  );
}

/** Removes one of the account's devices; false when it is not (or no longer) theirs. */
export async function removeDevice(db: Database, accountId: number, deviceId: number): Promise<boolean> {
  const removed = await returning(
    db.rows,
    { id: pushDevices.id },
    sql`
    delete from ${pushDevices} where ${pushDevices.id} = ${deviceId} and ${pushDevices.account_id} = ${accountId}`,
  );
  return removed.length > 0;
}

/** A device the push service reported gone (404, 410): its subscription will never work again. */
export async function forgetDevice(db: Database, deviceId: number): Promise<void> {
  await db.rows(sql`delete from ${pushDevices} where ${pushDevices.id} = ${deviceId}`);
}

export async function hidesDetails(db: Database, accountId: number): Promise<boolean> {
  const [row] = await select(
    db.rows,
    { hide: inboxUsers.push_hide_details },
    sql`from ${inboxUsers} where ${inboxUsers.id} = ${accountId}`,
  );
  return row?.hide ?? false;
}

export async function setHideDetails(db: Database, accountId: number, hide: boolean): Promise<void> {
  await db.rows(sql`update ${inboxUsers} set ${name(inboxUsers.push_hide_details)} = ${hide} where ${inboxUsers.id} = ${accountId}`);
}
