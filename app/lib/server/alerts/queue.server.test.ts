/**
 * Queueing the due alerts (PGlite): one mail per person with at most 10 homes, newest first, every
 * link absolute; daily and weekly at 7:00 Edmonton with a controlled clock; nothing for a person
 * without valid consent (their items dropped); never twice.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertItems as i, consentEvents as c, notificationOutbox as o, offices } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { removeListings, upsertListings } from "../listings/store.server";
import { alertPayloadOf } from "../mail/alert-payload.server";
import { SITE, alertsContext, follow, listing } from "../../../../tests/support/alerts";
import { matchChanges } from "./matching.server";
import { queueDueAlerts } from "./queue.server";

const t = testDatabaseForThisFile();
const mails = () =>
  select(
    t.db.rows,
    { id: o.id, recipient: o.recipient, payload: o.payload, messageId: o.message_id, person: o.person_id, kind: o.kind },
    sql`from ${o} where ${o.kind} = 'alert' order by ${o.id}`,
  );
const waiting = async () =>
  (await select(t.db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${i} where ${i.outbox_id} is null`))[0]!.n;

describe("queueDueAlerts", () => {
  it("queues one mail per person: at most 10 homes, newest first, with the total, the search's page, absolute links and the brokerage", async () => {
    const ctx = alertsContext(t.db);
    await t.db.rows(
      sql`insert into ${offices} (${name(offices.office_key)}, ${name(offices.office_name)}, ${name(offices.modified_at)}) values ('O1', 'Example Realty <Group>', now())`,
    );
    const { personId } = await follow(t.db, {
      email: "jane@example.com",
      criteria: { cities: ["Edmonton"], minBeds: 3 },
      label: "Homes in Edmonton, 3+ bedrooms",
    });
    await follow(t.db, { email: "sam@example.com", criteria: { category: "condominium" } });
    const keys = Array.from({ length: 12 }, (_, n) => `H${String(n).padStart(2, "0")}`);
    for (const key of keys) await upsertListings(t.db, [listing(key, { office_keys: ["O1"] })]);
    const now = new Date("2026-11-25T15:00:00Z");
    expect((await matchChanges(t.db, now)).matches).toBe(12);
    expect(await queueDueAlerts(ctx, now)).toEqual({ mails: 1, items: 12, dropped: 0 });
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ recipient: "jane@example.com", person: personId });
    const payload = alertPayloadOf({ id: mail!.id, kind: "alert", payload: mail!.payload, recipient: mail!.recipient });
    expect(payload.total).toBe(12);
    expect(payload.items.map((x) => x.address)).toEqual(
      keys
        .slice(2)
        .reverse()
        .map((k) => `${k} Maplecrest Way`),
    );
    expect(payload.items[0]).toMatchObject({
      kind: "new",
      city: "Edmonton",
      price: 400_000,
      oldPrice: null,
      status: "active",
      beds: 3,
      baths: 2,
      brokerage: "Example Realty <Group>",
      subscriptionLabel: "Homes in Edmonton, 3+ bedrooms",
    });
    expect(payload.items[0]!.photoUrl).toBe(`${SITE}/listings/photos/H11/cover.jpg`);
    expect(payload.items[0]!.pageUrl).toMatch(new RegExp(`^${SITE}/alerts/open/[^/]+/H11$`));
    expect(payload.allLinks).toEqual([{ label: "Homes in Edmonton, 3+ bedrooms", url: `${SITE}/listings?city=Edmonton&minBeds=3` }]);
    expect(payload.manageUrl).toMatch(new RegExp(`^${SITE}/alerts/manage/`));
    expect(payload.unsubscribeUrl).toMatch(new RegExp(`^${SITE}/alerts/unsubscribe/`));
    expect(await waiting()).toBe(0);
    // Nothing is left to send: a second pass queues nothing.
    expect(await queueDueAlerts(ctx, now)).toEqual({ mails: 0, items: 0, dropped: 0 });
  });

  it("shows a price drop with both prices, and a removed home from what the change and the watch know", async () => {
    const ctx = alertsContext(t.db);
    await upsertListings(t.db, [listing("A"), listing("B")], { recordChanges: false });
    await follow(t.db, { email: "jane@example.com", listingKey: "A", label: "A Maplecrest Way" });
    await follow(t.db, { email: "jane@example.com", listingKey: "B", label: "B Maplecrest Way" });
    await upsertListings(t.db, [listing("A", { list_price: 375_000 })]);
    await removeListings(t.db, [{ key: "B", status: "Closed" }]);
    const now = new Date("2026-11-25T15:00:00Z");
    await matchChanges(t.db, now);
    await queueDueAlerts(ctx, now);
    const [mail] = await mails();
    const payload = alertPayloadOf({ id: mail!.id, kind: "alert", payload: mail!.payload, recipient: mail!.recipient });
    expect(payload.allLinks).toEqual([]);
    expect(payload.items).toEqual([
      expect.objectContaining({
        kind: "removed",
        address: "B Maplecrest Way",
        price: 400_000,
        oldPrice: null,
        status: "Closed",
        photoUrl: null,
        beds: null,
      }),
      expect.objectContaining({ kind: "price", address: "A Maplecrest Way", price: 375_000, oldPrice: 400_000, status: "active" }),
    ]);
  });

  it("merges a person's rows into one mail: a home changed several times shows once, its latest change", async () => {
    const ctx = alertsContext(t.db);
    await upsertListings(t.db, [listing("A"), listing("B")], { recordChanges: false });
    await follow(t.db, { email: "jane@example.com", criteria: {}, label: "All homes", frequency: "weekly" });
    await follow(t.db, { email: "jane@example.com", criteria: { cities: ["Edmonton"] }, label: "Homes in Edmonton", frequency: "daily" });
    await follow(t.db, { email: "jane@example.com", listingKey: "A", label: "A Maplecrest Way" });
    const now = new Date("2026-11-25T15:00:00Z");
    await upsertListings(t.db, [listing("A", { list_price: 390_000 }), listing("N")]);
    await matchChanges(t.db, now);
    await upsertListings(t.db, [listing("A", { list_price: 380_000 }), listing("B", { list_price: 395_000 })]);
    await matchChanges(t.db, now);
    // The watch's rows (instant) and the daily search's, all due the next morning, in one mail.
    expect(await queueDueAlerts(ctx, new Date("2026-11-26T14:00:00Z"))).toEqual({ mails: 1, items: 3, dropped: 0 });
    const [mail] = await mails();
    const payload = alertPayloadOf({ id: mail!.id, kind: "alert", payload: mail!.payload, recipient: mail!.recipient });
    expect(payload.total).toBe(3);
    expect(payload.items.map((x) => [x.address, x.kind, x.price, x.oldPrice, x.subscriptionLabel])).toEqual([
      ["B Maplecrest Way", "price", 395_000, 400_000, "Homes in Edmonton"],
      ["A Maplecrest Way", "price", 380_000, 390_000, "A Maplecrest Way"],
      ["N Maplecrest Way", "new", 400_000, null, "Homes in Edmonton"],
    ]);
    expect(payload.allLinks.map((l) => l.label)).toEqual(["Homes in Edmonton"]);
    expect(await waiting()).toBe(0);
  });

  it("sends daily alerts at 7:00 and weekly ones on Saturday at 7:00, Edmonton time", async () => {
    const ctx = alertsContext(t.db);
    await follow(t.db, { email: "daily@example.com", criteria: {}, frequency: "daily" });
    await follow(t.db, { email: "weekly@example.com", criteria: {}, frequency: "weekly" });
    await upsertListings(t.db, [listing("A")]);
    // Wednesday November 25, 2026, 08:00 MST.
    await matchChanges(t.db, new Date("2026-11-25T15:00:00Z"));
    expect(await queueDueAlerts(ctx, new Date("2026-11-26T13:59:00Z"))).toMatchObject({ mails: 0 });
    expect(await queueDueAlerts(ctx, new Date("2026-11-26T14:00:00Z"))).toMatchObject({ mails: 1 });
    expect((await mails()).map((m) => m.recipient)).toEqual(["daily@example.com"]);
    expect(await queueDueAlerts(ctx, new Date("2026-11-28T13:59:00Z"))).toMatchObject({ mails: 0 });
    expect(await queueDueAlerts(ctx, new Date("2026-11-28T14:00:00Z"))).toMatchObject({ mails: 1 });
    expect((await mails()).map((m) => m.recipient)).toEqual(["daily@example.com", "weekly@example.com"]);
    expect(ctx.woken()).toBe(0);
  });

  it("drops the due items of a person who withdrew consent, and of a subscription that ended, without mailing them later", async () => {
    const ctx = alertsContext(t.db);
    const gone = await follow(t.db, { email: "gone@example.com", criteria: {} });
    const ended = await follow(t.db, { email: "ended@example.com", criteria: {} });
    await upsertListings(t.db, [listing("A")]);
    const now = new Date("2026-11-25T15:00:00Z");
    await matchChanges(t.db, now);
    await t.db.rows(
      sql`insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}) values (${gone.personId}, 'withdrawal', 'One-click unsubscribe')`,
    );
    await t.db.rows(sql`update alert_subscriptions set status = 'ended', ended_at = now() where id = ${ended.subscriptionId}`);
    expect(await queueDueAlerts(ctx, now)).toEqual({ mails: 0, items: 0, dropped: 2 });
    expect(await waiting()).toBe(0);
    expect(await mails()).toEqual([]);
  });

  it("queues one mail per person even when two passes run at once", async () => {
    const ctx = alertsContext(t.db);
    for (const who of ["a", "b", "c"]) await follow(t.db, { email: `${who}@example.com`, criteria: {} });
    await upsertListings(t.db, [listing("A"), listing("B")]);
    const now = new Date("2026-11-25T15:00:00Z");
    await matchChanges(t.db, now);
    const [first, second] = await Promise.all([queueDueAlerts(ctx, now), queueDueAlerts(ctx, now)]);
    expect(first.mails + second.mails).toBe(3);
    expect((await mails()).map((m) => m.recipient).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(new Set((await mails()).map((m) => m.messageId)).size).toBe(3);
  });
});
