/**
 * (a) SIGKILL in the middle of a stream of submissions, then a restart on the same DATA_DIR:
 *     every submission answered with success is in the database and its notification reaches
 *     the SMTP server, exactly one distinct Message-ID per submission. A mail the dead process
 *     had sent but not yet marked is sent again with the same Message-ID (mail clients fold the
 *     two): the worker has at most OUTBOX_IN_FLIGHT mails in that window, so one kill can repeat
 *     at most that many, and the test holds the worker to that bound.
 * (b) The SMTP server stops for a while: submissions still succeed, their mail waits in the
 *     outbox and arrives once the server is back, once each.
 */
import { afterAll, describe, expect, it } from "vitest";
import { OUTBOX_IN_FLIGHT } from "../../app/lib/server/mail/outbox-job.server";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { type SubmissionOutcome, submissionStream, submitOne } from "./support/forms";
import { ports } from "./support/ports";
import { type SiteProcess, eventually, health, startSite } from "./support/site";
import { TestSmtpServer } from "./support/smtp";

const servers: TestSmtpServer[] = [];
afterAll(async () => {
  killAll();
  await Promise.all(servers.map((s) => s.stop()));
  removeDataDirs();
});

async function smtpOn(port: number): Promise<TestSmtpServer> {
  const smtp = new TestSmtpServer(port);
  servers.push(smtp);
  await smtp.start();
  return smtp;
}

/** Waits until the outbox has nothing left to send, as the server's health check reports it. */
async function outboxEmpty(site: SiteProcess, timeoutMs: number): Promise<boolean> {
  return eventually(
    async () => {
      const h = await health(site.origin);
      return !!h?.notifications && h.notifications.pending === 0 && h.notifications.sending === 0;
    },
    timeoutMs,
    200,
  );
}

function expectDeliveredOnce(smtp: TestSmtpServer, acknowledged: SubmissionOutcome[]) {
  const missing = acknowledged.filter((o) => smtp.to(o.email).length === 0).map((o) => o.email);
  expect(missing, "acknowledged submissions without a notification").toEqual([]);
  const withSeveralIds = acknowledged.filter((o) => new Set(smtp.to(o.email).map((m) => m.messageId)).size !== 1).map((o) => o.email);
  expect(withSeveralIds, "submissions notified under more than one Message-ID").toEqual([]);
}

describe("fault: the server is killed (SIGKILL) under a stream of submissions", () => {
  it("keeps and notifies every acknowledged submission after a restart", async () => {
    const smtp = await smtpOn(ports.sigkill.smtp);
    const dataDir = freshDataDir();
    const options = { port: ports.sigkill.site, dataDir, smtpUrl: smtp.url };
    let site = await startSite(options);
    const stream = submissionStream(() => site.origin, "sigkill", 4);

    // Kill it once a good number of submissions were acknowledged (and more are in flight).
    expect(await eventually(() => stream.acknowledged().length >= 40, 30_000, 20)).toBe(true);
    await site.kill();
    const atKill = stream.outcomes.length;
    site = await startSite(options);
    // The stream goes on against the new process until it has acknowledged some more.
    expect(await eventually(() => stream.acknowledged().length >= 70, 30_000, 20)).toBe(true);
    const outcomes = await stream.stop();
    const acknowledged = outcomes.filter((o) => o.status === 200);
    const failed = outcomes.filter((o) => o.status !== 200 && o.status !== 0);
    expect(
      failed.map((o) => `${o.status} ${o.body.slice(0, 100)}`),
      "answers other than success or no answer",
    ).toEqual([]);

    expect(await outboxEmpty(site, 30_000), site.output()).toBe(true);
    expectDeliveredOnce(smtp, acknowledged);
    const exit = await site.stop();
    expect(exit.code, site.output()).toBe(0);

    const stored = await withDatabase({ dataDir }, storedSubmissions);
    const lost = acknowledged.filter((o) => !stored.emails.has(o.email)).map((o) => o.email);
    expect(lost, "acknowledged but not stored").toEqual([]);
    // Every stored submission (acknowledged or cut off before its answer) is notified, once.
    expect(stored.outbox.sent).toBe(stored.emails.size);
    for (const [email, ids] of stored.messageIdsByEmail) expect(ids.length, `outbox rows for ${email}`).toBe(1);
    const duplicates = smtp.received.length - new Set(smtp.received.map((m) => m.messageId)).size;
    console.info(
      `[sigkill] ${outcomes.length} submissions (${atKill} before the kill): ${acknowledged.length} acknowledged, ${outcomes.length - acknowledged.length} unanswered; ` +
        `${stored.emails.size} stored, ${smtp.received.length} mails, ${duplicates} resent with the same Message-ID`,
    );
    // Only a delivery cut between the SMTP server's acceptance and its record can repeat: at most
    // the mails in flight when the process was killed (one kill).
    expect(duplicates).toBeLessThanOrEqual(OUTBOX_IN_FLIGHT);
  });
});

describe("fault: the SMTP server is down for a while", () => {
  it("accepts submissions meanwhile and delivers their mail once it is back", async () => {
    const smtp = await smtpOn(ports.smtpOutage.smtp);
    const dataDir = freshDataDir();
    const site = await startSite({ port: ports.smtpOutage.site, dataDir, smtpUrl: smtp.url });

    const before = await Promise.all(Array.from({ length: 4 }, () => submitOne(site.origin, "smtp-before")));
    expect(before.map((o) => o.status)).toEqual([200, 200, 200, 200]);
    expect(await eventually(() => before.every((o) => smtp.to(o.email).length > 0), 15_000)).toBe(true);

    await smtp.stop();
    const during = await Promise.all(Array.from({ length: 6 }, () => submitOne(site.origin, "smtp-during")));
    expect(
      during.map((o) => o.status),
      "the visitor's success does not depend on mail",
    ).toEqual(during.map(() => 200));
    // Delivery is attempted and fails while the server is away: the mail waits, with retries.
    expect(await eventually(async () => ((await health(site.origin))?.notifications?.pending ?? 0) >= during.length, 10_000, 200)).toBe(
      true,
    );
    await new Promise((r) => setTimeout(r, 2000));
    expect(site.output()).toMatch(/attempt \d+ failed, retrying/);
    expect(during.filter((o) => smtp.to(o.email).length > 0)).toEqual([]);

    await smtp.start();
    expect(await outboxEmpty(site, 20_000), site.output()).toBe(true);
    expectDeliveredOnce(smtp, [...before, ...during]);
    for (const o of [...before, ...during]) expect(smtp.to(o.email).length, `mails for ${o.email}`).toBe(1);
    expect((await site.stop()).code).toBe(0);
  });
});
