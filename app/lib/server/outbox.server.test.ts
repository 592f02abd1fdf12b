import { sql } from "drizzle-orm";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createContact } from "./contacts.server";
import { type Database, openDatabase } from "./db.server";
import { recordLead } from "./leads.server";
import { createMailer } from "./mailer.server";
import { OUTBOX_IN_FLIGHT, OutboxWorker, backoffDelay } from "./outbox-worker.server";
import { claimDueNotifications, outboxCounts } from "./outbox.server";
import { createSiteServices } from "./services.server";
import { testDatabaseForThisFile, usingPostgres } from "../../../tests/support/test-database";

/** An SMTP server in the test process that keeps what it receives. */
class TestSmtp {
  readonly messages: { to: string[]; raw: string }[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Messages held before the server's answer (see `hold`), with the function that answers them. */
  readonly held: { raw: string; release: () => void }[] = [];
  constructor(private readonly options: { rejectWith?: number; hold?: (raw: string) => boolean } = {}) {}

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.options.rejectWith) {
          const error = Object.assign(new Error("mailbox unavailable"), { responseCode: this.options.rejectWith });
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const accept = () => {
            this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          };
          // A held message is answered later: the sender waits for the server's acceptance.
          if (this.options.hold?.(raw)) this.held.push({ raw, release: accept });
          else accept();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** The readable text of a raw message: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

const quiet = { info() {}, warn() {}, error() {} };
const fast = { pollMs: 20, maxAttempts: 5, backoffBaseMs: 30, backoffMaxMs: 100, log: quiet };
const mailOptions = (smtpUrl: string) => ({ smtpUrl, mailDir: "unused", from: "site@averyhomes.example", to: "agent@averyhomes.example" });

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const t = testDatabaseForThisFile();

const smtps: TestSmtp[] = [];
async function smtp(options?: ConstructorParameters<typeof TestSmtp>[0], port?: number) {
  const s = new TestSmtp(options);
  await s.start(port);
  smtps.push(s);
  return s;
}
afterEach(async () => {
  for (const s of smtps.splice(0)) await s.stop();
});

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
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), fast);
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
    for (const expected of ["Ana <b>Bold</b>", "ana@example.com", "780-555-0177", "I'm Selling (selling)", "Welcome Page Form", String(leadId), "Corner lot & big yard"]) {
      expect(text).toContain(expected);
    }
    // The HTML part escapes what the visitor typed.
    expect(text).toContain("Ana &lt;b&gt;Bold&lt;/b&gt;");
    expect(text).toContain("Corner lot &amp; big yard");
    expect(text).not.toContain("<td style=\"padding:4px 0\">Ana <b>");
  });

  it("stores the lead and answers success while SMTP is down, then delivers once it is back, after a restart", async () => {
    const server = await smtp();
    const port = server.port;
    await server.stop();

    const services = createSiteServices({ db: t.db, log: quiet });
    const result = await services.createContact({ name: "Down Time", email: "down@example.com", phone: "", message: "Anyone there?" });
    expect(result.ok).toBe(true);

    const first = new OutboxWorker(t.db, createMailer(mailOptions(`smtp://127.0.0.1:${port}`)), fast);
    expect(await first.drainOnce()).toBe(1);
    let [row] = await t.db.rows<{ status: string; attempts: number; last_error: string }>(sql`select status, attempts, last_error from notification_outbox`);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);

    // "Restart": this worker is gone; a new one (on a new connection for PostgreSQL) takes over.
    await first.stop();
    const revived = await smtp({}, port);
    const db2: Database = usingPostgres ? await t.openAnother() : t.db;
    const second = new OutboxWorker(db2, createMailer(mailOptions(revived.url)), fast);
    second.start();
    await until(() => revived.messages.length === 1);
    await second.stop();
    [row] = await t.db.rows<{ status: string; attempts: number; last_error: string }>(sql`select status, attempts, last_error from notification_outbox`);
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(decoded(revived.messages[0]!.raw)).toContain("Anyone there?");
  });

  it("keeps a permanently refused notification as failed, with its error, and counts it", async () => {
    const server = await smtp({ rejectWith: 550 });
    await createContact(t.db, { name: "Refused", email: "r@example.com", phone: "", message: "" });
    const errors: string[] = [];
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), { ...fast, log: { ...quiet, error: (m: string) => errors.push(m) } });
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
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(url)), { ...fast, maxAttempts: 3, backoffBaseMs: 1, backoffMaxMs: 2 });
    worker.start();
    await until(async () => (await outboxCounts(t.db)).failed === 1);
    await worker.stop();
    const [row] = await t.db.rows<{ attempts: number }>(sql`select attempts from notification_outbox`);
    expect(row!.attempts).toBe(3);
  });

  it("re-delivers, with the same Message-ID, a notification whose sender died mid-send", async () => {
    await createContact(t.db, { name: "Crash", email: "crash@example.com", phone: "", message: "" });
    // A worker claims the row and dies before settling it: its claim lasts 1 ms.
    const [claimed] = await claimDueNotifications(t.db, 10, 1);
    expect(claimed).toBeDefined();
    await new Promise((r) => setTimeout(r, 20));
    const server = await smtp();
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), fast);
    expect(await worker.drainOnce()).toBe(1);
    expect(header(server.messages[0]!.raw, "Message-ID")).toBe(claimed!.message_id);
  });

  it("marks each notification sent as soon as its own delivery succeeds, not after the rest of its claim", async () => {
    const server = await smtp({ hold: (raw) => decoded(raw).includes("Slow Visitor") });
    await createContact(t.db, { name: "Slow Visitor", email: "slow@example.com", phone: "", message: "" });
    await createContact(t.db, { name: "Quick Visitor", email: "quick@example.com", phone: "", message: "" });
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), fast);
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
    const worker = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), fast);
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
    await worker.stop();
    expect(server.messages).toHaveLength(10);
  });

  it("sends each notification once with two workers on one database", async () => {
    const server = await smtp();
    const total = 40;
    for (let i = 0; i < total; i++) await createContact(t.db, { name: `Visitor ${i}`, email: `v${i}@example.com`, phone: "", message: `m${i}` });
    const dbB: Database = usingPostgres ? await t.openAnother() : t.db;
    const a = new OutboxWorker(t.db, createMailer(mailOptions(server.url)), { ...fast, batchSize: 3 });
    const b = new OutboxWorker(dbB, createMailer(mailOptions(server.url)), { ...fast, batchSize: 3 });
    a.start();
    b.start();
    await until(async () => (await outboxCounts(t.db)).sent === total, 30_000);
    await Promise.all([a.stop(), b.stop()]);
    const ids = server.messages.map((m) => header(m.raw, "Message-ID"));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });

  it("never hands one row to two claimers racing on separate connections", async () => {
    const total = 150;
    for (let i = 0; i < total; i++) await createContact(t.db, { name: `Racer ${i}`, email: `race${i}@example.com`, phone: "", message: "" });
    const claimers: Database[] = usingPostgres ? await Promise.all([t.openAnother(), t.openAnother(), t.openAnother()]) : [t.db, t.db, t.db];
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

  it("writes .eml files under the mail folder when SMTP_URL is unset", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-mail-"));
    try {
      await createContact(t.db, { name: "File Person", email: "file@example.com", phone: "780-555-0000", message: "<script>alert(1)</script>" });
      const worker = new OutboxWorker(t.db, createMailer({ mailDir: dir, from: "site@averyhomes.example", to: "agent@averyhomes.example" }), fast);
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

describe("a restart on the same PGlite folder", () => {
  it.skipIf(usingPostgres)("keeps queued notifications across closing and reopening the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agent-site-pglite-"));
    try {
      let db = await openDatabase({ pgliteDir: dir });
      await recordLead(db, { fullName: "Persist", email: "p@example.com", phone: "780-555-0100", serviceType: "buying", comments: "" });
      await db.close();
      db = await openDatabase({ pgliteDir: dir });
      const server = await smtp();
      const worker = new OutboxWorker(db, createMailer(mailOptions(server.url)), fast);
      expect(await worker.drainOnce()).toBe(1);
      expect(decoded(server.messages[0]!.raw)).toContain("Persist");
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
