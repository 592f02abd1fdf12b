import { describe, expect, it } from "vitest";
import { createContact } from "../leads/contacts.server";
import type { Database } from "../../../../platform/db/database";
import { createMailer } from "./mailer.server";
import { backoffDelay } from "../../../../platform/jobs/backoff";
import { JobRunner } from "../../../../platform/jobs/runner";
import { OUTBOX_IN_FLIGHT, OutboxJob } from "./outbox-job.server";
import { claimDueNotifications, outboxCounts } from "./outbox.server";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { decoded, fast, header, mailOptions, smtpServersForThisFile, until } from "../../../../tests/support/test-smtp";

// How the outbox worker shares the work: claims that expire when a sender dies, a bounded number
// of notifications in flight, several workers and claimers on one database, and the retry
// back-off. What a notification contains and outage handling are in outbox.server.test.ts.

const t = testDatabaseForThisFile();
const smtp = smtpServersForThisFile();

describe(`OutboxJob claims and concurrency (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("re-delivers, with the same Message-ID, a notification whose sender died mid-send", async () => {
    await createContact(t.db, { name: "Crash", email: "crash@example.com", phone: "", message: "" });
    // A worker claims the row and dies before settling it: its claim lasts 1 ms.
    const [claimed] = await claimDueNotifications(t.db, 10, 1);
    expect(claimed).toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    const server = await smtp();
    const worker = new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast);
    expect(await worker.drainOnce()).toBe(1);
    expect(header(server.messages[0]!.raw, "Message-ID")).toBe(claimed!.message_id);
  });

  it("marks each notification sent as soon as its own delivery succeeds, not after the rest of its claim", async () => {
    const server = await smtp({ hold: (raw) => decoded(raw).includes("Slow Visitor") });
    await createContact(t.db, { name: "Slow Visitor", email: "slow@example.com", phone: "", message: "" });
    await createContact(t.db, { name: "Quick Visitor", email: "quick@example.com", phone: "", message: "" });
    const worker = new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast);
    const draining = worker.drainOnce();
    // The quick one is recorded while the slow one is still waiting for the server's answer.
    await until(async () => (await outboxCounts(t.db)).sent === 1 && server.held.length === 1);
    expect(await outboxCounts(t.db)).toMatchObject({ sent: 1, sending: 1 });
    server.held[0]!.release();
    expect(await draining).toBe(2);
    expect(await outboxCounts(t.db)).toMatchObject({ sent: 2, sending: 0, pending: 0 });
  });

  it(`has at most ${OUTBOX_IN_FLIGHT} notifications in flight, so a crash can re-send at most that many`, async () => {
    const server = await smtp({ hold: () => true });
    for (let i = 0; i < 10; i++) await createContact(t.db, { name: `Waiting ${i}`, email: `wait${i}@example.com`, phone: "", message: "" });
    const worker = new JobRunner({ db: t.db, log: fast.log }).add(new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast));
    worker.start();
    await until(() => server.held.length === OUTBOX_IN_FLIGHT);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.held).toHaveLength(OUTBOX_IN_FLIGHT);
    expect((await outboxCounts(t.db)).sending).toBe(OUTBOX_IN_FLIGHT);
    // Released one claim at a time, everything arrives, once.
    await until(async () => {
      for (const h of server.held.splice(0)) h.release();
      return (await outboxCounts(t.db)).sent === 10;
    });
    await worker.stop(10_000);
    expect(server.messages).toHaveLength(10);
  });

  it("sends each notification once with two workers on one database", async () => {
    const server = await smtp();
    const total = 40;
    for (let i = 0; i < total; i++)
      await createContact(t.db, { name: `Visitor ${i}`, email: `v${i}@example.com`, phone: "", message: `m${i}` });
    const dbB: Database = usingPostgres ? await t.openAnother() : t.db;
    const a = new JobRunner({ db: t.db, log: fast.log }).add(
      new OutboxJob(t.db, createMailer(mailOptions(server.url)), { ...fast, batchSize: 3 }),
    );
    const b = new JobRunner({ db: dbB, log: fast.log }).add(
      new OutboxJob(dbB, createMailer(mailOptions(server.url)), { ...fast, batchSize: 3 }),
    );
    a.start();
    b.start();
    await until(async () => (await outboxCounts(t.db)).sent === total, 30_000);
    await Promise.all([a.stop(10_000), b.stop(10_000)]);
    const ids = server.messages.map((m) => header(m.raw, "Message-ID"));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it("never hands one row to two claimers racing on separate connections", async () => {
    const total = 150;
    for (let i = 0; i < total; i++)
      await createContact(t.db, { name: `Racer ${i}`, email: `race${i}@example.com`, phone: "", message: "" });
    const claimers: Database[] = usingPostgres
      ? await Promise.all([t.openAnother(), t.openAnother(), t.openAnother()])
      : [t.db, t.db, t.db];
    const claimedIds: number[] = [];
    await Promise.all(
      claimers.flatMap((db) =>
        [0, 1].map(async () => {
          for (;;) {
            const batch = await claimDueNotifications(db, 4, 60_000);
            if (batch.length === 0) return;
            claimedIds.push(...batch.map((n) => n.id));
          }
        }),
      ),
    );
    expect(claimedIds).toHaveLength(total);
    expect(new Set(claimedIds).size).toBe(total);
  });
});

describe("backoffDelay", () => {
  it("doubles per attempt from the base, within 20 % jitter, and stops at the cap", () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(backoffDelay(2, 1000, 60_000, () => 0.5)).toBe(2000);
    expect(backoffDelay(4, 1000, 60_000, () => 0.5)).toBe(8000);
    expect(backoffDelay(30, 1000, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(3200);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(4800);
  });
});
