/**
 * Privacy requests and the retention rule against the real database: the export holds everything
 * (as JSON and as readable text, visitors' markup as text) and is audited; an erasure removes every
 * personal field in one go, keeps an anonymous person, a withdrawal and a suppression entry, and
 * cannot be done twice; spam past its retention is anonymised without a suppression entry; a deal
 * Closed gives implied consent for 2 years.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  alertItems,
  alertOpens,
  alertSubscriptions,
  consentEvents,
  contacts,
  emailSuppressions,
  leads,
  notificationOutbox as o,
  people,
  personEvents,
  propertyInquiries,
  pushMessages,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { emailHash } from "../alerts/suppression.server";
import { recordLead } from "../leads/leads.server";
import { listPeople, setStatus } from "./people.server";
import { exportPerson } from "./person-export.server";
import { eraseAtRequest, erasedEmail } from "./privacy.server";
import { MARKUP, agentIn, personWithEverything } from "../../../../tests/support/inbox-privacy";
import { RetentionJob } from "./retention.server";

const t = testDatabaseForThisFile();

const count = async (db: Database, table: string, where = sql`true`) => {
  const rows = await db.rows<{ n: number }>(sql`select count(*)::integer as n from ${sql.identifier(table)} where ${where}`);
  return Number(rows[0]!.n);
};

const privacyNotes = (personId: number) =>
  select(
    t.db.rows,
    { note: personEvents.note, author: personEvents.author_name },
    sql`
  from ${personEvents} where ${personEvents.person_id} = ${personId} and ${personEvents.kind} = 'privacy' order by ${personEvents.id}`,
  );

describe("exporting a person", () => {
  it("gives everything held about them as JSON and as text, and records who exported it", async () => {
    const { personId, agent } = await personWithEverything(t.db);
    const json = await exportPerson(t.db, personId, "json", agent, new Date("2026-05-01T12:00:00Z"));
    expect(json!.filename).toBe(`person-${personId}-2026-05-01.json`);
    const record = JSON.parse(json!.body);
    expect(record.person).toMatchObject({ id: personId, email: "ana@example.com", phone: "780-555-0199" });
    expect(record.welcome_form_leads).toHaveLength(1);
    expect(record.welcome_form_leads[0]).toMatchObject({
      full_name: `Ana ${MARKUP}`,
      client_address: "203.0.113.7",
      consent_version: expect.any(String),
    });
    expect(record.contact_form_messages[0]).toMatchObject({ message: "Is 12 Elm Ave still for sale?", listing_key: "L1" });
    expect(record.submissions_and_mails.map((m: { kind: string }) => m.kind)).toEqual(expect.arrayContaining(["lead", "contact", "alert"]));
    expect(record.alert_subscriptions).toHaveLength(2);
    expect(record.consent_ledger.map((c: { kind: string }) => c.kind)).toContain("express");
    expect(record.alert_items).toHaveLength(4);
    expect(record.alert_opens).toHaveLength(3);
    expect(record.push_messages).toHaveLength(1);
    expect(record.push_messages[0]).not.toHaveProperty("device_id");
    expect(record.timeline.map((e: { note: string }) => e.note)).toContain("Prefers texts after 6");

    const text = await exportPerson(t.db, personId, "text", agent);
    expect(text!.filename).toMatch(/\.txt$/);
    expect(text!.body).toContain(`Everything held about person ${personId}`);
    expect(text!.body).toContain("== Consent ledger (");
    expect(text!.body).toContain(`full_name: Ana ${MARKUP}`);
    expect(text!.body).toContain("client_address: 203.0.113.7");

    expect(await privacyNotes(personId)).toEqual([
      { note: "Exported (JSON) by Jordan Avery", author: "Jordan Avery" },
      { note: "Exported (text) by Jordan Avery", author: "Jordan Avery" },
    ]);
    expect(await exportPerson(t.db, 999_999, "json", agent)).toBeNull();
  });

  it("indents a visitor's line breaks, so a message cannot fake a field of the text file", async () => {
    await recordLead(t.db, {
      fullName: "Bo",
      email: "bo@example.com",
      phone: "780-555-0100",
      serviceType: "selling",
      comments: "hi\nemail: forged@example.com",
    });
    const agent = await agentIn(t.db);
    const [bo] = await select(t.db.rows, { id: people.id }, sql`from ${people} where ${people.email} = 'bo@example.com'`);
    const text = await exportPerson(t.db, bo!.id, "text", agent);
    expect(text!.body).toContain("  comments: hi\n      email: forged@example.com");
    expect(text!.body).not.toMatch(/^ {2}email: forged/m);
  });
});

describe("erasing a person at their request", () => {
  it("removes every personal field in one transaction and keeps the anonymous record, the withdrawal and the suppression entry", async () => {
    const { personId, agent, email } = await personWithEverything(t.db);
    await recordLead(t.db, {
      fullName: "Olga",
      email: "other@example.com",
      phone: "587-555-0000",
      serviceType: "selling",
      comments: "Acreage",
    });
    const [other] = await select(t.db.rows, { id: people.id }, sql`from ${people} where ${people.email} = 'other@example.com'`);
    await t.db.rows(sql`insert into ${alertOpens} (person_id, listing_key, day) values (${other!.id}, 'L1', '2026-11-21')`);
    expect(await eraseAtRequest(t.db, personId, agent)).toBe("erased");

    const [p] = await select(
      t.db.rows,
      {
        name: people.name,
        email: people.email,
        phone: people.phone,
        preview: people.preview,
        search: people.search_text,
        erasedAt: people.erased_at,
      },
      sql`
      from ${people} where ${people.id} = ${personId}`,
    );
    expect(p).toMatchObject({ name: "Erased person", email: erasedEmail(personId), phone: null, preview: null, search: "" });
    expect(p!.erasedAt).toBeInstanceOf(Date);

    const mine = sql`person_id = ${personId}`;
    expect(await count(t.db, "alert_subscriptions", sql`person_id = ${personId} or email = ${email}`)).toBe(0);
    expect(await count(t.db, "alert_items", mine)).toBe(0);
    expect(await count(t.db, "alert_opens", mine)).toBe(0);
    expect(await count(t.db, "leads", sql`lower(email) = ${email}`)).toBe(0);
    expect(await count(t.db, "contacts", sql`email = ${email}`)).toBe(0);
    expect(await count(t.db, "person_events", sql`person_id = ${personId} and kind = 'note'`)).toBe(0);

    const mails = await select(
      t.db.rows,
      { payload: o.payload, recipient: o.recipient, status: o.status },
      sql`from ${o} where ${o.person_id} = ${personId}`,
    );
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.payload).toEqual({ erased: true });
      expect(m.recipient).toBeNull();
      // Nothing of theirs is still on its way: the sent alert stays sent, the rest is withheld.
      expect(["sent", "withheld"]).toContain(m.status);
    }
    const pushes = await select(
      t.db.rows,
      { payload: pushMessages.payload, status: pushMessages.status },
      sql`from ${pushMessages} where ${pushMessages.person_id} = ${personId}`,
    );
    expect(pushes).toEqual([{ payload: { erased: true }, status: "failed" }]);

    const ledger = await select(
      t.db.rows,
      { kind: consentEvents.kind, basis: consentEvents.basis, address: consentEvents.client_address, agent: consentEvents.user_agent },
      sql`
      from ${consentEvents} where ${consentEvents.person_id} = ${personId} order by ${consentEvents.id}`,
    );
    // Their submissions' implied consents stay as events, the express one from the sign-up, the erasure's withdrawal last.
    expect(ledger.filter((e) => e.kind !== "implied").map((e) => [e.kind, e.basis])).toEqual([
      ["express", "Save this search"],
      ["withdrawal", "Erasure"],
    ]);
    expect(ledger.at(-1)).toMatchObject({ kind: "withdrawal", basis: "Erasure" });
    expect(ledger.every((e) => e.address === null && e.agent === null)).toBe(true);

    const suppressed = await select(t.db.rows, { hash: emailSuppressions.email_hash }, sql`from ${emailSuppressions}`);
    expect(suppressed).toContainEqual({ hash: await emailHash(t.db, email) });
    expect(JSON.stringify(suppressed)).not.toContain("ana");

    expect(await privacyNotes(personId)).toEqual([{ note: "Erased at the person's request by Jordan Avery", author: "Jordan Avery" }]);
    // Nothing of theirs left anywhere, in any table.
    for (const table of [
      people,
      leads,
      contacts,
      propertyInquiries,
      o,
      personEvents,
      alertSubscriptions,
      consentEvents,
      alertItems,
      alertOpens,
      pushMessages,
    ]) {
      const dump = JSON.stringify(await t.db.rows(sql`select * from ${table}`));
      expect(dump).not.toMatch(/ana@example|780-555-0199|Glenora|12 Elm Ave still|Prefers texts|203\.0\.113\.[79]|Phone\/[12]/i);
    }
    // The other person is untouched.
    expect(await count(t.db, "alert_opens", sql`person_id = ${other!.id}`)).toBe(1);
    expect(await count(t.db, "leads", sql`email = 'other@example.com'`)).toBe(1);

    expect(await eraseAtRequest(t.db, personId, agent)).toBe("already");
    expect(await eraseAtRequest(t.db, 999_999, agent)).toBe("not-found");
    expect(await exportPerson(t.db, personId, "json", agent)).toBeNull();
    // Erased, they are out of every search.
    expect((await listPeople(t.db, { search: "ana" })).people.map((x) => x.id)).not.toContain(personId);
  });

  it("two erasures at once erase once", async () => {
    const { personId, agent } = await personWithEverything(t.db);
    const results = await Promise.all([eraseAtRequest(t.db, personId, agent), eraseAtRequest(t.db, personId, agent)]);
    expect(results.sort()).toEqual(["already", "erased"]);
    expect(await privacyNotes(personId)).toHaveLength(1);
  });
});

describe("the spam retention rule", () => {
  const at = new Date("2026-06-01T12:00:00Z");
  const job = (days: number) => new RetentionJob(t.db, { spamRetentionDays: days, now: () => at });

  async function spamPerson(email: string, lastActivity: string, status: "spam" | "new" = "spam") {
    await recordLead(t.db, { fullName: "Spammer", email, phone: "780-555-0111", serviceType: "buying", comments: "cheap pills" });
    await t.db.rows(
      sql`update ${people} set status = ${status}, last_activity_at = ${new Date(lastActivity)} where ${people.email} = ${email}`,
    );
    const [row] = await select(t.db.rows, { id: people.id }, sql`from ${people} where ${people.email} = ${email}`);
    return row!.id;
  }

  it("anonymises spam older than the retention, without a suppression entry, and leaves the rest", async () => {
    const old = await spamPerson("old-spam@example.com", "2026-04-30T12:00:00Z");
    const recent = await spamPerson("recent-spam@example.com", "2026-05-10T12:00:00Z");
    const oldButReal = await spamPerson("real@example.com", "2026-01-01T12:00:00Z", "new");
    // truncate() does not empty the suppression list: count what this run adds.
    const suppressedBefore = await count(t.db, "email_suppressions");
    expect(await job(30).run()).toEqual({});
    const rows = await select(
      t.db.rows,
      { id: people.id, name: people.name, erasedAt: people.erased_at },
      sql`from ${people} order by ${people.id}`,
    );
    expect(rows.find((r) => r.id === old)).toMatchObject({ name: "Erased person" });
    expect(rows.find((r) => r.id === recent)!.erasedAt).toBeNull();
    expect(rows.find((r) => r.id === oldButReal)!.erasedAt).toBeNull();
    expect(await count(t.db, "email_suppressions")).toBe(suppressedBefore);
    expect(await count(t.db, "leads", sql`email = 'old-spam@example.com'`)).toBe(0);
    expect(await privacyNotes(old)).toEqual([{ note: "Anonymised: spam kept 30 days", author: "Retention rule" }]);
    // Once only.
    await job(30).run();
    expect(await privacyNotes(old)).toHaveLength(1);
  });

  it("keeps spam for ever when the retention is 0", async () => {
    const old = await spamPerson("old-spam@example.com", "2020-01-01T12:00:00Z");
    await job(0).run();
    const [row] = await select(t.db.rows, { erasedAt: people.erased_at }, sql`from ${people} where ${people.id} = ${old}`);
    expect(row!.erasedAt).toBeNull();
  });
});

describe("a deal Closed", () => {
  it("gives implied consent for 2 years, in the status change, once per change", async () => {
    const { personId, agent } = await personWithEverything(t.db);
    await setStatus(t.db, personId, "closed", agent);
    await setStatus(t.db, personId, "closed", agent);
    const implied = await select(
      t.db.rows,
      {
        basis: consentEvents.basis,
        years: sql<number>`extract(year from age(${consentEvents.expires_at}, ${consentEvents.created_at}))::integer`,
      },
      sql`
      from ${consentEvents} where ${consentEvents.person_id} = ${personId} and ${consentEvents.kind} = 'implied' and ${consentEvents.basis} = 'Closed'`,
    );
    expect(implied).toEqual([{ basis: "Closed", years: 2 }]);
  });
});
