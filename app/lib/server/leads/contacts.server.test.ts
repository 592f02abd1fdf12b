import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createContact } from "./contacts.server";
import { INSUFFICIENT_PRIVILEGE, sqlStateOf } from "../../../../platform/db/errors";
import { classifyFailure } from "./submit.server";
import { count, testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";

const t = testDatabaseForThisFile();

const jane = { name: "Jane Doe", email: "jane@example.com", phone: "780-555-0199", message: "Is 123 Main St still available?" };

interface ContactRow extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  source: string;
  created_at: string | Date;
  updated_at: string | Date;
}

async function contactRows() {
  return t.db.rows<ContactRow>(sql`select * from contacts order by id`);
}

describe(`createContact (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores the contact trimmed and lower-cased, the message as a question, and queues one notification", async () => {
    const created = await createContact(t.db, {
      name: "  Jane Doe ",
      email: "  Jane@Example.COM ",
      phone: "  ",
      message: "  Hello there \n",
    });
    expect(created.reused).toBe(false);
    const [row] = await contactRows();
    expect(row).toMatchObject({ id: created.contactId, name: "Jane Doe", email: "jane@example.com", phone: null, source: "contact_form" });
    const inquiries = await t.db.rows<{ contact_id: number; message: string; inquiry_type: string }>(sql`select * from property_inquiries`);
    expect(inquiries).toEqual([
      expect.objectContaining({ contact_id: created.contactId, message: "Hello there", inquiry_type: "question" }),
    ]);
    const outbox = await t.db.rows<{
      kind: string;
      contact_id: number;
      source: string;
      status: string;
      payload: unknown;
      message_id: string;
    }>(sql`select * from notification_outbox`);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "contact", contact_id: created.contactId, source: "contact_form", status: "pending" });
    expect(outbox[0]!.payload).toMatchObject({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: null,
      message: "Hello there",
      contactId: created.contactId,
    });
    expect(outbox[0]!.message_id).toMatch(/^<contact-[0-9a-f-]+@averyhomes\.example>$/);
  });

  it("reuses the one contact for the same e-mail in any case and spacing, updating name, phone and source", async () => {
    const first = await createContact(t.db, jane);
    await t.db.rows(sql`update contacts set source = 'imported', updated_at = now() - interval '1 day'`);
    const second = await createContact(t.db, {
      name: "Jane Q. Doe",
      email: "  JANE@example.Com\t",
      phone: " 780 555 0100 ",
      message: "Second question",
    });
    expect(second.contactId).toBe(first.contactId);
    expect(second.reused).toBe(true);
    const rows = await contactRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Jane Q. Doe", email: "jane@example.com", phone: "780 555 0100", source: "contact_form" });
    expect(new Date(rows[0]!.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await count(t.db, "property_inquiries")).toBe(2);
    expect(await count(t.db, "notification_outbox")).toBe(2);
  });

  it("keeps one contact when first-time submissions with one e-mail arrive together", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createContact(t.db, { ...jane, email: i % 2 ? "JANE@example.com" : "jane@example.com ", name: `Jane ${i}` }),
      ),
    );
    expect(new Set(results.map((r) => r.contactId)).size).toBe(1);
    expect(results.filter((r) => !r.reused)).toHaveLength(1);
    expect(await count(t.db, "contacts")).toBe(1);
    expect(await count(t.db, "notification_outbox")).toBe(8);
  });

  it("stores no inquiry for an empty or whitespace-only message, but still queues the notification", async () => {
    await createContact(t.db, { ...jane, message: "" });
    await createContact(t.db, { ...jane, email: "other@example.com", message: "   \n\t  " });
    expect(await count(t.db, "contacts")).toBe(2);
    expect(await count(t.db, "property_inquiries")).toBe(0);
    expect(await count(t.db, "notification_outbox")).toBe(2);
  });

  it("leaves nothing half-written when a later insert fails", async () => {
    await createContact(t.db, jane);
    // The outbox insert, the last part of the statement, now fails.
    await t.db.rows(sql`create or replace function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused for the test'; end $$`);
    await t.db.rows(sql`create trigger refuse_outbox before insert on notification_outbox for each row execute function refuse_outbox()`);
    try {
      await expect(createContact(t.db, { ...jane, email: "new@example.com" })).rejects.toThrow();
      await expect(createContact(t.db, { ...jane, name: "Changed Name", message: "another" })).rejects.toThrow();
      const rows = await contactRows();
      expect(rows.map((r) => [r.email, r.name])).toEqual([["jane@example.com", "Jane Doe"]]);
      expect(await count(t.db, "property_inquiries")).toBe(1);
      expect(await count(t.db, "notification_outbox")).toBe(1);
    } finally {
      await t.db.rows(sql`drop trigger refuse_outbox on notification_outbox`);
      await t.db.rows(sql`drop function refuse_outbox()`);
    }
  });

  it("reports a permission refusal (SQLSTATE 42501) as the spec's permissions case", async () => {
    // A role with no grants on the tables: what a misconfigured database user or a row-level
    // security policy produces. PGlite's single session and a one-connection pool both keep the role.
    const db = usingPostgres ? await t.openAnother({ poolMax: 1 }) : t.db;
    await db.rows(sql`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'agent_site_no_grants') then create role agent_site_no_grants nologin; end if;
    end $$`);
    await db.rows(sql`set role agent_site_no_grants`);
    try {
      const error = await createContact(db, jane).then(
        () => null,
        (e: unknown) => e,
      );
      expect(sqlStateOf(error)).toBe(INSUFFICIENT_PRIVILEGE);
      expect(classifyFailure(error)).toBe("permissions");
    } finally {
      await db.rows(sql`reset role`);
    }
    expect(await count(t.db, "contacts")).toBe(0);
  });
});
