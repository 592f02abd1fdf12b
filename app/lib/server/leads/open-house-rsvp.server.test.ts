/**
 * "I'll be there" for an open house (issue 44) on a real database: the RSVP is one statement with
 * every follow-up of a submission and the visitor's reminder for the open house's morning (once,
 * however often they say it); an open house that is over or unknown is refused before anything is written.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { emailOf } from "../mail/email-of.server";
import type { OutboxNotification } from "../mail/outbox.server";
import { createContact } from "./contacts.server";
import { openHouseIsOver, openHouseReminderAt, openHouseRsvps, openHouseToRsvp } from "./open-house-rsvp.server";

const t = testDatabaseForThisFile();

// Friday 2026-12-04, 15:00 in Edmonton (MST, UTC-7); the open house is Saturday 13:00-15:00.
const NOW = new Date("2026-12-04T22:00:00Z");
const ann = { name: "Ann Buyer", email: "Ann@Example.com", phone: "", message: "" };

beforeEach(async () => {
  await t.db.rows(sql`delete from open_houses`);
  await t.db.rows(sql`
    insert into listings (listing_key, slug, status, list_price, address, city, category, modified_at)
      values ('L1', '123-main-st', 'active', 450000, '123 Main St', 'Edmonton', 'single-family', now())`);
  await t.db.rows(sql`
    insert into open_houses (open_house_key, listing_key, date, start_time, end_time)
      values ('OH1', 'L1', '2026-12-05', '13:00', '15:00'), ('OH0', 'L1', '2026-12-04', '10:00', '12:00')`);
});

async function rsvp(now = NOW) {
  const found = await openHouseToRsvp(t.db, "L1", "OH1", now);
  if (!found.ok) throw new Error(found.reason);
  return createContact(t.db, ann, now, undefined, { acknowledge: true }, undefined, found.openHouse);
}

describe(`open house RSVPs (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores the RSVP with its person, notice, acknowledgement, consent and the morning's reminder", async () => {
    const created = await rsvp();
    const rows = await t.db.rows<{ kind: string; recipient: string | null; next_attempt_at: Date | string; person_id: number | null }>(
      sql`select kind, recipient, next_attempt_at, person_id from notification_outbox order by kind`,
    );
    expect(rows.map((r) => [r.kind, r.recipient])).toEqual([
      ["acknowledgement", "ann@example.com"],
      ["contact", null],
      ["open-house-reminder", "ann@example.com"],
    ]);
    // 08:00 in Edmonton on Saturday is 15:00 UTC.
    expect(new Date(rows[2]!.next_attempt_at).toISOString()).toBe("2026-12-05T15:00:00.000Z");
    expect(new Set(rows.map((r) => r.person_id)).size).toBe(1);
    expect((await t.db.rows(sql`select 1 from people`)).length).toBe(1);
    expect((await t.db.rows(sql`select 1 from consent_events`)).length).toBe(1);
    expect(created.inquiryId).toBeNull();

    const [reminder] = await t.db.rows<OutboxNotification>(sql`select * from notification_outbox where kind = 'open-house-reminder'`);
    const mail = emailOf({ ...reminder!, created_at: new Date(reminder!.created_at) }, "agent@averyhomes.example");
    expect(mail.to).toBe("ann@example.com");
    expect(mail.subject).toBe("Today: the open house at 123 Main St, Edmonton");
    expect(mail.text).toContain("Saturday, December 5, 1:00 PM – 3:00 PM (Edmonton time)");
    const [notice] = await t.db.rows<OutboxNotification>(sql`select * from notification_outbox where kind = 'contact'`);
    expect(emailOf({ ...notice!, created_at: new Date(notice!.created_at) }, "agent@averyhomes.example").subject).toBe(
      "Open house RSVP: 123 Main St, Edmonton, Saturday, December 5, 1:00 PM – 3:00 PM from Ann Buyer",
    );
  });

  it("queues the morning's reminder once however often the visitor says they will come", async () => {
    await rsvp();
    await rsvp(new Date(NOW.getTime() + 60_000));
    const reminders = await t.db.rows(sql`select 1 from notification_outbox where kind = 'open-house-reminder'`);
    expect(reminders).toHaveLength(1);
    expect((await t.db.rows(sql`select 1 from notification_outbox where kind = 'contact'`)).length).toBe(2);
    const [group] = await openHouseRsvps(t.db, "2026-12-04");
    expect(group?.openHouse.key).toBe("OH1");
    expect(group?.rsvps.map((r) => r.email)).toEqual(["ann@example.com"]);
  });

  it("refuses an open house that is over or unknown, before anything is written", async () => {
    expect(await openHouseToRsvp(t.db, "L1", "OH0", NOW)).toEqual({ ok: false, reason: "over" });
    expect(await openHouseToRsvp(t.db, "L1", "OH1", new Date("2026-12-05T22:00:00Z"))).toEqual({ ok: false, reason: "over" });
    expect(await openHouseToRsvp(t.db, "L1", "nope", NOW)).toEqual({ ok: false, reason: "unknown" });
    expect(await openHouseToRsvp(t.db, "L2", "OH1", NOW)).toEqual({ ok: false, reason: "unknown" });
    expect((await t.db.rows(sql`select 1 from notification_outbox`)).length).toBe(0);
  });

  it("reminds at 08:00 Edmonton time the morning of the open house, or at once when that morning has come", () => {
    expect(openHouseReminderAt("2027-07-03", NOW).toISOString()).toBe("2027-07-03T14:00:00.000Z");
    expect(openHouseReminderAt("2026-12-04", NOW).toISOString()).toBe(NOW.toISOString());
    expect(openHouseIsOver({ date: "2026-12-04", start: null, end: null }, NOW)).toBe(false);
  });
});
