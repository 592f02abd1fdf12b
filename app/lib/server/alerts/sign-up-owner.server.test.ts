/**
 * Nobody but the owner changes a subscription or its consent record (issue 38): a sign-up for a
 * search the address already has changes nothing until a link mailed to that address is used;
 * each sign-up is its own pending record, never overwritten, and the express consent written at
 * confirmation is the one of the sign-up whose link was used.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";
import { alertSubscriptions as s, people, serverSecrets } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { personAlerts } from "../inbox/person-alerts.server";
import { consentLedger } from "./consent.server";
import { serverSecret } from "./secrets.server";
import { SITE, contextOf, outboxRows } from "../../../../tests/support/alerts-core";
import { type SignUpInput, confirmSubscription, signUp, subscriptionToConfirm, subscriptionsOf } from "./subscriptions.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const ownerMeta = { address: "198.51.100.4", userAgent: "Owner's Safari" };

const owner: SignUpInput = {
  kind: "search",
  email: "jane@example.com",
  name: "Jane Doe",
  criteria: { cities: ["Edmonton"], category: "single-family", minBeds: 3 },
  listingKey: null,
  frequency: "daily",
  form: "Save this search",
  consentVersion: ALERT_CONSENT_VERSION,
  address: "203.0.113.7",
  userAgent: "Firefox",
};
/** The same address and search, typed by someone else: another frequency, name, address and browser. */
const stranger: SignUpInput = {
  ...owner,
  frequency: "weekly",
  name: "Call 1-900-SCAM now",
  address: "192.0.2.66",
  userAgent: "EvilBot/1.0",
};

const rows = () =>
  select(
    t.db.rows,
    { id: s.id, status: s.status, frequency: s.frequency, name: s.name, address: s.client_address, personId: s.person_id },
    sql`from ${s} order by ${s.id}`,
  );

const confirmations = async () => (await outboxRows(t.db)).filter((r) => r.kind === "confirmation");

/** The token of the n-th confirmation mail (0: the first). */
async function confirmToken(n: number): Promise<string> {
  const url = ((await confirmations())[n]!.payload as { confirmUrl: string }).confirmUrl;
  expect(url.startsWith(`${SITE}/alerts/confirm/`)).toBe(true);
  return url.slice(`${SITE}/alerts/confirm/`.length);
}

async function personId(): Promise<number> {
  const [person] = await select(t.db.rows, { id: people.id }, sql`from ${people}`);
  return person!.id;
}

describe("a sign-up for a search the address already has", () => {
  it("changes nothing until the owner uses the link mailed to the address, which says it changes how often", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, owner, now);
    await confirmSubscription(ctx, await confirmToken(0), ownerMeta, now);
    const jane = await personId();

    // The stranger's sign-up: answered like any other, and the live subscription is untouched.
    expect(await signUp(ctx, stranger, later(5))).toEqual({ result: "confirm-sent" });
    expect((await subscriptionsOf(t.db, jane)).map((x) => x.frequency)).toEqual(["daily"]);
    expect((await rows()).map((r) => [r.status, r.frequency])).toEqual([
      ["active", "daily"],
      ["pending", "weekly"],
    ]);
    // One mail, to the address itself, asking to change how often.
    const mails = await confirmations();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({
      recipient: "jane@example.com",
      personId: null,
      payload: { frequency: "weekly", change: { from: "daily" } },
    });
    expect(await subscriptionToConfirm(ctx, await confirmToken(1), later(6))).toMatchObject({
      status: "pending",
      frequency: "weekly",
      change: { from: "daily" },
    });
    expect(await consentLedger(t.db, jane)).toHaveLength(1);

    // The owner uses it: the live subscription takes the new frequency; no second subscription begins.
    const done = await confirmSubscription(ctx, await confirmToken(1), ownerMeta, later(10));
    expect(done).toMatchObject({ status: "changed", frequency: "weekly" });
    expect((await subscriptionsOf(t.db, jane)).map((x) => [x.id, x.frequency])).toEqual([[(await rows())[0]!.id, "weekly"]]);
    expect((await rows()).filter((r) => r.status === "active")).toHaveLength(1);
    // The ledger says what happened: a change of how often, given with that sign-up.
    const [latest] = await consentLedger(t.db, jane);
    expect(latest).toEqual({
      kind: "express",
      basis: "Save this search: how often changed from Daily to Weekly",
      text: alertConsentText("search"),
      version: ALERT_CONSENT_VERSION,
      givenAt: later(5),
      address: "192.0.2.66",
      userAgent: "EvilBot/1.0",
      expiresAt: null,
      createdAt: later(10),
    });
    // The agent's page shows one subscription, at the new frequency, and the change in the ledger.
    const page = await personAlerts(t.db, jane, false);
    expect(page.subscriptions.map((x) => [x.status, x.frequency])).toEqual([["active", "weekly"]]);
    expect(page.consent.map((c) => c.basis)).toEqual(["Save this search: how often changed from Daily to Weekly", "Save this search"]);
    // Used again: "already", nothing more recorded.
    expect(await confirmSubscription(ctx, await confirmToken(1), ownerMeta, later(11))).toMatchObject({ status: "already-changed" });
    expect(await consentLedger(t.db, jane)).toHaveLength(2);
  });

  it("at the same frequency stores and sends nothing (and answers like any other)", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, owner, now);
    await confirmSubscription(ctx, await confirmToken(0), ownerMeta, now);
    expect(await signUp(ctx, { ...stranger, frequency: "daily" }, later(1))).toEqual({ result: "confirm-sent" });
    expect(await rows()).toHaveLength(1);
    expect(await confirmations()).toHaveLength(1);
  });
});

