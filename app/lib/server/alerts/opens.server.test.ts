/**
 * A home's link in an alert: the redirect target, the recorded open (only of a home an alert mail
 * carried to that person, at most once per person, home and Edmonton day: issue 38), warming up
 * on the second open of one home.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertOpens, notificationOutbox, people } from "../../../../db/schema";
import { name, returning, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { SITE, contextOf, deviceIn, listingIn, outboxRows, pushRows } from "../../../../tests/support/alerts-core";
import { alertLinks } from "./links.server";
import { recordOpen } from "./opens.server";
import { serverSecret } from "./secrets.server";
import { signToken } from "./tokens.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");

async function personIn(email = "jane@example.com"): Promise<number> {
  const [row] = await returning(
    t.db.rows,
    { id: people.id },
    sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${email}, 'Jane Doe')`,
  );
  return row!.id;
}

/** The token of the person's open links, as an alert carries it. */
async function openToken(personId: number, at = now): Promise<string> {
  const url = (await alertLinks(contextOf(t.db), personId, at)).open("28123456");
  expect(url.startsWith(`${SITE}/alerts/open/`)).toBe(true);
  return url.split("/").at(-2)!;
}

let mails = 0;
/** An alert mail to the person carrying these homes' links (as queue.server.ts writes it), sent unless told; returns its links' token. */
async function mailed(personId: number, keys: string[], status: "sent" | "withheld" | "pending" = "sent", at = now): Promise<string> {
  const links = await alertLinks(contextOf(t.db), personId, at);
  const items = keys.map((key) => ({ kind: "new", address: `${key} Street`, pageUrl: links.open(key), subscriptionLabel: "A search" }));
  const o = notificationOutbox;
  await t.db.rows(sql`
    insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.recipient)}, ${name(o.status)})
    values ('alert', 'listing_alerts', ${JSON.stringify({ name: null, items, total: items.length, allLinks: [], manageUrl: links.manage, unsubscribeUrl: links.unsubscribe })}::jsonb,
      ${`<alert-${++mails}@test>`}, ${personId}, 'jane@example.com', ${status})`);
  return links.open("x").split("/").at(-2)!;
}

const opens = () =>
  select(
    t.db.rows,
    { personId: alertOpens.person_id, listingKey: alertOpens.listing_key, createdAt: alertOpens.created_at },
    sql`from ${alertOpens} order by ${alertOpens.id}`,
  );

