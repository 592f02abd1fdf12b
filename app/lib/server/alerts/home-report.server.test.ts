/**
 * The monthly home report (issue 43) against an imported roll and the feed's listings, on PGlite
 * and PostgreSQL: the sign-up on a home's account through the alerts' double opt-in (express
 * consent in the ledger); nothing before the month's first weekday at 7:00 Edmonton; then one mail
 * per person and month, however many servers run the job at once (two database clients on
 * PostgreSQL, two contexts at once on PGlite's one connection); the next month's report says the
 * change; the report's button records the return and marks the seller warming up; a withdrawal
 * stops the report, queued or to come.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import { alertOpens, consentEvents, listingSync, notificationOutbox as o, people, serverSecrets } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { type ApiRow, generateRoll } from "../../../../tests/fixtures/city/roll";
import { startSodaStandIn } from "../../../../tests/fixtures/city/soda-standin";
import { SITE, alertsContext } from "../../../../tests/support/alerts";
import { HOME } from "../../../../tests/support/listing-routes";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { importRoll } from "../assessments/import.server";
import { createSodaClient } from "../assessments/soda-client.server";
import { personAlerts } from "../inbox/person-alerts.server";
import { buildHomeReportEmail } from "../mail/home-report-email.server";
import { homeReportPayloadOf } from "../mail/home-report-payload.server";
import { queueHomeReports } from "./home-report.server";
import { recordHomeReturn } from "./opens.server";
import { serverSecret } from "./secrets.server";
import { confirmSubscription, signUp, unsubscribeAll } from "./subscriptions.server";

const t = testDatabaseForThisFile();
const data = generateRoll({ accounts: 500, seed: 11 });
let city: Awaited<ReturnType<typeof startSodaStandIn>>;
beforeAll(async () => {
  city = await startSodaStandIn({ data });
});
afterAll(async () => {
  await city.close();
});
const loadRoll = () =>
  importRoll(t.db, createSodaClient({ baseUrl: city.baseUrl, maxAttempts: 1 }), { refreshMs: 1, force: true, pageSize: 1000 });

const garneau = data.roll.filter((r) => r.neighbourhood === "GARNEAU" && !r.suite && r.tax_class === "Residential");
const home = garneau[0]!;
const typed = (r: ApiRow) => `${r.house_number} ${(r.street_name as string).replace(/ STREET /, " St ")}`;

/** Six other Garneau houses for sale at 100 % … 125 % of their assessments, the last two listed on `listedAt`. */
async function forSale(listedAt: string, ratioOf = (i: number) => 1 + i * 0.05) {
  await upsertListings(
    t.db,
    [0, 1, 2, 3, 4, 5].map((i) => {
      const r = garneau[i + 1]!;
      return toListingRow({
        ...HOME,
        ListingKey: `4400000${i}`,
        ListingId: `E440000${i}`,
        ListPrice: Math.round(Number(r.assessed_value) * ratioOf(i)),
        UnparsedAddress: `${typed(r)}, Edmonton, Alberta`,
        Latitude: Number(r.latitude),
        Longitude: Number(r.longitude),
        OriginalEntryTimestamp: i >= 4 ? listedAt : "2026-10-01T00:00:00Z",
      });
    }),
  );
}

/** Signs `email` up for the report on `home` and uses the confirmation link: the double opt-in. */
async function subscribe(email: string, at: Date): Promise<number> {
  const ctx = alertsContext(t.db);
  const input = {
    kind: "home" as const,
    email,
    name: null,
    criteria: {},
    listingKey: home.account_number as string,
    frequency: "monthly" as const,
    form: "Get my monthly home report",
    consentVersion: ALERT_CONSENT_VERSION,
    address: "203.0.113.4",
    userAgent: "Test",
  };
  expect((await signUp(ctx, input, at)).result).toBe("confirm-sent");
  const [mail] = await select(
    t.db.rows,
    { url: sql<string>`${o.payload}->>'confirmUrl'` },
    sql`from ${o} where ${o.kind} = 'confirmation' and ${o.recipient} = ${email} order by ${o.id} desc limit 1`,
  );
  const done = await confirmSubscription(ctx, mail!.url.split("/").pop()!, { address: null, userAgent: null }, at);
  expect(done).toMatchObject({ status: "confirmed", frequency: "monthly" });
  const [person] = await select(t.db.rows, { id: people.id }, sql`from ${people} where ${people.email} = ${email}`);
  return person!.id;
}

const reports = (db: Database = t.db) =>
  select(
    db.rows,
    {
      id: o.id,
      person: o.person_id,
      status: o.status,
      payload: o.payload,
      recipient: o.recipient,
      messageId: o.message_id,
      createdAt: o.created_at,
    },
    sql`from ${o} where ${o.kind} = 'home-report' order by ${o.id}`,
  );

