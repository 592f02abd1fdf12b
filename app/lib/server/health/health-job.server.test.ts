/**
 * The health alerts with a clock the test controls (issue 41): a problem tells the agent once, by
 * push and e-mail, however many checks see it; its end tells them once more; a new site gets 36
 * hours before "no backup" is a problem.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox, pushMessages } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { takeBackup } from "../../../../platform/backup/backups";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { emailOf } from "../mail/email-of.server";
import type { OutboxNotification } from "../mail/outbox.server";
import { notificationOf } from "../push/messages.server";
import { saveDevice } from "../push/devices.server";
import { accountIn } from "../../../../tests/support/push";
import { healthChecks } from "./checks.server";
import { HealthJob, healthStates } from "./health-job.server";

const t = testDatabaseForThisFile();
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "health-test-"));
  await t.db.rows(sql`delete from health_alerts`);
  await t.db.rows(sql`delete from push_messages`);
  await t.db.rows(sql`delete from push_devices`);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;

function jobAt(clock: { now: Date }, options: { minFreeBytes?: number } = {}) {
  let woken = 0;
  const checks = healthChecks(t.db, { backupDir: dir, folders: [dir], minFreeBytes: options.minFreeBytes ?? 0, feed: false });
  const job = new HealthJob(t.db, { checks, siteUrl: "https://www.averyhomes.example", queued: () => woken++, now: () => clock.now });
  return { job, checks, woken: () => woken };
}

const notices = () =>
  select(
    t.db.rows,
    {
      id: notificationOutbox.id,
      kind: notificationOutbox.kind,
      payload: notificationOutbox.payload,
      message_id: notificationOutbox.message_id,
      created_at: notificationOutbox.created_at,
      recipient: notificationOutbox.recipient,
      source: notificationOutbox.source,
    },
    sql`from ${notificationOutbox} where ${notificationOutbox.kind} = 'health' order by ${notificationOutbox.id}`,
  );
const pushes = () =>
  select(
    t.db.rows,
    { kind: pushMessages.kind, payload: pushMessages.payload },
    sql`from ${pushMessages} where ${pushMessages.kind} = 'health' order by ${pushMessages.id}`,
  );

describe("the health alerts", { timeout: 120_000 }, () => {
  it("no good backup for 36 hours: told once by push and e-mail, and once when a backup is good again", async () => {
    await saveDevice(t.db, await accountIn(t.db), { endpoint: "https://push.example.com/a", p256dh: "p", auth: "a" }, "Chrome on Android");
    const taken = await takeBackup(t.db, dir, { now: new Date("2026-12-01T10:00:00Z") });
    expect(taken.ok).toBe(true);
    const clock = { now: new Date("2026-12-02T10:00:00Z") };
    const { job, checks, woken } = jobAt(clock);
    expect(await job.checkAll()).toEqual({ alerted: [], cleared: [] });
    // 36 hours and a minute after the backup.
    clock.now = new Date("2026-12-02T22:01:00Z");
    expect((await job.checkAll()).alerted).toEqual(["backup"]);
    for (const minutes of [5, 10, 60, 600]) {
      clock.now = new Date(Date.parse("2026-12-02T22:01:00Z") + minutes * 60_000);
      expect(await job.checkAll()).toEqual({ alerted: [], cleared: [] });
    }
    const [alert] = await notices();
    expect(alert!.payload).toMatchObject({
      label: "Backups",
      state: "failing",
      detail: "The newest good backup is 36 h 1 min old",
      since: "2026-12-02T22:00:00.000Z",
    });
    const mail = emailOf(alert! as unknown as OutboxNotification, "agent@example.com");
    expect(mail.subject).toBe("Needs attention: Backups");
    expect(mail.text).toContain("https://www.averyhomes.example/inbox/account#health");
    const [push] = await pushes();
    expect(notificationOf(push!.payload as never, null, 1, true)).toMatchObject({
      title: "Needs attention: Backups",
      body: "The newest good backup is 36 h 1 min old",
    });
    const panel = await healthStates(t.db, checks, clock.now);
    expect(panel.find((s) => s.problem === "backup")).toMatchObject({
      failing: true,
      since: new Date("2026-12-02T22:00:00Z"),
      alertedAt: new Date("2026-12-02T22:01:00Z"),
    });

    // A good backup again: cleared once.
    clock.now = new Date("2026-12-03T10:00:00Z");
    expect((await takeBackup(t.db, dir, { now: clock.now })).ok).toBe(true);
    expect((await job.checkAll()).cleared).toEqual(["backup"]);
    clock.now = new Date("2026-12-03T10:05:00Z");
    expect(await job.checkAll()).toEqual({ alerted: [], cleared: [] });
    const all = await notices();
    expect(all.map((n) => (n.payload as { state: string }).state)).toEqual(["failing", "cleared"]);
    expect(emailOf(all[1]! as unknown as OutboxNotification, "agent@example.com").subject).toBe("Working again: Backups");
    expect((await pushes()).map((p) => (p.payload as { cleared: boolean }).cleared)).toEqual([false, true]);
    expect(woken()).toBe(2);
    expect((await healthStates(t.db, checks, clock.now)).find((s) => s.problem === "backup")).toMatchObject({
      failing: false,
      since: null,
    });
  });

  it("a new site without any backup is told only after 36 hours; a problem that clears before it is told clears silently", async () => {
    const clock = { now: new Date("2026-12-01T10:00:00Z") };
    const { job, checks } = jobAt(clock);
    expect((await job.checkAll()).alerted).toEqual([]);
    // The panel does not call it a problem within its grace either.
    expect((await healthStates(t.db, checks, clock.now)).find((s) => s.problem === "backup")).toMatchObject({
      failing: false,
      detail: "No good backup has been taken yet",
    });
    clock.now = new Date(clock.now.getTime() + 35 * HOUR);
    expect((await job.checkAll()).alerted).toEqual([]);
    clock.now = new Date("2026-12-02T22:00:00Z");
    expect((await job.checkAll()).alerted).toEqual(["backup"]);

    // Free space: under the minimum, told at once; a second job instance (another server) does not tell again.
    const tight = jobAt(clock, { minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect((await tight.job.checkAll()).alerted).toEqual(["disk"]);
    expect((await jobAt(clock, { minFreeBytes: Number.MAX_SAFE_INTEGER }).job.checkAll()).alerted).toEqual([]);
  });

  it("notifications failing or waiting over an hour are a problem, and their delivery clears it", async () => {
    const clock = { now: new Date() };
    const { job } = jobAt(clock);
    await t.db.rows(
      sql`insert into notification_outbox (kind, source, payload, message_id, created_at) values ('lead', 'Welcome Page Form', '{}'::jsonb, '<x@y>', ${new Date(clock.now.getTime() - 2 * HOUR)})`,
    );
    const first = await job.checkAll();
    expect(first.alerted).toContain("notifications");
    const [n] = (await notices()).filter((x) => x.source === "notifications");
    expect(n!.payload).toMatchObject({ label: "Notifications", detail: "1 e-mail(s) waiting over an hour" });
    await t.db.rows(sql`update notification_outbox set status = 'sent' where kind = 'lead'`);
    expect((await job.checkAll()).cleared).toContain("notifications");
  });
});
