/** What a form's submission records for listing alerts: its implied consent, and, asking about a home, the warming-up mark (without a notice of its own). */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { people } from "../../../../db/schema";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { createContact } from "../leads/contacts.server";
import { recordLead } from "../leads/leads.server";
import { consentLedger, marketingAllowed } from "./consent.server";
import { deviceIn, outboxRows, pushRows } from "../../../../tests/support/alerts-core";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");
const sixMonthsOn = new Date("2027-06-01T12:00:00Z");
const home = {
  key: "28123456",
  address: "10123 Jasper Avenue NW",
  mlsNumber: "E4123456",
  path: "/listings/28123456-10123-jasper-avenue-nw",
};
const person = async () =>
  (await select(t.db.rows, { id: people.id, warmingAt: people.warming_at, submissions: people.submissions }, sql`from ${people}`))[0]!;

describe("a submission's implied consent", () => {
  it("the welcome form's gives 6 months from the visitor's address and browser", async () => {
    await recordLead(
      t.db,
      { fullName: "Sam Lee", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: "" },
      { address: "203.0.113.5", userAgent: "Firefox" },
      now,
    );
    const { id } = await person();
    expect(await consentLedger(t.db, id)).toEqual([
      {
        kind: "implied",
        basis: "Welcome Page Form",
        text: null,
        version: null,
        givenAt: now,
        address: "203.0.113.5",
        userAgent: "Firefox",
        expiresAt: sixMonthsOn,
        createdAt: now,
      },
    ]);
    expect(await marketingAllowed(t.db.rows, id, now)).toBe(true);
    expect(await marketingAllowed(t.db.rows, id, sixMonthsOn)).toBe(false);
  });

  it("the contact form's gives 6 months each time, and a question is not a reason to warm up", async () => {
    await createContact(t.db, { name: "Ana", email: "ana@example.com", phone: "", message: "Hello" }, now);
    await createContact(t.db, { name: "Ana", email: "ana@example.com", phone: "", message: "" }, sixMonthsOn);
    const { id, warmingAt } = await person();
    expect((await consentLedger(t.db, id)).map((e) => [e.kind, e.basis, e.expiresAt])).toEqual([
      ["implied", "contact_form", new Date("2027-12-01T12:00:00Z")],
      ["implied", "contact_form", sixMonthsOn],
    ]);
    expect(warmingAt).toBeNull();
  });

  it("asking about a home marks the person warming up, telling no one beyond the lead's own notification", async () => {
    await deviceIn(t.db);
    const created = await createContact(
      t.db,
      { name: "Ana", email: "ana@example.com", phone: "", message: "Is it still available?" },
      now,
      home,
    );
    expect(Object.keys(created).sort()).toEqual(["contactId", "inquiryId", "notificationId", "reused"]);
    const { id, warmingAt, submissions } = await person();
    expect(warmingAt).toEqual(now);
    expect(submissions).toBe(1);
    expect((await outboxRows(t.db)).map((r) => r.kind)).toEqual(["contact"]);
    expect((await pushRows(t.db)).map((p) => p.kind)).toEqual(["lead"]);
    expect(await consentLedger(t.db, id)).toHaveLength(1);
    // Asking again changes nothing: the mark keeps its first time.
    await createContact(
      t.db,
      { name: "Ana", email: "ana@example.com", phone: "", message: "And the taxes?" },
      new Date(now.getTime() + 60_000),
      home,
    );
    expect((await person()).warmingAt).toEqual(now);
  });
});
