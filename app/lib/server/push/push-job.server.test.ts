/**
 * Pushes against a stand-in push service that checks what real ones check (the VAPID JWT, TTL,
 * aes128gcm) and decrypts each payload with the subscription's own key: delivered, a gone device
 * forgotten, a service down for a while losing nothing, two servers pushing once.
 */
import { createECDH } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pushDevices, pushMessages } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { queuePushes } from "./messages.server";
import type { PushJob } from "./push-job.server";
import { accountIn, pushServiceForEachTest, deviceAt, personIn, pushJobFor, recordingLog } from "../../../../tests/support/push";

const t = testDatabaseForThisFile();
const standIn = pushServiceForEachTest();

const lead = {
  kind: "lead" as const,
  lead: { name: "Jane <b>Doe</b>", form: "Contact form", excerpt: "Is the house on 97 Street still for sale?" },
};
const statuses = () =>
  select(
    t.db.rows,
    { status: pushMessages.status, attempts: pushMessages.attempts },
    sql`from ${pushMessages} order by ${pushMessages.id}`,
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser key that is well-formed (65 bytes, 0x04 first) but not a point on P-256: a real key with one bit of y flipped. */
function offCurveKey(): string {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();
  point[64]! ^= 1;
  return point.toString("base64url");
}

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
      expect(JSON.parse(message!.payload)).toEqual({
        title: "New lead: Jane <b>Doe</b>",
        body: "Contact form\n“Is the house on 97 Street still for sale?”",
        url: `/inbox/people/${person}`,
        tag: `person-${person}`,
      });
      expect(message!.ttl).toBe(86400);
      expect(message!.urgency).toBe("high");
    }
    expect(await statuses()).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
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
    const subscription = standIn.service.createSubscription({
      applicationServerKey: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    });
    await t.db.rows(
      sql`insert into push_devices (account_id, endpoint, p256dh, auth, browser) values (${account}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth}, 'Firefox')`,
    );
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    const { job, close } = await pushJobFor(t.db, standIn.service);
    await job.drainOnce().finally(close);
    expect(await statuses()).toEqual([{ status: "failed", attempts: 1 }]);
  });

  it("a device stored with a key that is not a point on the curve fails alone, at once, and the others are delivered", async () => {
    const account = await accountIn(t.db);
    const first = await deviceAt(t.db, standIn.service, account);
    // Stored before keys were checked (or written straight into the database): the sender must survive it.
    const bad = standIn.service.createSubscription();
    await t.db.rows(
      sql`insert into push_devices (account_id, endpoint, p256dh, auth, browser) values (${account}, ${bad.endpoint}, ${offCurveKey()}, ${bad.keys.auth}, 'Firefox')`,
    );
    const third = await deviceAt(t.db, standIn.service, account);
    expect(await t.db.transaction((rows) => queuePushes(rows, lead, null))).toBe(3);
    const log = recordingLog();
    const { job, close } = await pushJobFor(t.db, standIn.service, { log });
    try {
      expect(await job.drainOnce()).toBe(3);
      await pause(50);
      // Nothing is left to claim: no row stays 'sending' to be claimed again when its lease runs out.
      expect(await job.drainOnce()).toBe(0);
    } finally {
      close();
    }
    expect(standIn.service.received(first.endpoint)).toHaveLength(1);
    expect(standIn.service.received(third.endpoint)).toHaveLength(1);
    expect(standIn.service.received(bad.endpoint)).toHaveLength(0);
    expect(await statuses()).toEqual([
      { status: "sent", attempts: 1 },
      { status: "failed", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
    const [failed] = await select(
      t.db.rows,
      { error: pushMessages.last_error },
      sql`from ${pushMessages} where ${pushMessages.status} = 'failed'`,
    );
    expect(failed!.error).toMatch(/not a point on the P-256 curve/);
    // One line for the one failure, without a stack trace.
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^error \[push\] push #\d+ to device #\d+ FAILED after 1 attempt\(s\): .*not a point on the P-256 curve/);
    expect(log.lines.join("\n")).not.toMatch(/\n\s+at /);
  });

  it.each(["synchronously", "asynchronously"] as const)(
    "a send that throws %s fails only its own push, retried with backoff within the attempts, while the others are delivered",
    async (how) => {
      const account = await accountIn(t.db);
      const good = await deviceAt(t.db, standIn.service, account);
      const throwing = await deviceAt(t.db, standIn.service, account);
      const other = await deviceAt(t.db, standIn.service, account);
      await t.db.transaction((rows) => queuePushes(rows, lead, null));
      const log = recordingLog();
      const { job, close } = await pushJobFor(t.db, standIn.service, {
        maxAttempts: 3,
        log,
        // A sender whose send throws for one device, outside anything it catches itself (a bug, an exotic subscription).
        wrap: (sender) => ({
          ...sender,
          send(subscription, payload, signal) {
            if (subscription.endpoint !== throwing.endpoint) return sender.send(subscription, payload, signal);
            if (how === "synchronously") throw new TypeError("the send blew up");
            return Promise.reject(new TypeError("the send blew up"));
          },
        }),
      });
      try {
        expect(await job.drainOnce()).toBe(3);
        expect(await statuses()).toEqual([
          { status: "sent", attempts: 1 },
          { status: "pending", attempts: 1 },
          { status: "sent", attempts: 1 },
        ]);
        for (let round = 0; round < 10 && (await job.drainOnce()) >= 0; round++) await pause(30);
      } finally {
        close();
      }
      expect(standIn.service.received(good.endpoint)).toHaveLength(1);
      expect(standIn.service.received(other.endpoint)).toHaveLength(1);
      expect(await statuses()).toEqual([
        { status: "sent", attempts: 1 },
        { status: "failed", attempts: 3 },
        { status: "sent", attempts: 1 },
      ]);
      // One line per failed attempt: two retries and the give-up, each without a stack trace.
      expect(log.lines).toHaveLength(3);
      expect(
        log.lines.slice(0, 2).every((l) => /^warn \[push\] push #\d+ attempt [12] failed, retrying in \d+ s: .*the send blew up/.test(l)),
      ).toBe(true);
      expect(log.lines[2]).toMatch(/^error \[push\] push #\d+ to device #\d+ FAILED after 3 attempt\(s\): .*the send blew up/);
      expect(log.lines.join("\n")).not.toMatch(/\n\s+at /);
    },
  );

  it("a push left 'sending' by a server that stopped mid-send is claimed again only within its attempts, then marked failed", async () => {
    const account = await accountIn(t.db);
    await deviceAt(t.db, standIn.service, account);
    await t.db.transaction((rows) => queuePushes(rows, lead, null));
    // Claimed for the last time, and the claim ran out without an outcome.
    await t.db.rows(sql`update push_messages set status = 'sending', attempts = 3, next_attempt_at = now() - interval '1 second'`);
    const { job, close } = await pushJobFor(t.db, standIn.service, { maxAttempts: 3 });
    try {
      expect(await job.drainOnce()).toBe(0);
    } finally {
      close();
    }
    expect(standIn.service.received()).toHaveLength(0);
    expect(await statuses()).toEqual([{ status: "failed", attempts: 3 }]);
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
