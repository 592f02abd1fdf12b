/** A home's link in an alert: the redirect target, the recorded open, warming up on the second open of one home. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alertOpens, people } from "../../../../db/schema";
import { name, returning, select } from "../../../../server/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { SITE, contextOf, deviceIn, listingIn, outboxRows, pushRows } from "./core-test-support";
import { alertLinks } from "./links.server";
import { recordOpen } from "./opens.server";
import { serverSecret } from "./secrets.server";
import { signToken } from "./tokens.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");

async function personIn(email = "jane@example.com"): Promise<number> {
  const [row] = await returning(t.db.rows, { id: people.id }, sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${email}, 'Jane Doe')`);
  return row!.id;
}

/** The token of the person's open links, as an alert carries it. */
async function openToken(personId: number): Promise<string> {
  const url = (await alertLinks(contextOf(t.db), personId, now)).open("28123456");
  expect(url.startsWith(`${SITE}/alerts/open/`)).toBe(true);
  return url.split("/").at(-2)!;
}

const opens = () => select(t.db.rows, { personId: alertOpens.person_id, listingKey: alertOpens.listing_key, createdAt: alertOpens.created_at }, sql`from ${alertOpens} order by ${alertOpens.id}`);

describe("recordOpen", () => {
  it("records the open and leads to the home's page; a home gone from the feed leads to /listings", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW");
    const jane = await personIn();
    const token = await openToken(jane);
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
    const secret = await serverSecret(t.db, "alert-links");
    const ctx = contextOf(t.db);
    for (const token of ["", "nonsense", signToken(secret, "open", jane, new Date(now.getTime() - 1)), signToken(secret, "manage", jane, new Date(now.getTime() + 1000)), "x".repeat(1000)]) {
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
    const token = await openToken(jane);
    const ctx = contextOf(t.db);
    await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, token, "28999999", now);
    expect(await outboxRows(t.db)).toEqual([]);
    expect(ctx.wakes).toBe(0);
    await recordOpen(ctx, token, "28123456", now);
    const [person] = await select(t.db.rows, { warmingAt: people.warming_at }, sql`from ${people}`);
    expect(person!.warmingAt).toEqual(now);
    expect(await outboxRows(t.db)).toEqual([
      expect.objectContaining({ kind: "warming", recipient: null, personId: jane, payload: { name: "Jane Doe", email: "jane@example.com", reason: "Opened 10123 Jasper Avenue NW twice from alerts" } }),
    ]);
    expect(await pushRows(t.db)).toEqual([{ kind: "warming", personId: jane, payload: { kind: "warming", name: "Jane Doe", reason: "Opened 10123 Jasper Avenue NW twice from alerts" } }]);
    expect(ctx.wakes).toBe(1);
    await recordOpen(ctx, token, "28123456", now);
    await recordOpen(ctx, token, "28999999", now);
    expect(await outboxRows(t.db)).toHaveLength(1);
    expect(await pushRows(t.db)).toHaveLength(1);
    expect(await opens()).toHaveLength(5);
  });
});
