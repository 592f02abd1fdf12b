/**
 * A submission's follow-ups, queued by its own statement: one push per device of the agent,
 * delivered to a stand-in push service that decrypts them, and the visitor's acknowledgement only
 * when it is on.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationOutbox, pushMessages } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { accountIn, pushServiceForEachTest, deviceAt, pushJobFor } from "../../../../tests/support/push";
import { createContact } from "./contacts.server";
import { recordLead } from "./leads.server";

const t = testDatabaseForThisFile();
const standIn = pushServiceForEachTest();

const home = {
  key: "28123456",
  address: "10123 Jasper Avenue NW",
  mlsNumber: "E4123456",
  path: "/listings/28123456-10123-jasper-avenue-nw",
};
const outbox = () =>
  select(
    t.db.rows,
    { kind: notificationOutbox.kind, recipient: notificationOutbox.recipient, personId: notificationOutbox.person_id },
    sql`from ${notificationOutbox} order by ${notificationOutbox.id}`,
  );

describe("a submission's follow-ups", () => {
  it("a listing inquiry pushes to both of the agent's devices, naming the person, the home and the first words, opening the person", async () => {
    const account = await accountIn(t.db);
    const phone = await deviceAt(t.db, standIn.service, account);
    const laptop = await deviceAt(t.db, standIn.service, account);
    await createContact(
      t.db,
      {
        name: "Ana Lopez",
        email: "ana@example.com",
        phone: "",
        message: "Is the basement finished? We would like to see it this weekend if possible, ideally Saturday.",
      },
      new Date(),
      home,
    );
    const [person] = await outbox();
    const { job, close } = await pushJobFor(t.db, standIn.service);
    await job.drainOnce().finally(close);
    for (const device of [phone, laptop]) {
      const received = standIn.service.received(device.endpoint);
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!.payload)).toEqual({
        title: "New lead: Ana Lopez",
        body: "Listing inquiry · 10123 Jasper Avenue NW\n“Is the basement finished? We would like to see it this weekend if possible…”",
        url: `/inbox/people/${person!.personId}`,
        tag: `person-${person!.personId}`,
      });
    }
  });

  it("a welcome-page lead pushes its service; with no device subscribed nothing is queued and the submission still stands", async () => {
    await recordLead(t.db, { fullName: "Sam Lee", email: "sam@example.com", phone: "780-555-0111", serviceType: "selling", comments: "" });
    expect(await select(t.db.rows, { id: pushMessages.id }, sql`from ${pushMessages}`)).toEqual([]);
    const account = await accountIn(t.db);
    await deviceAt(t.db, standIn.service, account);
    await recordLead(t.db, { fullName: "Sam Lee", email: "sam@example.com", phone: "780-555-0111", serviceType: "selling", comments: "" });
    const [push] = await select(t.db.rows, { payload: pushMessages.payload }, sql`from ${pushMessages}`);
    expect(push!.payload).toEqual({ kind: "lead", lead: { name: "Sam Lee", form: "Welcome page: I'm Selling" } });
  });

  it("queues the visitor's acknowledgement, to their address, only when asked", async () => {
    await createContact(t.db, { name: "Ana", email: " Ana@Example.com ", phone: "", message: "Hello" });
    await createContact(t.db, { name: "Ana", email: "ana@example.com", phone: "", message: "Hello again" }, new Date(), undefined, {
      acknowledge: true,
    });
    await recordLead(
      t.db,
      { fullName: "Sam", email: "SAM@example.com", phone: "780-555-0111", serviceType: "buying", comments: "" },
      undefined,
      new Date(),
      { acknowledge: true },
    );
    const rows = await outbox();
    expect(rows.map(({ kind, recipient }) => ({ kind, recipient }))).toEqual([
      { kind: "contact", recipient: null },
      { kind: "contact", recipient: null },
      { kind: "acknowledgement", recipient: "ana@example.com" },
      { kind: "lead", recipient: null },
      { kind: "acknowledgement", recipient: "sam@example.com" },
    ]);
    // Linked to the person, like the submission it answers.
    expect(rows[2]!.personId).toBe(rows[1]!.personId);
  });
});
