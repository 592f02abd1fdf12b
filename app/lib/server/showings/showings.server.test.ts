import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import ICAL from "ical.js";
import type { Database } from "../../../../platform/db/database";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { emailOf } from "../mail/email-of.server";
import type { OutboxNotification } from "../mail/outbox.server";
import { bookShowing } from "./book.server";
import { cancelShowing, cancelShowingsOfListings, confirmShowing, moveShowing, showingOfToken } from "./manage.server";

const t = testDatabaseForThisFile();

const listing = {
  key: "L1",
  address: "123 Main St, Edmonton",
  mlsNumber: "E4000001",
  path: "/listings/L1-123-main-st",
  url: "https://www.averyhomes.example/listings/L1-123-main-st",
};
const buyer = (i: number) => ({
  name: `Buyer ${i}`,
  email: `buyer${i}@example.com`,
  phone: "780-555-0100",
  note: "",
  slot: "2026-12-01T17:00:00.000Z",
});
const NOW = new Date("2026-11-29T12:00:00Z");

const n = async (table: string, where = sql`true`) =>
  Number((await t.db.rows<{ n: number }>(sql`select count(*)::integer as n from ${sql.identifier(table)} where ${where}`))[0]!.n);

async function outbox(kind: string): Promise<OutboxNotification[]> {
  return t.db.rows<OutboxNotification & Record<string, unknown>>(
    sql`select id, kind, source, payload, message_id, attempts, created_at, recipient, person_id, status, next_attempt_at from notification_outbox where kind = ${kind} order by id`,
  );
}

function eventOf(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const v = cal.getFirstSubcomponent("vevent")!;
  return {
    method: cal.getFirstPropertyValue("method"),
    uid: v.getFirstPropertyValue("uid"),
    sequence: v.getFirstPropertyValue("sequence"),
    status: v.getFirstPropertyValue("status"),
    location: v.getFirstPropertyValue("location"),
    tzid: v.getFirstProperty("dtstart")!.getParameter("tzid"),
    start: String(v.getFirstPropertyValue("dtstart")),
  };
}

