import { sql } from "drizzle-orm";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createContact } from "../leads/contacts.server";
import { type Database, openDatabase } from "../../../../platform/db/database";
import { recordLead } from "../leads/leads.server";
import { createMailer } from "./mailer.server";
import { JobRunner } from "../../../../platform/jobs/runner";
import { OutboxJob } from "./outbox-job.server";
import { outboxCounts } from "./outbox.server";
import { submit } from "../leads/submit.server";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { decoded, fast, header, mailOptions, quiet, smtpServersForThisFile, until } from "../../../../tests/support/test-smtp";

// What a notification becomes (the message to the agent, or an .eml file), and what happens to
// it when the mail server is down, refuses it or the process restarts. Claims, concurrency and
// back-off of the worker are in outbox-job.server.test.ts.

const t = testDatabaseForThisFile();
const smtp = smtpServersForThisFile();

describe(`notification delivery (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("sends the lead notification to the agent with every field, the source, a reply-to and the stored Message-ID", async () => {
    const server = await smtp();
    const { leadId } = await recordLead(t.db, {
      fullName: "Ana <b>Bold</b>",
      email: "ana@example.com",
      phone: "780-555-0177",
      serviceType: "selling",
      comments: "Corner lot & big yard",
    });
    const worker = new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast);
    expect(await worker.drainOnce()).toBe(1);
    expect(server.messages).toHaveLength(1);
    const { to, raw } = server.messages[0]!;
    const text = decoded(raw);
    expect(to).toEqual(["agent@averyhomes.example"]);
    expect(header(raw, "Subject")).toBe("New lead: Ana <b>Bold</b> (I'm Selling)");
    expect(header(raw, "Reply-To")).toContain("ana@example.com");
    const [stored] = await t.db.rows<{ message_id: string; status: string }>(sql`select message_id, status from notification_outbox`);
    expect(header(raw, "Message-ID")).toBe(stored!.message_id);
    expect(stored!.status).toBe("sent");
    for (const expected of [
      "Ana <b>Bold</b>",
      "ana@example.com",
      "780-555-0177",
      "I'm Selling (selling)",
      "Welcome Page Form",
      String(leadId),
      "Corner lot & big yard",
    ]) {
      expect(text).toContain(expected);
    }
    // The HTML part escapes what the visitor typed.
    expect(text).toContain("Ana &lt;b&gt;Bold&lt;/b&gt;");
    expect(text).toContain("Corner lot &amp; big yard");
    expect(text).not.toContain('<td style="padding:4px 0">Ana <b>');
  });

  it("stores the lead and answers success while SMTP is down, then delivers once it is back, after a restart", async () => {
    const server = await smtp();
    const port = server.port;
    await server.stop();

    const leads = { db: t.db, notificationQueued: () => {}, acknowledge: false };
    const result = await submit(
      leads,
      "contact",
      (db) => createContact(db, { name: "Down Time", email: "down@example.com", phone: "", message: "Anyone there?" }),
      quiet,
    );
    expect(result.ok).toBe(true);

    const first = new OutboxJob(t.db, createMailer(mailOptions(`smtp://127.0.0.1:${port}`)), fast);
    expect(await first.drainOnce()).toBe(1);
    let [row] = await t.db.rows<{ status: string; attempts: number; last_error: string }>(
      sql`select status, attempts, last_error from notification_outbox`,
    );
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // "Restart": this worker is gone; a new one (on a new connection for PostgreSQL) takes over.
    const revived = await smtp({}, port);
    const db2: Database = usingPostgres ? await t.openAnother() : t.db;
    const second = new JobRunner({ db: db2, log: quiet }).add(new OutboxJob(db2, createMailer(mailOptions(revived.url)), fast));
    second.start();
    await until(() => revived.messages.length === 1);
    await second.stop(10_000);
    [row] = await t.db.rows<{ status: string; attempts: number; last_error: string }>(
      sql`select status, attempts, last_error from notification_outbox`,
    );
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(decoded(revived.messages[0]!.raw)).toContain("Anyone there?");
  });

  it("keeps a permanently refused notification as failed, with its error, and counts it", async () => {
    const server = await smtp({ rejectWith: 550 });
    await createContact(t.db, { name: "Refused", email: "r@example.com", phone: "", message: "" });
    const errors: string[] = [];
    const worker = new OutboxJob(t.db, createMailer(mailOptions(server.url)), {
      ...fast,
      log: { ...quiet, error: (m: string) => errors.push(m) },
    });
    await worker.drainOnce();
    const [row] = await t.db.rows<{ status: string; last_error: string }>(sql`select status, last_error from notification_outbox`);
    expect(row!.status).toBe("failed");
    expect(row!.last_error).toContain("550");
    expect(errors.join("\n")).toMatch(/FAILED after 1 attempt/);
    expect(await outboxCounts(t.db)).toMatchObject({ failed: 1, pending: 0 });
    // A failed notification is not picked up again by itself.
    expect(await worker.drainOnce()).toBe(0);
  });

  it("gives up after OUTBOX_MAX_ATTEMPTS transient failures and keeps the row", async () => {
    const down = await smtp();
    const url = down.url;
    await down.stop();
    await createContact(t.db, { name: "Never", email: "never@example.com", phone: "", message: "" });
    const worker = new JobRunner({ db: t.db, log: quiet }).add(
      new OutboxJob(t.db, createMailer(mailOptions(url)), { ...fast, maxAttempts: 3, backoffBaseMs: 1, backoffMaxMs: 2 }),
    );
    worker.start();
    await until(async () => (await outboxCounts(t.db)).failed === 1);
    await worker.stop(10_000);
    const [row] = await t.db.rows<{ attempts: number }>(sql`select attempts from notification_outbox`);
    expect(row!.attempts).toBe(3);
  });

  it("writes .eml files under the mail folder when SMTP_URL is unset", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-mail-"));
    try {
      await createContact(t.db, {
        name: "File Person",
        email: "file@example.com",
        phone: "780-555-0000",
        message: "<script>alert(1)</script>",
      });
      const worker = new OutboxJob(
        t.db,
        createMailer({ mailDir: dir, from: "site@averyhomes.example", to: "agent@averyhomes.example" }),
        fast,
      );
      expect(await worker.drainOnce()).toBe(1);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{8}T\d{6}Z-contact-1\.eml$/);
      const raw = readFileSync(path.join(dir, files[0]!), "utf8");
      expect(header(raw, "To")).toBe("agent@averyhomes.example");
      expect(decoded(raw)).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(decoded(raw)).toContain("contact_form");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a restart on the same PGlite folder", () => {
  it.skipIf(usingPostgres)("keeps queued notifications across closing and reopening the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-pglite-"));
    try {
      let db = await openDatabase({ pgliteDir: dir });
      await recordLead(db, { fullName: "Persist", email: "p@example.com", phone: "780-555-0100", serviceType: "buying", comments: "" });
      await db.close();
      db = await openDatabase({ pgliteDir: dir });
      const server = await smtp();
      const worker = new OutboxJob(db, createMailer(mailOptions(server.url)), fast);
      expect(await worker.drainOnce()).toBe(1);
      expect(decoded(server.messages[0]!.raw)).toContain("Persist");
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
