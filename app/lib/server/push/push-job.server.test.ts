/**
 * Pushes against a stand-in push service that checks what real ones check (the VAPID JWT, TTL,
 * aes128gcm) and decrypts each payload with the subscription's own key: delivered, a gone device
 * forgotten, a service down for a while losing nothing, two servers pushing once.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushDevices, pushMessages } from "../../../../db/schema";
import { select } from "../../../../server/db/query";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { queuePushes } from "./messages.server";
import type { PushJob } from "./push-job.server";
import { accountIn, pushServiceForEachTest, deviceAt, personIn, pushJobFor } from "./push-test-support";

const t = testDatabaseForThisFile();
const standIn = pushServiceForEachTest();

const lead = { kind: "lead" as const, lead: { name: "Jane <b>Doe</b>", form: "Contact form", excerpt: "Is the house on 97 Street still for sale?" } };
const statuses = () => select(t.db.rows, { status: pushMessages.status, attempts: pushMessages.attempts }, sql`from ${pushMessages} order by ${pushMessages.id}`);

describe("the push job", () => {
  it("delivers one push per device, encrypted for each, naming the person and opening them in the inbox", async () => {
    const account = await accountIn(t.db);
    const phone = await deviceAt(t.db, standIn.service, account);
    const laptop = await deviceAt(t.db, standIn.service, account);
    const person = await personIn(t.db);
    expect(await t.db.transaction((rows) => queuePushes(rows, lead, person))).toBe(2);
    const { job, close } = await pushJobFor(t.db, standIn.service);
    try {
      expect(await job.drainOnce()).toBe(2);
    } finally {
      close();
    }
    for (const device of [phone, laptop]) {
      const [message] = standIn.service.received(device.endpoint);
      expect(JSON.parse(message!.payload)).toEqual({ title: "New lead: Jane <b>Doe</b>", body: "Contact form\n“Is the house on 97 Street still for sale?”", url: `/inbox/people/${person}`, tag: `person-${person}` });
      expect(message!.ttl).toBe(86400);
      expect(message!.urgency).toBe("high");
    }
    expect(await statuses()).toEqual([{ status: "sent", attempts: 1 }, { status: "sent", attempts: 1 }]);
    const devices = await select(t.db.rows, { last: pushDevices.last_push_at }, sql`from ${pushDevices}`);
    expect(devices.every((d) => d.last instanceof Date)).toBe(true);
  });

  it("says only “New lead” when the account hides the details", async () => {
    const account = await accountIn(t.db);
    await deviceAt(t.db, standIn.service, account);
    await t.db.rows(sql`update inbox_users set push_hide_details = true`);
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const { job, close } = await pushJobFor(t.db, standIn.service);
    await job.drainOnce().finally(close);
    const payload = JSON.parse(standIn.service.received()[0]!.payload) as { title: string; body: string };
    expect(payload).toMatchObject({ title: "New lead", body: "Open the inbox to see it." });
    expect(JSON.stringify(payload)).not.toContain("Jane");
  });

  it("forgets a device the push service reports gone, and still delivers to the others", async () => {
    const account = await accountIn(t.db);
    const gone = await deviceAt(t.db, standIn.service, account);
    const kept = await deviceAt(t.db, standIn.service, account);
    standIn.service.gone(gone.endpoint);
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const { job, close } = await pushJobFor(t.db, standIn.service);
    await job.drainOnce().finally(close);
    expect(await select(t.db.rows, { id: pushDevices.id }, sql`from ${pushDevices}`)).toEqual([{ id: kept.id }]);
    expect(standIn.service.received(kept.endpoint)).toHaveLength(1);
  });

  it("keeps a push while the service is down or throttling, and delivers it once it answers again", async () => {
    const account = await accountIn(t.db);
    const device = await deviceAt(t.db, standIn.service, account);
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const { job, close } = await pushJobFor(t.db, standIn.service);
    try {
      standIn.service.down(0);
      await job.drainOnce();
      expect(await statuses()).toEqual([{ status: "pending", attempts: 1 }]);
      standIn.service.up();
      standIn.service.throttle(device.endpoint, 1, 0);
      await new Promise((r) => setTimeout(r, 50));
      await job.drainOnce();
      expect(await statuses()).toEqual([{ status: "pending", attempts: 2 }]);
      await new Promise((r) => setTimeout(r, 50));
      await job.drainOnce();
    } finally {
      close();
    }
    expect(await statuses()).toEqual([{ status: "sent", attempts: 3 }]);
    expect(standIn.service.received(device.endpoint)).toHaveLength(1);
  });

  it("marks a push failed when the service refuses it for good (a VAPID key it does not accept)", async () => {
    const account = await accountIn(t.db);
    // Subscribed with another application's key: the service refuses this server's JWT with 403.
    const subscription = standIn.service.createSubscription({ applicationServerKey: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM" });
    await t.db.rows(sql`insert into push_devices (account_id, endpoint, p256dh, auth, browser) values (${account}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth}, 'Firefox')`);
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const { job, close } = await pushJobFor(t.db, standIn.service);
    await job.drainOnce().finally(close);
    expect(await statuses()).toEqual([{ status: "failed", attempts: 1 }]);
  });

  it.runIf(usingPostgres)("two servers on one PostgreSQL push each message once", async () => {
    const account = await accountIn(t.db);
    await deviceAt(t.db, standIn.service, account);
    await deviceAt(t.db, standIn.service, account);
    for (let i = 0; i < 10; i++) await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const other = await t.openAnother();
    const a = await pushJobFor(t.db, standIn.service);
    const b = await pushJobFor(other, standIn.service);
    try {
      const drain = async (job: PushJob) => {
        while ((await job.drainOnce()) > 0);
      };
      await Promise.all([drain(a.job), drain(b.job)]);
    } finally {
      a.close();
      b.close();
    }
    expect(standIn.service.received()).toHaveLength(20);
    expect(new Set(standIn.service.received().map((m) => m.endpoint + m.payload)).size).toBe(20);
  });
});
