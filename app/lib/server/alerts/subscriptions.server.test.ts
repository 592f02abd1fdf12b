/** Sign-up, confirmation (double opt-in), the manage page's changes and unsubscribing, on the database. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";
import {
  alertItems,
  alertSubscriptions,
  consentEvents,
  emailSuppressions,
  listingChanges,
  notificationOutbox,
  people,
} from "../../../../db/schema";
import { name, returning, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { consentLedger, marketingAllowed } from "./consent.server";
import { SITE, contextOf, deviceIn, listingIn, outboxRows, pushRows } from "../../../../tests/support/alerts-core";
import { serverSecret } from "./secrets.server";
import {
  AlertSignUpError,
  type SignUpInput,
  confirmSubscription,
  endSubscription,
  setFrequency,
  signUp,
  subscriptionsOf,
  unsubscribeAll,
} from "./subscriptions.server";
import { emailHash } from "./suppression.server";
import { readToken } from "./tokens.server";

const t = testDatabaseForThisFile();
const now = new Date("2026-12-01T12:00:00Z");
const meta = { address: "198.51.100.4", userAgent: "Safari" };

const search: SignUpInput = {
  kind: "search",
  email: "  Jane@Example.com ",
  name: " Jane Doe ",
  criteria: { cities: ["Edmonton"], category: "single-family", minPrice: 300000, maxPrice: 500000, minBeds: 3 },
  listingKey: null,
  frequency: "daily",
  form: "Save this search",
  consentVersion: ALERT_CONSENT_VERSION,
  address: "203.0.113.7",
  userAgent: "Firefox",
};

const subscriptions = () =>
  select(
    t.db.rows,
    {
      id: alertSubscriptions.id,
      email: alertSubscriptions.email,
      status: alertSubscriptions.status,
      frequency: alertSubscriptions.frequency,
      personId: alertSubscriptions.person_id,
      label: alertSubscriptions.label,
      name: alertSubscriptions.name,
    },
    sql`from ${alertSubscriptions} order by ${alertSubscriptions.id}`,
  );

/** The token of the latest confirmation mail. */
async function lastConfirmToken(): Promise<string> {
  const confirmations = (await outboxRows(t.db)).filter((r) => r.kind === "confirmation");
  const url = (confirmations.at(-1)!.payload as { confirmUrl: string }).confirmUrl;
  expect(url.startsWith(`${SITE}/alerts/confirm/`)).toBe(true);
  return url.slice(`${SITE}/alerts/confirm/`.length);
}