describe(`showings (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("holds a slot for one of twenty simultaneous requests, on two database clients, and leaves nothing of the others", async () => {
    const second: Database = usingPostgres ? await t.openAnother() : t.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bookShowing(i % 2 ? second : t.db, buyer(i), listing, 30, NOW, { acknowledge: true })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(19);
    expect(await n("showings")).toBe(1);
    expect(await n("people")).toBe(1);
    expect(await n("consent_events")).toBe(1);
    // The request, its acknowledgement and the two reminders; nothing of the nineteen others.
    expect((await outbox("showing")).length).toBe(1);
    const [ack] = await outbox("acknowledgement");
    const ackMail = emailOf(ack!, "agent@averyhomes.example");
    expect(ackMail.subject).toBe("We received your showing request: 123 Main St, Edmonton");
    expect(ackMail.text).toContain("The time you asked for: Tuesday, December 1 at 10:00 a.m. (Edmonton time)");
    const notice = emailOf((await outbox("showing"))[0]!, "agent@averyhomes.example");
    expect(notice.to).toBe("agent@averyhomes.example");
    expect(notice.subject).toMatch(
      /^Showing request: 123 Main St, Edmonton, Tuesday, December 1 at 10:00 a\.m\. \(Edmonton time\) from Buyer \d+$/,
    );
    const reminders = await outbox("showing-reminder");
    expect(reminders.map((r) => r.recipient).sort()).toEqual([null, expect.stringMatching(/^buyer\d+@example\.com$/)].sort());
    expect(reminders.map((r) => new Date((r as unknown as { next_attempt_at: string }).next_attempt_at).toISOString())).toEqual([
      "2026-12-01T15:00:00.000Z",
      "2026-12-01T15:00:00.000Z",
    ]);
    const people = await t.db.rows<{ awaiting_reply_since: unknown }>(sql`select awaiting_reply_since from people`);
    expect(people[0]!.awaiting_reply_since).not.toBeNull();
  });

  it("keeps one UID with a rising SEQUENCE through confirm, move and cancel, and sends nothing on a repeat", async () => {
    const booked = await bookShowing(t.db, buyer(1), listing, 30, NOW);
    if (!booked.ok) throw new Error("not booked");
    const confirmed = await confirmShowing(t.db, booked.showingId);
    expect(confirmed).toMatchObject({ status: "confirmed", sequence: 1 });
    expect(await confirmShowing(t.db, booked.showingId)).toBeNull();
    // Another buyer holds 18:00, so the move there is refused and changes nothing.
    expect((await bookShowing(t.db, { ...buyer(2), slot: "2026-12-01T18:00:00.000Z" }, listing, 30, NOW)).ok).toBe(true);
    expect(await moveShowing(t.db, booked.showingId, new Date("2026-12-01T18:00:00.000Z"), 30)).toBe("taken");
    const moved = await moveShowing(t.db, booked.showingId, new Date("2026-12-02T17:30:00.000Z"), 30);
    expect(moved).toMatchObject({ sequence: 2, start: "2026-12-02T17:30:00.000Z" });
    const cancelled = await cancelShowing(t.db, booked.showingId, "buyer");
    expect(cancelled).toMatchObject({ status: "cancelled", sequence: 3 });
    expect(await cancelShowing(t.db, booked.showingId, "buyer")).toBeNull();

    const invitations = (await outbox("invitation")).filter((r) => r.recipient);
    const events = invitations.map((r) => eventOf(emailOf(r, "agent@averyhomes.example").calendar!.content));
    expect(events.map((e) => [e.method, e.sequence, e.status])).toEqual([
      ["REQUEST", 1, "CONFIRMED"],
      ["REQUEST", 2, "CONFIRMED"],
      ["CANCEL", 3, "CANCELLED"],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(1);
    expect(events[0]).toMatchObject({ location: "123 Main St, Edmonton", tzid: "America/Edmonton", start: "2026-12-01T10:00:00" });
    expect(events[1]!.start).toBe("2026-12-02T10:30:00");
    // The reminders moved with the showing, then were withheld by the cancellation.
    const reminders = (await outbox("showing-reminder")).filter(
      (r) => (r as unknown as { payload: { showingId: number } }).payload.showingId === booked.showingId,
    );
    expect(reminders.map((r) => (r as unknown as { status: string }).status)).toEqual(["withheld", "withheld"]);
    // The link in the confirmation reads back as the showing; a forged one does not.
    const manageUrl = (invitations[0]!.payload as { manageUrl: string }).manageUrl;
    const token = manageUrl.split("/showings/")[1]!;
    expect(await showingOfToken(t.db, token, NOW)).toMatchObject({ id: booked.showingId });
    expect(await showingOfToken(t.db, `${token.slice(0, -2)}xx`, NOW)).toBeNull();
    expect(await showingOfToken(t.db, token, new Date("2026-12-10T00:00:00Z"))).toBe("expired");
  });

  it("cancels a home's future showings once when it leaves the market, telling both sides", async () => {
    const a = await bookShowing(t.db, buyer(1), listing, 30, NOW);
    const b = await bookShowing(t.db, { ...buyer(2), slot: "2026-12-01T18:00:00.000Z" }, listing, 30, NOW);
    const other = await bookShowing(t.db, { ...buyer(3), slot: "2026-12-01T19:00:00.000Z" }, { ...listing, key: "L2" }, 30, NOW);
    expect([a.ok, b.ok, other.ok]).toEqual([true, true, true]);
    const similar = () => "https://www.averyhomes.example/listings?city=Edmonton";
    expect(await cancelShowingsOfListings(t.db, ["L1"], similar, NOW)).toHaveLength(2);
    expect(await cancelShowingsOfListings(t.db, ["L1"], similar, NOW)).toHaveLength(0);
    expect(await n("showings", sql`status = 'cancelled' and cancelled_by = 'listing'`)).toBe(2);
    const invitations = await outbox("invitation");
    expect(invitations.filter((r) => r.recipient).length).toBe(2);
    expect(invitations.filter((r) => !r.recipient).length).toBe(2);
    const buyerMail = emailOf(
      invitations.find((r) => r.recipient)!,
      "agent@averyhomes.example",
    );
    expect(buyerMail.text).toContain("https://www.averyhomes.example/listings?city=Edmonton");
    expect(eventOf(buyerMail.calendar!.content).method).toBe("CANCEL");
  });
});
