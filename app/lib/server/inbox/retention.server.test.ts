/**
 * The retention job's rule for listing-alert sign-ups (issue 38): a sign-up nobody confirmed is
 * deleted once its confirmation link has expired, with its confirmation mail; what a stranger typed
 * (an address, a name, a browser) is not kept for ever. Confirmed subscriptions stay.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "~/lib/alert-consent";
import { alertSubscriptions as s, notificationOutbox as o } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { contextOf } from "../../../../tests/support/alerts-core";
import { type SignUpInput, confirmSubscription, signUp } from "../alerts/subscriptions.server";
import { TOKEN_LIFETIME_MS } from "../alerts/tokens.server";
import { RetentionJob } from "./retention.server";

const t = testDatabaseForThisFile();
const signedUp = new Date("2026-12-01T12:00:00Z");
const expired = new Date(signedUp.getTime() + TOKEN_LIFETIME_MS.confirm);
const job = (at: Date) => new RetentionJob(t.db, { spamRetentionDays: 0, now: () => at });

const input = (email: string): SignUpInput => ({
  kind: "search",
  email,
  name: "Typed by anyone",
  criteria: { cities: ["Edmonton"] },
  listingKey: null,
  frequency: "daily",
  form: "Save this search",
  consentVersion: ALERT_CONSENT_VERSION,
  address: "192.0.2.66",
  userAgent: "EvilBot/1.0",
});

const subscriptions = () => select(t.db.rows, { email: s.email, status: s.status }, sql`from ${s} order by ${s.id}`);
const confirmationMails = () =>
  select(t.db.rows, { recipient: o.recipient }, sql`from ${o} where ${o.kind} = 'confirmation' order by ${o.id}`);

async function tokenOf(email: string): Promise<string> {
  const [mail] = await select(
    t.db.rows,
    { payload: o.payload },
    sql`from ${o} where ${o.recipient} = ${email} and ${o.kind} = 'confirmation'`,
  );
  return (mail!.payload as { confirmUrl: string }).confirmUrl.split("/").at(-1)!;
}

describe("unconfirmed sign-ups", () => {
  it("are deleted once their confirmation link has expired, with their sent confirmation mails; confirmed ones and younger ones stay", async () => {
    const ctx = contextOf(t.db);
    await signUp(ctx, input("stranger@example.com"), signedUp);
    await signUp(ctx, input("owner@example.com"), signedUp);
    await confirmSubscription(ctx, await tokenOf("owner@example.com"), { address: null, userAgent: null }, signedUp);
    await signUp(ctx, input("young@example.com"), new Date(expired.getTime() - 60_000));
    await t.db.rows(
      sql`update ${o} set ${name(o.status)} = 'sent', ${name(o.created_at)} = ${signedUp.toISOString()}::timestamptz where ${o.recipient} <> 'young@example.com'`,
    );
    await t.db.rows(
      sql`update ${o} set ${name(o.status)} = 'sent', ${name(o.created_at)} = ${new Date(expired.getTime() - 60_000).toISOString()}::timestamptz where ${o.recipient} = 'young@example.com'`,
    );

    // One millisecond before the link expires: kept (the link still works).
    await job(new Date(expired.getTime() - 1)).run();
    expect((await subscriptions()).map((r) => r.email)).toEqual(["stranger@example.com", "owner@example.com", "young@example.com"]);

    await job(expired).run();
    expect(await subscriptions()).toEqual([
      { email: "owner@example.com", status: "active" },
      { email: "young@example.com", status: "pending" },
    ]);
    expect((await confirmationMails()).map((m) => m.recipient)).toEqual(["young@example.com"]);
  });

  it("keeps a confirmation mail the outbox has not finished with", async () => {
    await signUp(contextOf(t.db), input("stranger@example.com"), signedUp);
    await t.db.rows(sql`update ${o} set ${name(o.created_at)} = ${signedUp.toISOString()}::timestamptz`);
    await job(new Date(expired.getTime() + 1)).run();
    expect(await subscriptions()).toEqual([]);
    expect((await confirmationMails()).map((m) => m.recipient)).toEqual(["stranger@example.com"]);
  });
});
