import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LeadInput } from "../../schemas/lead";
import { recordLead } from "./leads.server";
import { count, testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";

const t = testDatabaseForThisFile();

const lead: LeadInput = {
  fullName: "Sam Lee",
  email: "Sam@Example.com",
  phone: "780-555-0111",
  serviceType: "buying_and_selling",
  comments: "Moving to St. Albert in May",
};

describe(`recordLead (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores the lead with its comments and queues a notification with source 'Welcome Page Form'", async () => {
    const recorded = await recordLead(t.db, lead);
    const leads = await t.db.rows<Record<string, unknown>>(sql`select * from leads`);
    expect(leads).toEqual([
      expect.objectContaining({
        id: recorded.leadId,
        full_name: "Sam Lee",
        email: "Sam@Example.com",
        phone: "780-555-0111",
        service_type: "buying_and_selling",
        comments: "Moving to St. Albert in May",
      }),
    ]);
    const outbox = await t.db.rows<{ id: number; kind: string; lead_id: number; source: string; payload: Record<string, unknown> }>(
      sql`select * from notification_outbox`,
    );
    expect(outbox).toEqual([
      expect.objectContaining({ id: recorded.notificationId, kind: "lead", lead_id: recorded.leadId, source: "Welcome Page Form" }),
    ]);
    expect(outbox[0]!.payload).toMatchObject({
      fullName: "Sam Lee",
      serviceType: "buying_and_selling",
      comments: "Moving to St. Albert in May",
      leadId: recorded.leadId,
    });
  });

  it("stores blank comments as null", async () => {
    await recordLead(t.db, { ...lead, comments: "   " });
    const [row] = await t.db.rows<{ comments: string | null }>(sql`select comments from leads`);
    expect(row!.comments).toBeNull();
  });

  it("writes neither lead nor notification when the database refuses the lead", async () => {
    await expect(recordLead(t.db, { ...lead, serviceType: "renting" as LeadInput["serviceType"] })).rejects.toThrow();
    expect(await count(t.db, "leads")).toBe(0);
    expect(await count(t.db, "notification_outbox")).toBe(0);
  });
});