describe("recordOpen", () => {
  it("records the open and leads to the home's page; a home gone from the feed leads to /listings", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    const jane = await personIn();
    const token = await mailed(jane, ["28123456", "28000000"]);
    expect(await recordOpen(contextOf(t.db), token, "28123456", now)).toBe("/listings/28123456-10123-jasper-avenue-nw");
    expect(await recordOpen(contextOf(t.db), token, "28000000", now)).toBe("/listings");
    expect(await opens()).toEqual([
      { personId: jane, listingKey: "28123456", createdAt: now },
      { personId: jane, listingKey: "28000000", createdAt: now },
    ]);
  });

  it("records nothing for a wrong, expired or other-purpose token, an erased person or a malformed key, and still leads on", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    const jane = await personIn();
    await mailed(jane, ["28123456"]);
    const secret = await serverSecret(t.db, "alert-links");
    const ctx = contextOf(t.db);
    for (const token of [
      "",
      "nonsense",
      signToken(secret, "open", jane, new Date(now.getTime() - 1)),
      signToken(secret, "manage", jane, new Date(now.getTime() + 1000)),
      "x".repeat(1000),
    ]) {
      expect(await recordOpen(ctx, token, "28123456", now)).toBe("/listings/28123456-10123-jasper-avenue-nw");
    }
    expect(await recordOpen(ctx, await openToken(jane), "../../evil", now)).toBe("/listings");
    await t.db.rows(sql`update ${people} set ${name(people.erased_at)} = now()`);
    expect(await recordOpen(ctx, await openToken(jane), "28123456", now)).toBe("/listings/28123456-10123-jasper-avenue-nw");
    expect(await opens()).toEqual([]);
  });

  it("the second open of the same home marks the person warming up and tells the agent once", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    await listingIn(t.db, "28999999", "1 Main Street");
    await deviceIn(t.db);
    const jane = await personIn();
    const token = await mailed(jane, ["28123456", "28999999"]);
    const ctx = contextOf(t.db);
    await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, token, "28999999", now);
    const warming = async () => (await outboxRows(t.db)).filter((r) => r.kind === "warming");
    expect(await warming()).toEqual([]);
    expect(ctx.wakes).toBe(0);
    await recordOpen(ctx, token, "28123456", now);
    const [person] = await select(t.db.rows, { warmingAt: people.warming_at }, sql`from ${people}`);
    expect(person!.warmingAt).toEqual(now);
    expect(await warming()).toEqual([
      expect.objectContaining({
        kind: "warming",
        recipient: null,
        personId: jane,
        payload: { name: "Jane Doe", email: "jane@example.com", reason: "Opened 10123 Jasper Avenue NW twice from alerts" },
      }),
    ]);
    expect(await pushRows(t.db)).toEqual([
      {
        kind: "warming",
        personId: jane,
        payload: { kind: "warming", name: "Jane Doe", reason: "Opened 10123 Jasper Avenue NW twice from alerts" },
      },
    ]);
    expect(ctx.wakes).toBe(1);
    await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, token, "28999999", now);
    expect(await warming()).toHaveLength(1);
    expect(await pushRows(t.db)).toHaveLength(1);
    // One row per home and day, however often it was opened that day.
    expect(await opens()).toHaveLength(2);
  });

  it("records only a home an alert mail sent to that person carried, through that mail's own link", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    await listingIn(t.db, "28999999", "1 Main Street");
    const jane = await personIn();
    const john = await personIn("john@example.com");
    const ctx = contextOf(t.db);
    // Nothing mailed yet: a valid token of the person's, for a real home, records nothing.
    expect(await recordOpen(ctx, await openToken(jane), "28123456", now)).toBe("/listings/28123456-10123-jasper-avenue-nw");
    expect(await opens()).toEqual([]);
    const token = await mailed(jane, ["28123456"]);
    // A home that mail did not carry, a key that names nothing, John's home on Jane's token: nothing.
    expect(await recordOpen(ctx, token, "28999999", now)).toBe("/listings/28999999-1-main-street");
    expect(await recordOpen(ctx, token, "12345678", now)).toBe("/listings");
    const johns = await mailed(john, ["28999999"]);
    expect(await recordOpen(ctx, token, "28999999", now)).toBe("/listings/28999999-1-main-street");
    // A withheld or not yet sent mail was never read: its links record nothing.
    const withheld = await mailed(jane, ["28999999"], "withheld", new Date(now.getTime() - 1000));
    expect(await recordOpen(ctx, withheld, "28999999", now)).toBe("/listings/28999999-1-main-street");
    const queued = await mailed(jane, ["28999999"], "pending", new Date(now.getTime() - 2000));
    expect(await recordOpen(ctx, queued, "28999999", now)).toBe("/listings/28999999-1-main-street");
    expect(await opens()).toEqual([]);
    // The mailed homes, through their own links: recorded.
    await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, johns, "28999999", now);
    expect((await opens()).map((o) => [o.personId, o.listingKey])).toEqual([
      [jane, "28123456"],
      [john, "28999999"],
    ]);
  });

  it("records a home at most once per person, home and Edmonton day, however often its link is opened", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    const jane = await personIn();
    const token = await mailed(jane, ["28123456"]);
    const ctx = contextOf(t.db);
    // 5:00 Edmonton on December 1st, then 23:59 the same day, then 0:00 on the 2nd.
    const lastMinute = new Date("2026-12-02T06:59:00Z");
    const nextDay = new Date("2026-12-02T07:00:00Z");
    for (let i = 0; i < 50; i++) await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, token, "28123456", lastMinute);
    expect(await opens()).toEqual([{ personId: jane, listingKey: "28123456", createdAt: now }]);
    await Promise.all(Array.from({ length: 10 }, () => recordOpen(ctx, token, "28123456", nextDay)));
    expect(await opens()).toEqual([
      { personId: jane, listingKey: "28123456", createdAt: now },
      { personId: jane, listingKey: "28123456", createdAt: nextDay },
    ]);
  });
});