/** Another server: a second database client on PostgreSQL (with this file's signing secret), the same one on PGlite. */
async function secondServer(): Promise<{ db: Database; close: () => Promise<void> }> {
  if (!usingPostgres) return { db: t.db, close: async () => {} };
  // Emptying the tables between tests dropped the signing secret this handle still caches: put it back for the second server.
  const secret = (await serverSecret(t.db, "alert-links")).toString("base64url");
  await t.db.rows(
    sql`insert into ${serverSecrets} (${name(serverSecrets.name)}, ${name(serverSecrets.value)}) values ('alert-links', ${secret}) on conflict (${name(serverSecrets.name)}) do update set ${name(serverSecrets.value)} = excluded.${name(serverSecrets.value)}`,
  );
  const other = await t.openAnother();
  return { db: other, close: () => other.close() };
}

describe(`the monthly home report (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("is confirmed by double opt-in, queued once per person and month across two servers, says the change, and marks a returning seller warming up", async () => {
    await loadRoll();
    await forSale("2026-11-20T00:00:00Z");
    const jane = await subscribe("jane@example.com", new Date("2026-11-10T18:00:00Z"));
    // The ledger holds the express consent of the home report's own wording.
    const [consent] = await select(
      t.db.rows,
      { kind: consentEvents.kind, text: consentEvents.consent_text, basis: consentEvents.basis },
      sql`from ${consentEvents} where ${consentEvents.person_id} = ${jane}`,
    );
    expect(consent).toEqual({ kind: "express", text: alertConsentText("home"), basis: "Get my monthly home report" });

    // Tuesday 1 December 2026: 6:59 Edmonton is too early; 7:00 is the moment.
    const ctx = alertsContext(t.db);
    expect(await queueHomeReports(ctx, new Date("2026-12-01T13:59:00Z"))).toMatchObject({ month: null, mails: 0 });
    expect(await reports()).toEqual([]);

    const other = await secondServer();
    try {
      const at = new Date("2026-12-01T14:00:30Z");
      const both = await Promise.all([queueHomeReports(ctx, at), queueHomeReports(alertsContext(other.db), at)]);
      expect(both.map((r) => r.mails).sort()).toEqual([0, 1]);
      // Later runs that month (either server) queue nothing more.
      expect((await queueHomeReports(alertsContext(other.db), new Date("2026-12-15T20:00:00Z"))).mails).toBe(0);
      expect((await queueHomeReports(ctx, new Date("2026-12-31T23:00:00Z"))).mails).toBe(0);
    } finally {
      await other.close();
    }
    const [december, ...none] = await reports();
    expect(none).toEqual([]);
    expect(december).toMatchObject({ person: jane, recipient: "jane@example.com", status: "pending" });
    const first = homeReportPayloadOf({
      id: december!.id,
      kind: "home-report",
      payload: december!.payload,
      recipient: december!.recipient,
    });
    const assessed = Number(home.assessed_value);
    expect(first.month).toBe("2026-12");
    expect(first.homes).toHaveLength(1);
    const section = first.homes[0]!;
    expect(section.account).toBe(home.account_number);
    expect(section.estimate!.low).toBeCloseTo(Math.round((assessed * 1.0625) / 1000) * 1000, -3);
    expect(section.previousEstimate).toBeNull();
    // Since the confirmation on 10 November: the two listed on the 20th are new; the median of all six.
    expect(section).toMatchObject({ neighbourhood: "Garneau", newListings: 2, priceChanges: 0, since: "2026-11-10T18:00:00.000Z" });
    expect(section.listings.map((l) => l.kind)).toEqual(["new", "new"]);
    expect(section.medianAsking).toBeGreaterThan(0);
    expect(section.pageUrl).toMatch(new RegExp(`^${SITE}/alerts/home/[^/]+/${home.account_number}$`));
    const mail = buildHomeReportEmail({
      ...december!,
      kind: "home-report",
      message_id: december!.messageId,
      created_at: december!.createdAt,
    });
    expect(mail.subject).toContain("Your home report for December 2026");
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`See your home's page: ${section.pageUrl}`);

    // Sent, then its button used: the return is recorded and the seller is warming up (the agent told once).
    await t.db.rows(sql`update ${o} set ${name(o.status)} = 'sent' where ${o.id} = ${december!.id}`);
    const token = section.pageUrl.split("/").at(-2)!;
    expect(await recordHomeReturn(ctx, token, home.account_number as string, new Date("2026-12-02T15:00:00Z"))).toBe(
      `/home-value/${home.account_number}`,
    );
    expect(await recordHomeReturn(ctx, token, home.account_number as string, new Date("2026-12-03T15:00:00Z"))).toBe(
      `/home-value/${home.account_number}`,
    );
    const opens = await select(t.db.rows, { key: alertOpens.listing_key }, sql`from ${alertOpens} where ${alertOpens.person_id} = ${jane}`);
    expect(opens.map((r) => r.key)).toEqual([`home:${home.account_number}`, `home:${home.account_number}`]);
    const [marked] = await select(t.db.rows, { warming: people.warming_at }, sql`from ${people} where ${people.id} = ${jane}`);
    expect(marked!.warming).not.toBeNull();
    const notices = await select(t.db.rows, { reason: sql<string>`${o.payload}->>'reason'` }, sql`from ${o} where ${o.kind} = 'warming'`);
    expect(notices).toEqual([{ reason: "Came back to their home's value from the monthly home report" }]);
    // The agent's view of the person: the report among the subscriptions, the report sent, the return, why warming.
    const seen = await personAlerts(t.db, jane, true);
    expect(seen.subscriptions).toMatchObject([{ kind: "home", frequency: "monthly", status: "active" }]);
    expect(seen.alertsSent).toMatchObject([{ kind: "home-report", homes: 1, status: "sent" }]);
    expect(seen.homesOpened).toMatchObject([
      { report: true, times: 2, path: `/home-value/${home.account_number}`, address: section.address },
    ]);
    expect(seen.warmingReasons).toContain("Came back to their home's value from the monthly home report");
    // A made-up account, or a home no report carried, records nothing.
    expect(await recordHomeReturn(ctx, token, "999999999", new Date("2026-12-03T16:00:00Z"))).toBe("/home-value/999999999");
    expect(await select(t.db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${alertOpens}`)).toEqual([{ n: 2 }]);

    // January (Friday the 1st): the asking prices rose 10 % in a finished sync; the report says the change since December's.
    await forSale("2026-11-20T00:00:00Z", (i) => (1 + i * 0.05) * 1.1);
    await t.db.rows(
      sql`insert into ${listingSync} (${name(listingSync.id)}, ${name(listingSync.last_finished_at)}) values (1, '2026-12-31T12:00:00Z'::timestamptz)
        on conflict (${name(listingSync.id)}) do update set ${name(listingSync.last_finished_at)} = excluded.${name(listingSync.last_finished_at)}`,
    );
    expect((await queueHomeReports(ctx, new Date("2027-01-01T14:00:00Z"))).mails).toBe(1);
    const january = (await reports()).at(-1)!;
    const next = homeReportPayloadOf({ id: january.id, kind: "home-report", payload: january.payload, recipient: january.recipient });
    expect(next.month).toBe("2027-01");
    expect(next.homes[0]!.previousEstimate).toEqual(section.estimate);
    expect(next.homes[0]!.estimate!.low).toBeGreaterThan(section.estimate!.low);
    expect(next.homes[0]!.newListings).toBe(0);
    expect(
      buildHomeReportEmail({ ...january, kind: "home-report", message_id: january.messageId, created_at: january.createdAt }).text,
    ).toMatch(/Up \$[\d,]+ since the last report/);
  });

  it("stops at a withdrawal: the queued report is withheld and no later one is queued", async () => {
    await loadRoll();
    await forSale("2026-11-20T00:00:00Z");
    const sam = await subscribe("sam@example.com", new Date("2026-11-10T18:00:00Z"));
    const kim = await subscribe("kim@example.com", new Date("2026-11-11T18:00:00Z"));
    const ctx = alertsContext(t.db);
    expect((await queueHomeReports(ctx, new Date("2026-12-01T14:00:00Z"))).mails).toBe(2);
    // Sam's one-click unsubscribe before the mail went: it is withheld, never sent.
    await unsubscribeAll(t.db, sam, "One-click unsubscribe", { address: null, userAgent: null }, new Date("2026-12-01T14:01:00Z"));
    const december = await reports();
    expect(december.map((r) => [r.person, r.status])).toEqual([
      [sam, "withheld"],
      [kim, "pending"],
    ]);
    // Kim's consent withdrawn another way (the ledger's last word): January skips her too, and Sam.
    await t.db.rows(
      sql`insert into ${consentEvents} (${name(consentEvents.person_id)}, ${name(consentEvents.kind)}, ${name(consentEvents.basis)}, ${name(consentEvents.created_at)})
        values (${kim}, 'withdrawal', 'Asked by phone', '2026-12-20T00:00:00Z'::timestamptz)`,
    );
    expect(await queueHomeReports(ctx, new Date("2027-01-01T14:00:00Z"))).toMatchObject({ month: "2027-01", mails: 0, refused: 1 });
    expect(await reports()).toHaveLength(2);
  });
});