describe("signUp", () => {
  it("stores a pending search with the server's own consent text and queues only its confirmation, to the address", async () => {
    const ctx = contextOf(t.db);
    expect(await signUp(ctx, search, now)).toEqual({ result: "confirm-sent" });
    const [row] = await select(
      t.db.rows,
      {
        email: alertSubscriptions.email,
        name: alertSubscriptions.name,
        status: alertSubscriptions.status,
        text: alertSubscriptions.consent_text,
        criteria: alertSubscriptions.criteria,
        label: alertSubscriptions.label,
        personId: alertSubscriptions.person_id,
      },
      sql`from ${alertSubscriptions}`,
    );
    expect(row).toEqual({
      email: "jane@example.com",
      name: "Jane Doe",
      status: "pending",
      text: alertConsentText("search"),
      criteria: search.criteria,
      label: "Houses in Edmonton, $300,000–$500,000, 3+ bedrooms",
      personId: null,
    });
    const mails = await outboxRows(t.db);
    expect(mails).toEqual([
      expect.objectContaining({
        kind: "confirmation",
        recipient: "jane@example.com",
        personId: null,
        status: "pending",
        source: "listing_alerts",
        payload: expect.objectContaining({ label: row!.label, kind: "search", frequency: "daily", name: "Jane Doe" }),
      }),
    ]);
    expect(readToken(await serverSecret(t.db, "alert-links"), "confirm", await lastConfirmToken(), now)).toEqual({ id: 1 });
    // No person until the link is used.
    expect(await select(t.db.rows, { id: people.id }, sql`from ${people}`)).toEqual([]);
    expect(ctx.wakes).toBe(1);
  });

  it("refuses a consent version the site never showed, and stores nothing", async () => {
    expect(await signUp(contextOf(t.db), { ...search, consentVersion: "1999-01-01" }, now)).toEqual({ result: "bad-version" });
    expect(await subscriptions()).toEqual([]);
  });

  it("watches a home by its address and city; an unknown home is refused", async () => {
    await listingIn(t.db, "28123456", "10123 Jasper Avenue NW", "Edmonton");
    const watch: SignUpInput = { ...search, kind: "watch", criteria: {}, listingKey: "28123456", form: "Watch this home" };
    expect(await signUp(contextOf(t.db), { ...watch, listingKey: "99999999" }, now)).toEqual({ result: "unknown-home" });
    expect(await signUp(contextOf(t.db), { ...watch, listingKey: null }, now)).toEqual({ result: "unknown-home" });
    expect(await signUp(contextOf(t.db), watch, now)).toEqual({ result: "confirm-sent" });
    expect((await subscriptions()).map((s) => s.label)).toEqual(["10123 Jasper Avenue NW, Edmonton"]);
  });

  it("stores and sends nothing for a suppressed address", async () => {
    await t.db.rows(
      sql`insert into ${emailSuppressions} (${name(emailSuppressions.email_hash)}, ${name(emailSuppressions.reason)}) values (${await emailHash(t.db, "jane@example.com")}, 'erased')`,
    );
    const ctx = contextOf(t.db);
    expect(await signUp(ctx, search, now)).toEqual({ result: "suppressed" });
    expect(await subscriptions()).toEqual([]);
    expect(await outboxRows(t.db)).toEqual([]);
    expect(ctx.wakes).toBe(0);
  });

  it("stores each sign-up as its own pending one with its own mail; for an active one, a change to confirm (issue 38: sign-up-owner.server.test.ts)", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, search, now);
    await signUp(ctx, { ...search, email: "JANE@example.com", frequency: "weekly", criteria: { ...search.criteria } }, now);
    expect((await subscriptions()).map((s) => [s.status, s.frequency])).toEqual([
      ["pending", "daily"],
      ["pending", "weekly"],
    ]);
    expect((await outboxRows(t.db)).map((r) => r.kind)).toEqual(["confirmation", "confirmation"]);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    await signUp(ctx, { ...search, frequency: "instant" }, now);
    expect((await subscriptions()).map((s) => [s.status, s.frequency])).toEqual([
      ["pending", "daily"],
      ["active", "weekly"],
      ["pending", "instant"],
    ]);
    expect((await outboxRows(t.db)).map((r) => r.kind)).toEqual(["confirmation", "confirmation", "confirmation"]);
    // Another search of the same address is a new one.
    await signUp(ctx, { ...search, criteria: { cities: ["Edmonton"] } }, now);
    expect((await subscriptions()).map((s) => s.status)).toEqual(["pending", "active", "pending", "pending"]);
  });

  it("cuts what a visitor typed to its bounds, and refuses an address it would have to cut", async () => {
    await expect(signUp(contextOf(t.db), { ...search, email: `${"a".repeat(300)}@example.com` }, now)).rejects.toThrow(AlertSignUpError);
    await expect(signUp(contextOf(t.db), { ...search, email: "   " }, now)).rejects.toThrow(AlertSignUpError);
    await expect(signUp(contextOf(t.db), { ...search, kind: "spy" as never }, now)).rejects.toThrow(AlertSignUpError);
    // The form's own limit for a name (LIMITS.name): 118 letters, a NUL, then an emoji whose second half falls past it.
    await signUp(
      contextOf(t.db),
      { ...search, name: `${"N".repeat(118)}\u0000😀`, form: "F".repeat(1000), userAgent: "U".repeat(5000) },
      now,
    );
    const [row] = await select(
      t.db.rows,
      { name: alertSubscriptions.name, form: alertSubscriptions.form, userAgent: alertSubscriptions.user_agent },
      sql`from ${alertSubscriptions}`,
    );
    // The NUL is dropped, and so is the emoji's lone half the cut at 120 left.
    expect(row!.name).toBe("N".repeat(118));
    expect(row!.form.length).toBe(100);
    expect(row!.userAgent!.length).toBe(500);
  });
});

