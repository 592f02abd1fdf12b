/**
 * The daily cap per recipient (issue 38): strangers naming one address in forms and sign-ups get
 * at most RECIPIENT_CAP mails of each kind through to it a day, whatever addresses they send
 * from; every lead is still stored and the agent notified, and the withheld rows say why.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, notificationOutbox as o, propertyInquiries } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { fast, mailOptions, smtpServersForThisFile } from "../../../../tests/support/test-smtp";
import { personDetail } from "../inbox/people.server";
import { createContact } from "../leads/contacts.server";
import { recordLead } from "../leads/leads.server";
import { newMessageId } from "./message-id.server";
import { createMailer } from "./mailer.server";
import { OutboxJob } from "./outbox-job.server";
import { RECIPIENT_CAP, capReason } from "./recipient-cap.server";

const t = testDatabaseForThisFile();
const smtp = smtpServersForThisFile();
const acknowledge = { acknowledge: true };

const rowsOf = (kind: string) =>
  select(
    t.db.rows,
    { id: o.id, status: o.status, lastError: o.last_error, recipient: o.recipient },
    sql`from ${o} where ${o.kind} = ${kind} order by ${o.id}`,
  );

async function drainAll(job: OutboxJob): Promise<void> {
  while ((await job.drainOnce()) > 0);
}

async function confirmationTo(recipient: string): Promise<void> {
  const payload = {
    label: "Houses in Edmonton",
    kind: "search",
    frequency: "daily",
    confirmUrl: "https://www.averyhomes.example/alerts/confirm/t0ken",
    name: null,
  };
  await t.db.rows(sql`
    insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.recipient)})
    values ('confirmation', 'listing_alerts', ${JSON.stringify(payload)}::jsonb, ${newMessageId("confirm")}, ${recipient})`);
}

describe(`the daily cap of mails to one recipient (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it(`sends ${RECIPIENT_CAP} acknowledgements to an address named in 8 submissions, stores every lead and notifies the agent of each`, async () => {
    const server = await smtp();
    for (let i = 0; i < 4; i++)
      await createContact(
        t.db,
        { name: `Visit https://evil.example/win now ${i}`, email: "victim@example.com", phone: "", message: "Buy now" },
        new Date(),
        undefined,
        acknowledge,
      );
    for (let i = 0; i < 4; i++)
      await recordLead(
        t.db,
        { fullName: `Stranger ${i}`, email: "victim@example.com", phone: "780-555-0111", serviceType: "buying", comments: "" },
        undefined,
        new Date(),
        acknowledge,
      );
    await drainAll(new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast));

    const toVictim = server.messages.filter((m) => m.to.includes("victim@example.com"));
    expect(toVictim).toHaveLength(RECIPIENT_CAP);
    const acks = await rowsOf("acknowledgement");
    expect(acks.map((r) => r.status)).toEqual(["sent", "sent", "sent", "withheld", "withheld", "withheld", "withheld", "withheld"]);
    for (const r of acks.slice(RECIPIENT_CAP)) expect(r.lastError).toBe(capReason("acknowledgement"));
    // Never lose a lead: all 8 are stored (4 messages of one contact, 4 leads) and the agent got all 8 notifications.
    const stored = await select(
      t.db.rows,
      { n: sql<number>`(select count(*)::integer from ${propertyInquiries}) + (select count(*)::integer from ${leads})` },
      sql``,
    );
    expect(Number(stored[0]!.n)).toBe(8);
    expect(server.messages.filter((m) => m.to.includes("agent@averyhomes.example"))).toHaveLength(8);
    expect([...(await rowsOf("contact")), ...(await rowsOf("lead"))].every((r) => r.status === "sent")).toBe(true);
    // The agent sees, on the person's page, which acknowledgements went out and why the others did not.
    const [person] = await select(t.db.rows, { id: o.person_id }, sql`from ${o} where ${o.kind} = 'contact' limit 1`);
    const detail = await personDetail(t.db, person!.id!);
    expect(detail!.submissions).toHaveLength(8);
    expect(detail!.submissions.map((s) => s.acknowledgement?.status).reverse()).toEqual(acks.map((r) => r.status));
    expect(detail!.submissions[0]!.acknowledgement).toEqual({ status: "withheld", lastError: capReason("acknowledgement") });
  });

  it("counts the spellings of one mailbox together: case, +tags, Gmail's dots", async () => {
    const server = await smtp();
    for (const email of [
      "Robin.Buyer@gmail.com",
      "robinbuyer+1@gmail.com",
      "r.o.b.i.n.b.u.y.e.r@googlemail.com",
      "ROBINBUYER+homes@GMAIL.com",
      "robinbuyer@gmail.com",
    ]) {
      await createContact(t.db, { name: "X", email, phone: "", message: "" }, new Date(), undefined, acknowledge);
    }
    await drainAll(new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast));
    expect((await rowsOf("acknowledgement")).filter((r) => r.status === "sent")).toHaveLength(RECIPIENT_CAP);
  });

  it("caps each kind on its own, and leaves other recipients alone", async () => {
    const server = await smtp();
    for (let i = 0; i < 5; i++) await confirmationTo("victim@example.com");
    for (let i = 0; i < 2; i++)
      await createContact(t.db, { name: "V", email: "victim@example.com", phone: "", message: "" }, new Date(), undefined, acknowledge);
    await confirmationTo("someone-else@example.com");
    await drainAll(new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast));
    const confirmations = await rowsOf("confirmation");
    expect(confirmations.filter((r) => r.recipient === "victim@example.com").map((r) => r.status)).toEqual([
      "sent",
      "sent",
      "sent",
      "withheld",
      "withheld",
    ]);
    expect(confirmations.find((r) => r.recipient === "someone-else@example.com")?.status).toBe("sent");
    expect((await rowsOf("acknowledgement")).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("holds when the rows are delivered at once, by one worker's batch and by two workers", async () => {
    const server = await smtp();
    for (let i = 0; i < 10; i++) await confirmationTo("victim@example.com");
    const options = { ...fast, batchSize: 4 };
    const [a, b] = [
      new OutboxJob(t.db, createMailer(mailOptions(server.url)), options),
      new OutboxJob(t.db, createMailer(mailOptions(server.url)), options),
    ];
    await Promise.all([drainAll(a), drainAll(b)]);
    expect(server.messages.filter((m) => m.to.includes("victim@example.com"))).toHaveLength(RECIPIENT_CAP);
    expect((await rowsOf("confirmation")).filter((r) => r.status === "withheld")).toHaveLength(10 - RECIPIENT_CAP);
  });

  it("lets mails through again once those sent are more than a day old", async () => {
    const server = await smtp();
    const job = new OutboxJob(t.db, createMailer(mailOptions(server.url)), fast);
    for (let i = 0; i < RECIPIENT_CAP; i++) await confirmationTo("victim@example.com");
    await drainAll(job);
    await t.db.rows(sql`update ${o} set ${name(o.sent_at)} = now() - interval '25 hours'`);
    await confirmationTo("victim@example.com");
    await drainAll(job);
    expect((await rowsOf("confirmation")).map((r) => r.status)).toEqual(["sent", "sent", "sent", "sent"]);
  });
});
