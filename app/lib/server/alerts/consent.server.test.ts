/** The consent ledger: what allows a marketing mail at the moment it is sent. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentEvents, emailSuppressions, people } from "../../../../db/schema";
import { name, returning, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { consentLedger, impliedConsentSql, marketingAllowed, marketingAllowedMany } from "./consent.server";
import { emailHash } from "./suppression.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

async function personIn(email = "jane@example.com"): Promise<number> {
  const [row] = await returning(
    t.db.rows,
    { id: people.id },
    sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${email}, 'Jane')`,
  );
  return row!.id;
}

async function event(personId: number, kind: "express" | "implied" | "withdrawal", at: Date, expiresAt: Date | null = null): Promise<void> {
  const c = consentEvents;
  await t.db.rows(sql`
    insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.expires_at)}, ${name(c.created_at)})
    values (${personId}, ${kind}, 'test', ${expiresAt?.toISOString() ?? null}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

const allowed = (personId: number, at = now) => marketingAllowed(t.db.rows, personId, at);

describe("marketingAllowed", () => {
  it("needs a consent: none, or an unknown person, is no", async () => {
    const jane = await personIn();
    expect(await allowed(jane)).toBe(false);
    expect(await allowed(jane + 100)).toBe(false);
  });

  it("takes express consent until a later withdrawal, and a newer consent after it", async () => {
    const jane = await personIn();
    await event(jane, "express", daysAgo(10));
    expect(await allowed(jane)).toBe(true);
    await event(jane, "withdrawal", daysAgo(5));
    expect(await allowed(jane)).toBe(false);
    await event(jane, "express", daysAgo(1));
    expect(await allowed(jane)).toBe(true);
  });

  it("a withdrawal at the same instant as the consent it follows still wins (the later row)", async () => {
    const jane = await personIn();
    await event(jane, "express", daysAgo(1));
    await event(jane, "withdrawal", daysAgo(1));
    expect(await allowed(jane)).toBe(false);
  });

  it("takes implied consent only before it expires", async () => {
    const jane = await personIn();
    await event(jane, "implied", daysAgo(100), daysAgo(-80));
    expect(await allowed(jane)).toBe(true);
    expect(await allowed(jane, daysAgo(-80))).toBe(false);
    const john = await personIn("john@example.com");
    await event(john, "express", daysAgo(300));
    await event(john, "withdrawal", daysAgo(200));
    // Expired implied consent after the withdrawal gives nothing back.
    await event(john, "implied", daysAgo(190), daysAgo(10));
    expect(await allowed(john)).toBe(false);
  });

  it("never for an erased person or a suppressed address, whatever the ledger says", async () => {
    const jane = await personIn();
    const john = await personIn("john@example.com");
    await event(jane, "express", daysAgo(1));
    await event(john, "express", daysAgo(1));
    await t.db.rows(sql`update ${people} set ${name(people.erased_at)} = now() where ${people.id} = ${jane}`);
    await t.db.rows(
      sql`insert into ${emailSuppressions} (${name(emailSuppressions.email_hash)}, ${name(emailSuppressions.reason)}) values (${await emailHash(t.db, "John@Example.com")}, 'erased')`,
    );
    expect(await allowed(jane)).toBe(false);
    expect(await allowed(john)).toBe(false);
    expect(await t.db.transaction((rows) => marketingAllowed(rows, john, now))).toBe(false);
  });

  it("answers for many people in one call, by the same rule", async () => {
    const [express, implied, expired, withdrawn, erased, suppressed, none] = await Promise.all(
      ["e", "i", "x", "w", "r", "s", "n"].map((p) => personIn(`${p}@example.com`)),
    );
    await event(express!, "express", daysAgo(10));
    await event(implied!, "implied", daysAgo(10), daysAgo(-10));
    await event(expired!, "implied", daysAgo(10), daysAgo(1));
    await event(withdrawn!, "express", daysAgo(10));
    await event(withdrawn!, "withdrawal", daysAgo(5));
    for (const p of [erased!, suppressed!]) await event(p, "express", daysAgo(10));
    await t.db.rows(sql`update ${people} set ${name(people.erased_at)} = now() where ${people.id} = ${erased!}`);
    const ids = [express!, implied!, expired!, withdrawn!, erased!, suppressed!, none!, none! + 100];
    // Before the suppression key exists nothing is listed.
    expect([...(await marketingAllowedMany(t.db.rows, ids, now))].sort()).toEqual([express!, implied!, suppressed!].sort());
    await t.db.rows(
      sql`insert into ${emailSuppressions} (${name(emailSuppressions.email_hash)}, ${name(emailSuppressions.reason)}) values (${await emailHash(t.db, "s@example.com")}, 'erased')`,
    );
    expect([...(await marketingAllowedMany(t.db.rows, ids, now))].sort()).toEqual([express!, implied!].sort());
    expect(await marketingAllowedMany(t.db.rows, [], now)).toEqual(new Set());
    for (const id of ids) expect(await allowed(id), String(id)).toBe(id === express || id === implied);
  });
});

describe("the ledger", () => {
  it("lists a person's events newest first, under camelCase keys, and no one else's", async () => {
    const jane = await personIn();
    const john = await personIn("john@example.com");
    await event(jane, "express", daysAgo(3));
    await event(jane, "withdrawal", daysAgo(1));
    await event(john, "express", daysAgo(2));
    const ledger = await consentLedger(t.db, jane);
    expect(ledger.map((e) => e.kind)).toEqual(["withdrawal", "express"]);
    expect(Object.keys(ledger[0]!).sort()).toEqual([
      "address",
      "basis",
      "createdAt",
      "expiresAt",
      "givenAt",
      "kind",
      "text",
      "userAgent",
      "version",
    ]);
  });

  it("writes implied consent for a statement's person, with the form, the visitor's address and browser, expiring 6 months later", async () => {
    const jane = await personIn();
    const insert = (personId: number) =>
      t.db.rows(
        sql`with person as (select ${people.id} as id from ${people} where ${people.id} = ${personId}), implied as (${impliedConsentSql("contact_form", "6 months", { address: "203.0.113.9", userAgent: "Firefox" }, now)}) select 1`,
      );
    await insert(jane);
    await insert(jane + 100);
    const rows = await select(
      t.db.rows,
      {
        personId: consentEvents.person_id,
        kind: consentEvents.kind,
        basis: consentEvents.basis,
        address: consentEvents.client_address,
        userAgent: consentEvents.user_agent,
        givenAt: consentEvents.given_at,
        expiresAt: consentEvents.expires_at,
      },
      sql`from ${consentEvents}`,
    );
    expect(rows).toEqual([
      {
        personId: jane,
        kind: "implied",
        basis: "contact_form",
        address: "203.0.113.9",
        userAgent: "Firefox",
        givenAt: now,
        expiresAt: new Date("2027-06-01T12:00:00Z"),
      },
    ]);
    expect(await allowed(jane)).toBe(true);
    expect(await allowed(jane, new Date("2027-06-01T12:00:00Z"))).toBe(false);
  });
});