describe("confirmSubscription", () => {
  it("makes the person (no submission counted, no reply clock), activates the subscription and records the sign-up's express consent", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, search, new Date(now.getTime() - 60_000));
    const confirmed = await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    const [person] = await select(
      t.db.rows,
      {
        id: people.id,
        email: people.email,
        name: people.name,
        sources: people.sources,
        submissions: people.submissions,
        awaiting: people.awaiting_reply_since,
        warmingAt: people.warming_at,
      },
      sql`from ${people}`,
    );
    expect(person).toEqual({
      id: person!.id,
      email: "jane@example.com",
      name: "Jane Doe",
      sources: ["listing_alerts"],
      submissions: 0,
      awaiting: null,
      warmingAt: null,
    });
    expect(confirmed).toEqual({
      status: "confirmed",
      label: "Houses in Edmonton, $300,000–$500,000, 3+ bedrooms",
      frequency: "daily",
      manageUrl: expect.stringMatching(new RegExp(`^${SITE}/alerts/manage/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`)),
    });
    const manageToken = (confirmed as { manageUrl: string }).manageUrl.split("/").at(-1)!;
    expect(readToken(await serverSecret(t.db, "alert-links"), "manage", manageToken, now)).toEqual({ id: person!.id });
    expect((await subscriptions())[0]).toMatchObject({ status: "active", personId: person!.id });
    expect(await consentLedger(t.db, person!.id)).toEqual([
      {
        kind: "express",
        basis: "Save this search",
        text: alertConsentText("search"),
        version: ALERT_CONSENT_VERSION,
        givenAt: new Date(now.getTime() - 60_000),
        address: "203.0.113.7",
        userAgent: "Firefox",
        expiresAt: null,
        createdAt: now,
      },
    ]);
    expect(await marketingAllowed(t.db.rows, person!.id, now)).toBe(true);
    // Confirming sends nothing more (the confirmation was the only mail), and tells no one.
    expect((await outboxRows(t.db)).map((r) => r.kind)).toEqual(["confirmation"]);
  });

  it("keeps a known person's name, counts and reply clock, and adds the alerts to their sources", async () => {
    const [known] = await returning(
      t.db.rows,
      { id: people.id },
      sql`
      insert into ${people} (${name(people.email)}, ${name(people.name)}, ${name(people.sources)}, ${name(people.submissions)}, ${name(people.awaiting_reply_since)})
      values ('jane@example.com', 'Jane', array['contact_form'], 2, ${now.toISOString()}::timestamptz)`,
    );
    const ctx = contextOf(t.db);
    await signUp(ctx, { ...search, name: null }, now);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    const [person] = await select(
      t.db.rows,
      { id: people.id, name: people.name, sources: people.sources, submissions: people.submissions, awaiting: people.awaiting_reply_since },
      sql`from ${people}`,
    );
    expect(person).toEqual({ id: known!.id, name: "Jane", sources: ["contact_form", "listing_alerts"], submissions: 2, awaiting: now });
  });

  it("answers a used link with 'already', an expired one with 'expired', a wrong or ended one with 'invalid'", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, search, now);
    const token = await lastConfirmToken();
    expect(await confirmSubscription(ctx, token, meta, new Date(now.getTime() + 8 * 86_400_000))).toBe("expired");
    await confirmSubscription(ctx, token, meta, now);
    expect(await confirmSubscription(ctx, token, meta, now)).toMatchObject({
      status: "already",
      label: expect.any(String),
      manageUrl: expect.any(String),
    });
    expect(await consentLedger(t.db, (await subscriptions())[0]!.personId!)).toHaveLength(1);
    for (const wrong of ["", "abc", token.slice(0, -2), "x".repeat(2000)])
      expect(await confirmSubscription(ctx, wrong, meta, now)).toBe("invalid");
    await t.db.rows(sql`update ${alertSubscriptions} set ${name(alertSubscriptions.status)} = 'ended'`);
    expect(await confirmSubscription(ctx, token, meta, now)).toBe("invalid");
  });

  it("a confirmed watch marks the person warming up and tells the agent once, by mail and push", async () => {
    await listingIn(t.db, "28123456");
    await deviceIn(t.db);
    const ctx = contextOf(t.db);
    const watch: SignUpInput = { ...search, kind: "watch", criteria: {}, listingKey: "28123456", form: "Watch this home" };
    await signUp(ctx, watch, now);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    const [person] = await select(t.db.rows, { id: people.id, warmingAt: people.warming_at }, sql`from ${people}`);
    expect(person!.warmingAt).toEqual(now);
    const warming = (await outboxRows(t.db)).filter((r) => r.kind === "warming");
    expect(warming).toEqual([
      expect.objectContaining({
        recipient: null,
        personId: person!.id,
        payload: { name: "Jane Doe", email: "jane@example.com", reason: "Watches 10123 Jasper Avenue NW, Edmonton" },
      }),
    ]);
    expect(await pushRows(t.db)).toEqual([
      {
        kind: "warming",
        personId: person!.id,
        payload: { kind: "warming", name: "Jane Doe", reason: "Watches 10123 Jasper Avenue NW, Edmonton" },
      },
    ]);
    expect(ctx.wakes).toBe(2);
    // A second watch: already warming, nobody told again.
    await listingIn(t.db, "28999999", "1 Main Street", "St. Albert");
    await signUp(ctx, { ...watch, listingKey: "28999999" }, now);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    expect((await outboxRows(t.db)).filter((r) => r.kind === "warming")).toHaveLength(1);
    expect(await pushRows(t.db)).toHaveLength(1);
  });
});

