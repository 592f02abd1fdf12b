import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { consentEvents, notificationOutbox as o, people } from "../../../../db/schema";
import { name, returning, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { fast, mailOptions, smtpServersForThisFile } from "../../../../tests/support/test-smtp";
import type { AlertPayload } from "./alert-email.server";
import { createMailer } from "./mailer.server";
import { OutboxJob } from "./outbox-job.server";
import { outboxCounts } from "./outbox.server";

// CASL at send time: a marketing row (an alert) goes only to a person whose consent is valid when
// it is due, read from the ledger then; otherwise it is withheld and kept as the record. The
// transactional mails (a confirmation) are not checked.

const t = testDatabaseForThisFile();
const smtp = smtpServersForThisFile();
const ORIGIN = "https://www.averyhomes.example";

const alert: AlertPayload = {
  name: "Robin",
  items: [
    {
      kind: "price",
      address: "123 Main St NW",
      city: "Edmonton",
      price: 465_000,
      oldPrice: 480_000,
      status: "active",
      beds: 3,
      baths: 2,
      brokerage: "Example Realty",
      photoUrl: `${ORIGIN}/listings/photos/X1/0`,
      pageUrl: `${ORIGIN}/alerts/open/t/X1`,
      subscriptionLabel: "Houses in Edmonton",
    },
  ],
  total: 1,
  allLinks: [],
  manageUrl: `${ORIGIN}/alerts/manage/m`,
  unsubscribeUrl: `${ORIGIN}/alerts/unsubscribe/m`,
};

async function person(email = "robin@example.com"): Promise<number> {
  const [p] = await returning(
    t.db.rows,
    { id: people.id },
    sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${email}, 'Robin')`,
  );
  return p!.id;
}

async function consent(personId: number, kind: "express" | "implied" | "withdrawal", expiresAt: Date | null = null): Promise<void> {
  await t.db
    .rows(sql`insert into ${consentEvents} (${name(consentEvents.person_id)}, ${name(consentEvents.kind)}, ${name(consentEvents.basis)}, ${name(consentEvents.expires_at)})
    values (${personId}, ${kind}, 'test', ${expiresAt?.toISOString() ?? null}::timestamptz)`);
}

async function queue(kind: "alert" | "confirmation", personId: number | null, payload: unknown = alert): Promise<number> {
  const [row] = await returning(
    t.db.rows,
    { id: o.id },
    sql`
    insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.recipient)}, ${name(o.person_id)}, ${name(o.payload)}, ${name(o.message_id)})
    values (${kind}, 'listing_alerts', 'robin@example.com', ${personId}, ${JSON.stringify(payload)}::jsonb, ${`<${kind}-${Math.random()}@averyhomes.example>`})`,
  );
  return row!.id;
}

const stateOf = async (id: number) =>
  (await select(t.db.rows, { status: o.status, attempts: o.attempts, last_error: o.last_error }, sql`from ${o} where ${o.id} = ${id}`))[0]!;

function worker(url: string) {
  const logged: string[] = [];
  const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) };
  return { job: new OutboxJob(t.db, createMailer(mailOptions(url)), { ...fast, log }), logged };
}

describe(`marketing consent at send time (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("sends an alert to a person with express consent, over SMTP with the one-click unsubscribe headers", async () => {
    const server = await smtp();
    const id = await person();
    await consent(id, "express");
    const row = await queue("alert", id);
    expect(await worker(server.url).job.drainOnce()).toBe(1);
    expect(await stateOf(row)).toMatchObject({ status: "sent" });
    expect(server.messages[0]!.to).toEqual(["robin@example.com"]);
    const parsed = await simpleParser(server.messages[0]!.raw);
    expect(parsed.headers.get("list")).toEqual({
      unsubscribe: { url: `${ORIGIN}/alerts/unsubscribe/m` },
      "unsubscribe-post": { name: "List-Unsubscribe=One-Click" },
    });
    expect(parsed.headers.get("auto-submitted")).toBeUndefined();
    expect(parsed.html).toMatch(/<s style="text-decoration:line-through[^"]*">\$480,000<\/s>/);
  });

  it("withholds an alert without consent, after a withdrawal, once implied consent expired, or without a person; logs no address", async () => {
    const server = await smtp();
    const none = await person("none@example.com");
    const withdrawn = await person("withdrawn@example.com");
    await consent(withdrawn, "express");
    await consent(withdrawn, "withdrawal");
    const expired = await person("expired@example.com");
    await consent(expired, "implied", new Date(Date.now() - 60_000));
    const rows = [await queue("alert", none), await queue("alert", withdrawn), await queue("alert", expired), await queue("alert", null)];
    const { job, logged } = worker(server.url);
    expect(await job.drainOnce()).toBe(4);
    expect(server.messages).toHaveLength(0);
    for (const row of rows)
      expect(await stateOf(row)).toEqual({ status: "withheld", attempts: 1, last_error: "no marketing consent when it was due" });
    expect(await outboxCounts(t.db)).toMatchObject({ withheld: 4, sent: 0, pending: 0, sending: 0 });
    expect(logged).toHaveLength(4);
    for (const line of logged) {
      expect(line).toMatch(/^\[outbox\] notification #\d+ \(alert\) withheld: no marketing consent at send time$/);
      expect(line).not.toContain("@");
    }
    // Withheld is final: a later run sends nothing.
    expect(await job.drainOnce()).toBe(0);
  });

  it("sends an alert while implied consent lasts", async () => {
    const server = await smtp();
    const id = await person();
    await consent(id, "implied", new Date(Date.now() + 86_400_000));
    const row = await queue("alert", id);
    await worker(server.url).job.drainOnce();
    expect(await stateOf(row)).toMatchObject({ status: "sent" });
  });

  it("sends the transactional confirmation without any consent", async () => {
    const server = await smtp();
    const row = await queue("confirmation", null, {
      label: "Houses in Edmonton",
      kind: "search",
      frequency: "instant",
      confirmUrl: `${ORIGIN}/alerts/confirm/c`,
      name: null,
    });
    await worker(server.url).job.drainOnce();
    expect(await stateOf(row)).toMatchObject({ status: "sent" });
    expect(server.messages).toHaveLength(1);
  });

  it("fails a malformed payload at once with its reason, without retrying or crashing the job", async () => {
    const server = await smtp();
    const id = await person();
    await consent(id, "express");
    const broken = await queue("alert", id, { ...alert, unsubscribeUrl: "javascript:alert(1)" });
    const fine = await queue("confirmation", null, {
      label: "Houses",
      kind: "search",
      frequency: "daily",
      confirmUrl: `${ORIGIN}/alerts/confirm/c`,
      name: "Robin",
    });
    const { job, logged } = worker(server.url);
    expect(await job.drainOnce()).toBe(2);
    expect(await stateOf(broken)).toEqual({ status: "failed", attempts: 1, last_error: `Alert ${broken}: no unsubscribe link` });
    expect(await stateOf(fine)).toMatchObject({ status: "sent" });
    expect(logged.some((l) => l.includes(`#${broken} (alert`) && l.includes("FAILED"))).toBe(true);
  });
});
