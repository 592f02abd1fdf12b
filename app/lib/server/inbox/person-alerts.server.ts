/**
 * A person's listing alerts as their inbox page shows them (issue 32): their saved searches and
 * watched homes, the alerts mailed to them (or withheld), the homes they opened from those mails,
 * the consent ledger, and why they are warming up.
 */
import { sql } from "drizzle-orm";
import type { AlertSent, ConsentLedgerEntry, HomeOpened, PersonAlerts, PersonSubscription } from "../../inbox";
import { listingPath } from "../../listings";
import { alertOpens, alertSubscriptions, listings, notificationOutbox, people, propertyInquiries, contacts } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { consentLedger } from "../alerts/consent.server";

/** The alert mails and monthly home reports of a person, newest first: how many homes each carried. */
export async function alertsSent(db: Database, personId: number): Promise<AlertSent[]> {
  const o = notificationOutbox;
  return select(
    db.rows,
    {
      id: o.id,
      kind: sql<AlertSent["kind"]>`${o.kind}`,
      createdAt: o.created_at,
      homes: sql<number>`case when ${o.kind} = 'home-report' then jsonb_array_length(coalesce(${o.payload}->'homes', '[]'::jsonb)) else coalesce((${o.payload}->>'total')::integer, 0) end`,
      status: o.status,
      sentAt: o.sent_at,
    },
    sql`from ${o} where ${o.person_id} = ${personId} and ${o.kind} in ('alert', 'home-report') order by ${o.created_at} desc, ${o.id} desc limit 200`,
  );
}

/**
 * The homes a person opened from alerts, most recent first, with the address while the feed still
 * has the listing; and their own homes they came back to from the monthly report (`home:<account>`
 * rows, named by the report's subscription).
 */
export async function homesOpened(db: Database, personId: number): Promise<HomeOpened[]> {
  const rows = await select(
    db.rows,
    {
      listingKey: alertOpens.listing_key,
      address: sql<string | null>`coalesce(max(${listings.address}), (select max(${alertSubscriptions.label}) from ${alertSubscriptions}
        where ${alertSubscriptions.person_id} = ${personId} and ${alertSubscriptions.kind} = 'home' and 'home:' || ${alertSubscriptions.listing_key} = ${alertOpens.listing_key}))`,
      slug: sql<string | null>`max(${listings.slug})`,
      firstAt: sql<Date>`min(${alertOpens.created_at})`,
      lastAt: sql<Date>`max(${alertOpens.created_at})`,
      times: sql<number>`count(*)::integer`,
    },
    sql`from ${alertOpens} left join ${listings} on ${listings.listing_key} = ${alertOpens.listing_key}
    where ${alertOpens.person_id} = ${personId}
    group by ${alertOpens.listing_key} order by max(${alertOpens.created_at}) desc limit 200`,
  );
  // Timestamps from an aggregate come back as the driver gives them; the page wants dates.
  return rows.map(({ slug, ...r }) => {
    const report = r.listingKey.startsWith("home:");
    return {
      ...r,
      report,
      firstAt: new Date(r.firstAt),
      lastAt: new Date(r.lastAt),
      times: Number(r.times),
      path: report ? `/home-value/${r.listingKey.slice("home:".length)}` : slug ? listingPath(r.listingKey, slug) : null,
    };
  });
}

/** The homes a person asked about through a listing page's form (by their e-mail's contact row). */
async function homesAskedAbout(db: Database, personId: number): Promise<string[]> {
  const rows = await select(
    db.rows,
    { home: sql<string>`coalesce(max(${listings.address}), ${propertyInquiries.listing_key})` },
    sql`from ${people} join ${contacts} on ${contacts.email} = ${people.email}
    join ${propertyInquiries} on ${propertyInquiries.contact_id} = ${contacts.id} and ${propertyInquiries.listing_key} is not null
    left join ${listings} on ${listings.listing_key} = ${propertyInquiries.listing_key}
    where ${people.id} = ${personId} group by ${propertyInquiries.listing_key} limit 5`,
  );
  return rows.map((r) => r.home);
}

/** The latest warming notice's reason (the agent's mail says it), if one was queued. */
async function warmingNotice(db: Database, personId: number): Promise<string | null> {
  const o = notificationOutbox;
  const rows = await select(
    db.rows,
    { reason: sql<string | null>`${o.payload}->>'reason'` },
    sql`
    from ${o} where ${o.person_id} = ${personId} and ${o.kind} = 'warming' order by ${o.created_at} desc, ${o.id} desc limit 1`,
  );
  return rows[0]?.reason ?? null;
}

/**
 * A person's saved searches and watched homes, newest first, with since when (the buyer's manage
 * page lists them with `subscriptionsOf`). A confirmed change of how often is no subscription of
 * its own: the live one shows the new frequency, and the ledger says what changed and when.
 */
async function subscriptionsFor(db: Database, personId: number): Promise<PersonSubscription[]> {
  const s = alertSubscriptions;
  return select(
    db.rows,
    {
      id: s.id,
      kind: s.kind,
      label: s.label,
      frequency: s.frequency,
      status: s.status,
      createdAt: s.created_at,
      confirmedAt: s.confirmed_at,
      endedAt: s.ended_at,
    },
    sql`from ${s} where ${s.person_id} = ${personId} and ${s.applied_to} is null order by ${s.created_at} desc, ${s.id} desc limit 200`,
  );
}

function warmingReasonsOf(subscriptions: PersonSubscription[], opened: HomeOpened[], asked: string[]): string[] {
  return [
    ...subscriptions.filter((s) => s.kind === "watch" && s.status === "active").map((s) => `Watches ${s.label}`),
    ...opened.filter((h) => h.times >= 2 && !h.report).map((h) => `Opened ${h.address ?? h.listingKey} on ${h.times} days from alerts`),
    ...opened.filter((h) => h.report).map((h) => `Came back to ${h.address ?? "their home"} from the monthly home report`),
    ...asked.map((home) => `Asked about ${home}`),
  ];
}

export async function personAlerts(db: Database, personId: number, warming: boolean): Promise<PersonAlerts> {
  const [subscriptions, sent, opened, consent] = await Promise.all([
    subscriptionsFor(db, personId),
    alertsSent(db, personId),
    homesOpened(db, personId),
    consentLedger(db, personId),
  ]);
  let warmingReasons: string[] = [];
  if (warming) {
    const [notice, asked] = await Promise.all([warmingNotice(db, personId), homesAskedAbout(db, personId)]);
    warmingReasons = [...new Set([...(notice ? [notice] : []), ...warmingReasonsOf(subscriptions, opened, asked)])];
  }
  const ledger: ConsentLedgerEntry[] = consent.map((c) => ({
    kind: c.kind,
    basis: c.basis,
    text: c.text,
    version: c.version,
    givenAt: c.givenAt,
    address: c.address,
    userAgent: c.userAgent,
    expiresAt: c.expiresAt,
    createdAt: c.createdAt,
  }));
  return { subscriptions, alertsSent: sent, homesOpened: opened, consent: ledger, warmingReasons };
}
