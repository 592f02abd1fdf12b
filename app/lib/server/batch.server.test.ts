import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createContacts } from "./contacts.server";
import { recordLeads } from "./leads.server";
import { FormRateLimiter } from "./rate-limit.server";
import { createSiteServices } from "./services.server";
import { SubmissionBatcher } from "./submission-batcher.server";
import { type TestDatabase, count, createTestDatabase, usingPostgres } from "./test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.drop();
});
beforeEach(async () => {
  await t.truncate();
});

const quiet = { error() {} };

describe(`batched writes (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("createContacts writes many contacts, their inquiries and notifications in input order", async () => {
    await createContacts(t.db, [{ name: "Old", email: "b@example.com", phone: "", message: "" }]);
    const out = await createContacts(t.db, [
      { name: "A", email: "A@example.com ", phone: "780-555-0001", message: "first" },
      { name: "B", email: "b@example.com", phone: "", message: "  " },
      { name: "C", email: "c@example.com", phone: "", message: "third" },
    ]);
    expect(out.map((o) => o.reused)).toEqual([false, true, false]);
    expect(out[1]!.contactId).toBe(1);
    expect(out[1]!.inquiryId).toBeNull();
    const contacts = await t.db.rows<{ id: number; name: string; email: string }>(sql`select id, name, email from contacts order by id`);
    expect(contacts.map((c) => [c.email, c.name])).toEqual([
      ["b@example.com", "B"],
      ["a@example.com", "A"],
      ["c@example.com", "C"],
    ]);
    const inquiries = await t.db.rows<{ contact_id: number; message: string }>(sql`select contact_id, message from property_inquiries order by id`);
    expect(inquiries).toEqual([
      { contact_id: out[0]!.contactId, message: "first" },
      { contact_id: out[2]!.contactId, message: "third" },
    ]);
    const outbox = await t.db.rows<{ id: number; contact_id: number; payload: { name: string; inquiryId: number | null } }>(
      sql`select id, contact_id, payload from notification_outbox order by id`,
    );
    expect(outbox).toHaveLength(4);
    for (const o of out) {
      const n = outbox.find((r) => r.id === o.notificationId)!;
      expect(n.contact_id).toBe(o.contactId);
      expect(n.payload.inquiryId).toBe(o.inquiryId);
    }
  });

  it("recordLeads ties each notification to its own lead", async () => {
    const inputs = ["x", "y", "z"].map((n, i) => ({ fullName: n, email: `${n}@example.com`, phone: "780-555-0100", serviceType: "buying" as const, comments: i === 1 ? "" : `c-${n}` }));
    const out = await recordLeads(t.db, inputs);
    const rows = await t.db.rows<{ lead_id: number; full_name: string; payload: { fullName: string; leadId: number; comments: string | null } }>(
      sql`select n.lead_id, l.full_name, n.payload from notification_outbox n join leads l on l.id = n.lead_id order by n.id`,
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.payload.fullName).toBe(r.full_name);
      expect(r.payload.leadId).toBe(r.lead_id);
    }
    expect(out.map((o) => o.leadId)).toEqual(rows.map((r) => r.lead_id));
    expect(rows[1]!.payload.comments).toBeNull();
  });

  it("under a burst, every submission is stored once, duplicates e-mails reuse their contact, and a bad one fails alone", async () => {
    const services = createSiteServices({ db: t.db, rateLimiter: new FormRateLimiter(1000, 60_000), log: quiet });
    const contacts = Array.from({ length: 60 }, (_, i) => services.createContact({ name: `P${i}`, email: `p${i % 20}@example.com`, phone: "", message: `m${i}` }));
    const leads = Array.from({ length: 30 }, (_, i) =>
      services.recordLead({ fullName: `L${i}`, email: `l${i}@example.com`, phone: "780-555-0100", serviceType: i === 7 ? ("renting" as "buying") : "selling", comments: "" }),
    );
    const [contactResults, leadResults] = await Promise.all([Promise.all(contacts), Promise.all(leads)]);
    expect(contactResults.every((r) => r.ok)).toBe(true);
    expect(leadResults.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "failure" }]);
    expect(leadResults[7]).toEqual({ ok: false, reason: "failure" });
    expect(await count(t.db, "contacts")).toBe(20);
    expect(await count(t.db, "property_inquiries")).toBe(60);
    expect(await count(t.db, "leads")).toBe(29);
    expect(await count(t.db, "notification_outbox")).toBe(89);
  });
});

describe("SubmissionBatcher", () => {
  it("writes a lone submission alone and groups those that arrive together, never two equal keys in one batch", async () => {
    const batches: string[][] = [];
    const batcher = new SubmissionBatcher<string, string>({
      writeOne: async (x) => {
        batches.push([x]);
        await new Promise((r) => setTimeout(r, 5));
        return x.toUpperCase();
      },
      writeMany: async (xs) => {
        batches.push(xs);
        await new Promise((r) => setTimeout(r, 5));
        return xs.map((x) => x.toUpperCase());
      },
      keyOf: (x) => x[0]!,
    });
    expect(await batcher.submit("z0")).toBe("Z0");
    const results = await Promise.all(["a1", "b1", "a2", "c1", "b2"].map((x) => batcher.submit(x)));
    expect(results).toEqual(["A1", "B1", "A2", "C1", "B2"]);
    expect(batches).toEqual([["z0"], ["a1", "b1", "c1"], ["a2", "b2"]]);
  });
});