describe("the manage page's changes", () => {
  async function twoPeople() {
    const ctx = contextOf(t.db);
    await signUp(ctx, search, now);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    await signUp(ctx, { ...search, email: "john@example.com" }, now);
    await confirmSubscription(ctx, await lastConfirmToken(), meta, now);
    const [jane, john] = await subscriptions();
    return { jane: jane!, john: john! };
  }

  it("lists a person's active subscriptions and changes only their own", async () => {
    const { jane, john } = await twoPeople();
    expect((await subscriptionsOf(t.db, jane.personId!)).map((s) => [s.id, s.kind, s.label, s.frequency, s.status])).toEqual([
      [jane.id, "search", jane.label, "daily", "active"],
    ]);
    expect(await setFrequency(t.db, jane.personId!, john.id, "instant")).toBe(false);
    expect(await endSubscription(t.db, jane.personId!, john.id, now)).toBe(false);
    expect(await setFrequency(t.db, jane.personId!, jane.id, "weekly")).toBe(true);
    expect(await setFrequency(t.db, jane.personId!, jane.id, "hourly" as never)).toBe(false);
    expect(await endSubscription(t.db, jane.personId!, jane.id, now)).toBe(true);
    expect(await endSubscription(t.db, jane.personId!, jane.id, now)).toBe(false);
    expect(await setFrequency(t.db, jane.personId!, jane.id, "daily")).toBe(false);
    expect((await subscriptions()).map((s) => [s.status, s.frequency])).toEqual([
      ["ended", "weekly"],
      ["active", "daily"],
    ]);
    expect(await subscriptionsOf(t.db, jane.personId!)).toEqual([]);
  });

  it("unsubscribing ends everything at once: a withdrawal recorded, waiting changes dropped, unsent alerts withheld, nothing of others touched", async () => {
    const { jane, john } = await twoPeople();
    const [change] = await returning(
      t.db.rows,
      { id: listingChanges.id },
      sql`insert into ${listingChanges} (${name(listingChanges.listing_key)}, ${name(listingChanges.kind)}) values ('28123456', 'new')`,
    );
    const o = notificationOutbox;
    for (const who of [jane, john]) {
      await t.db.rows(sql`
        insert into ${alertItems} (${name(alertItems.person_id)}, ${name(alertItems.subscription_id)}, ${name(alertItems.change_ids)}, ${name(alertItems.frequency)})
        values (${who.personId}, ${who.id}, array[${change!.id}]::bigint[], 'daily')`);
      await t.db.rows(sql`
        insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.recipient)})
        values ('alert', 'listing_alerts', '{}'::jsonb, ${`<alert-${who.id}@test>`}, ${who.personId}, ${who.email})`);
    }
    expect(await unsubscribeAll(t.db, jane.personId!, "One-click unsubscribe", meta, now)).toEqual({ ended: 1 });
    expect((await subscriptions()).map((s) => s.status)).toEqual(["ended", "active"]);
    expect((await consentLedger(t.db, jane.personId!))[0]).toMatchObject({
      kind: "withdrawal",
      basis: "One-click unsubscribe",
      address: meta.address,
      userAgent: meta.userAgent,
      createdAt: now,
    });
    expect(await marketingAllowed(t.db.rows, jane.personId!, now)).toBe(false);
    expect(await marketingAllowed(t.db.rows, john.personId!, now)).toBe(true);
    expect(await select(t.db.rows, { personId: alertItems.person_id }, sql`from ${alertItems}`)).toEqual([{ personId: john.personId }]);
    expect((await outboxRows(t.db)).filter((r) => r.kind === "alert").map((r) => [r.personId, r.status])).toEqual([
      [jane.personId, "withheld"],
      [john.personId, "pending"],
    ]);
    // A second click (or a mail program retrying) ends nothing more and records nothing more: the ledger cannot be grown by replaying a link.
    expect(await unsubscribeAll(t.db, jane.personId!, "Unsubscribe page", meta, now)).toEqual({ ended: 0 });
    expect(
      await select(t.db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${consentEvents} where ${consentEvents.kind} = 'withdrawal'`),
    ).toEqual([{ n: 1 }]);
  });
});