describe("a pending sign-up signed up again", () => {
  it("stays as it was: each sign-up is its own record, and the owner's link records the owner's consent", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, owner, now);
    await signUp(ctx, stranger, later(5));
    expect((await rows()).map((r) => [r.status, r.frequency, r.name, r.address])).toEqual([
      ["pending", "daily", "Jane Doe", "203.0.113.7"],
      ["pending", "weekly", "Call 1-900-SCAM now", "192.0.2.66"],
    ]);
    expect(await confirmations()).toHaveLength(2);

    // The owner uses the link of their own sign-up (the first mail).
    expect(await confirmSubscription(ctx, await confirmToken(0), ownerMeta, later(10))).toMatchObject({
      status: "confirmed",
      frequency: "daily",
    });
    const jane = await personId();
    expect(await consentLedger(t.db, jane)).toEqual([
      {
        kind: "express",
        basis: "Save this search",
        text: alertConsentText("search"),
        version: ALERT_CONSENT_VERSION,
        givenAt: now,
        address: "203.0.113.7",
        userAgent: "Firefox",
        expiresAt: null,
        createdAt: later(10),
      },
    ]);
    const [person] = await select(t.db.rows, { name: people.name }, sql`from ${people}`);
    expect(person!.name).toBe("Jane Doe");
    expect((await subscriptionsOf(t.db, jane)).map((x) => x.frequency)).toEqual(["daily"]);
    // The stranger's sign-up is still only pending: it confirms nothing unless its own link is used.
    expect((await rows())[1]).toMatchObject({ status: "pending", personId: null });
    // And its link, used now, is a change of the live subscription (said so), never a second one.
    expect(await subscriptionToConfirm(ctx, await confirmToken(1), later(11))).toMatchObject({ change: { from: "daily" } });
    expect(await confirmSubscription(ctx, await confirmToken(1), ownerMeta, later(12))).toMatchObject({
      status: "changed",
      frequency: "weekly",
    });
    expect((await rows()).filter((r) => r.status === "active").map((r) => r.frequency)).toEqual(["weekly"]);
  });

  it.runIf(usingPostgres)("two links of one search used at once make one subscription (PostgreSQL, two servers)", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, owner, now);
    await signUp(ctx, stranger, later(1));
    // Emptying the tables between tests dropped the signing secret this handle still caches: put it back for the second server.
    const secret = (await serverSecret(t.db, "alert-links")).toString("base64url");
    await t.db.rows(
      sql`insert into ${serverSecrets} (${name(serverSecrets.name)}, ${name(serverSecrets.value)}) values ('alert-links', ${secret}) on conflict (${name(serverSecrets.name)}) do update set ${name(serverSecrets.value)} = excluded.${name(serverSecrets.value)}`,
    );
    const other = await t.openAnother();
    try {
      const tokens = [await confirmToken(0), await confirmToken(1)];
      const results = await Promise.all([
        confirmSubscription(ctx, tokens[0]!, ownerMeta, later(2)),
        confirmSubscription(contextOf(other), tokens[1]!, ownerMeta, later(2)),
      ]);
      expect(results.map((r) => (typeof r === "string" ? r : r.status)).sort()).toEqual(["changed", "confirmed"]);
      expect((await rows()).filter((r) => r.status === "active")).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
