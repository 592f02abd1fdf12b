/**
 * The monthly home report (issue 43, decision 058): on the first weekday of each month from 7:00
 * Edmonton time (alert-schedule.ts `homeReportMonth`), one mail per person with a confirmed home
 * subscription (kind `home`), through the outbox, which checks the consent ledger again when it
 * sends. For each of the person's homes: the estimated range today and the one the last report
 * showed, and its neighbourhood's new listings, price reductions and median asking price since
 * then (the feed's active Edmonton listings matched to the roll, as the estimate uses them).
 *
 * Never twice: the mail's Message-ID names the person and the month, and the outbox's unique
 * index on it with `on conflict do nothing` lets only the first of two servers queue it. The
 * people already done this month are skipped before any work, so the job's later runs that month
 * cost one query.
 */
import { sql } from "drizzle-orm";
import { homeReportMonth } from "~/lib/alert-schedule";
import { ALERTS_SOURCE } from "~/lib/alert-values";
import { type ComparableHome, type HomeClass, estimateHome } from "~/lib/assessments/home-estimate";
import { neighbourhoodName } from "~/lib/assessments/present";
import { quantile } from "~/lib/assessments/home-estimate";
import { assessmentAccounts as a, alertSubscriptions as s, listings, notificationOutbox as o, people } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { LIVE } from "../assessments/lookup.server";
import { matchedListings } from "../assessments/home-value.server";
import type { HomeReportHome, HomeReportListing, HomeReportPayload } from "../mail/home-report-payload.server";
import { homeReportMessageId } from "../mail/message-id.server";
import { marketingAllowedMany } from "./consent.server";
import type { AlertsContext } from "./context.server";
import { alertLinksWith } from "./links.server";
import { serverSecret } from "./secrets.server";

export interface HomeReportResult {
  /** The month whose reports were due ("2026-12"), null before its first weekday's 7:00. */
  month: string | null;
  /** Mails queued by this run (another server's, or an earlier run's, are not counted). */
  mails: number;
  homes: number;
  /** People skipped: no valid consent now. */
  refused: number;
}

/** Mails per insert statement: short enough that a page waiting for PGlite waits little. */
const MAILS_PER_STATEMENT = 1000;
/** New listings and price reductions a home's section lists by name (the counts say how many in all). */
export const REPORT_LISTINGS = 3;

const param = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The active home subscriptions of people not erased and not yet sent this month's report. */
function dueSubscriptions(ctx: AlertsContext, month: string) {
  // The Message-ID as homeReportMessageId writes it, with the person's id in the middle.
  const [before, after] = homeReportMessageId(0, month).split("-0-");
  return select(
    ctx.db.rows,
    {
      personId: s.person_id,
      account: s.listing_key,
      label: s.label,
      confirmedAt: s.confirmed_at,
      email: people.email,
      name: people.name,
    },
    sql`from ${s} join ${people} on ${people.id} = ${s.person_id}
      where ${s.kind} = 'home' and ${s.status} = 'active' and ${people.erased_at} is null
        and not exists (select 1 from ${o} where ${o.message_id} = ${`${before}-`} || ${s.person_id}::text || ${`-${after}`})
      order by ${s.person_id}, ${s.id}`,
  );
}

/** Each person's latest report before this month's (the change and the "since" of this one). */
async function lastReports(ctx: AlertsContext, personIds: number[]) {
  const rows = await select(
    ctx.db.rows,
    { personId: o.person_id, createdAt: o.created_at, payload: o.payload },
    sql`from ${o} where ${o.kind} = 'home-report' and ${o.person_id} = any(${param(personIds, "integer")}) and ${o.status} <> 'withheld'
      order by ${o.person_id}, ${o.created_at} desc`,
  );
  const last = new Map<number, { at: Date; homes: Map<string, HomeReportHome> }>();
  for (const r of rows) {
    if (r.personId === null || last.has(r.personId)) continue;
    const homes = (r.payload as Partial<HomeReportPayload>)?.homes;
    last.set(r.personId, { at: new Date(r.createdAt), homes: new Map((Array.isArray(homes) ? homes : []).map((h) => [h.account, h])) });
  }
  return last;
}

/** The reported homes as the live roll has them (an account gone from the roll is left out of the mail). */
function rollHomes(ctx: AlertsContext, accounts: string[]) {
  return select(
    ctx.db.rows,
    {
      account: a.account_number,
      suite: a.suite,
      neighbourhoodId: a.neighbourhood_id,
      neighbourhood: a.neighbourhood,
      ward: a.ward,
      assessed: a.assessed_value,
      lat: a.latitude,
      lon: a.longitude,
    },
    sql`from ${a} where ${a.generation} = ${LIVE} and ${a.tax_class} = 'Residential' and ${a.account_number} = any(${param(accounts, "text")})`,
  );
}

/** When the matched listings came on the market and were last reduced (one query for all of them). */
async function listingDates(ctx: AlertsContext, homes: ComparableHome[]) {
  const rows = await select(
    ctx.db.rows,
    { key: listings.listing_key, listedAt: listings.listed_at, reducedAt: listings.price_reduced_at, previous: listings.previous_price },
    sql`from ${listings} where ${listings.listing_key} = any(${param(
      homes.map((h) => h.listingKey),
      "text",
    )})`,
  );
  return new Map(rows.map((r) => [r.key, r]));
}

type Dates = Awaited<ReturnType<typeof listingDates>>;

/** A neighbourhood's matched listings, newest first, with their dates. */
function byNeighbourhood(homes: ComparableHome[]): Map<number, ComparableHome[]> {
  const map = new Map<number, ComparableHome[]>();
  for (const h of homes) {
    if (h.neighbourhoodId === null) continue;
    const list = map.get(h.neighbourhoodId);
    if (list) list.push(h);
    else map.set(h.neighbourhoodId, [h]);
  }
  return map;
}

function medianOf(prices: number[]): number | null {
  if (prices.length === 0) return null;
  return (
    Math.round(
      quantile(
        [...prices].sort((x, y) => x - y),
        0.5,
      ) / 1000,
    ) * 1000
  );
}

/** A home's section: its estimate and the one before, its neighbourhood since `since`. */
function homeSection(
  home: Awaited<ReturnType<typeof rollHomes>>[number],
  label: string,
  pageUrl: string,
  since: Date,
  previous: HomeReportHome | undefined,
  forSale: ComparableHome[],
  hoods: Map<number, ComparableHome[]>,
  dates: Dates,
  siteUrl: string,
): HomeReportHome {
  const homeClass: HomeClass = home.suite ? "condo" : "house";
  const hoodName = home.neighbourhood ? neighbourhoodName(home.neighbourhood) : null;
  const estimate = estimateHome(
    {
      accountNumber: home.account,
      assessed: home.assessed,
      homeClass,
      neighbourhoodId: home.neighbourhoodId,
      neighbourhood: hoodName,
      ward: home.ward,
      point: home.lat !== null && home.lon !== null ? [home.lon, home.lat] : null,
    },
    forSale,
  );
  const nearby = (home.neighbourhoodId === null ? [] : (hoods.get(home.neighbourhoodId) ?? [])).filter(
    (h) => h.accountNumber !== home.account,
  );
  const after = (at: Date | null | undefined) => at != null && new Date(at).getTime() > since.getTime();
  const fresh = nearby.filter((h) => after(dates.get(h.listingKey)?.listedAt));
  const reduced = nearby.filter((h) => !after(dates.get(h.listingKey)?.listedAt) && after(dates.get(h.listingKey)?.reducedAt));
  const named: HomeReportListing[] = [
    ...fresh
      .slice(0, REPORT_LISTINGS)
      .map((h) => ({ kind: "new" as const, address: h.address, price: h.price, oldPrice: null, url: `${siteUrl}${h.path}` })),
    ...reduced.slice(0, REPORT_LISTINGS).map((h) => ({
      kind: "price" as const,
      address: h.address,
      price: h.price,
      oldPrice: dates.get(h.listingKey)?.previous ?? null,
      url: `${siteUrl}${h.path}`,
    })),
  ];
  return {
    account: home.account,
    address: label,
    pageUrl,
    estimate: estimate.kind === "range" ? { low: estimate.low, high: estimate.high } : null,
    basisCount: estimate.count,
    previousEstimate: previous?.estimate ?? null,
    neighbourhood: hoodName,
    since: since.toISOString(),
    newListings: fresh.length,
    priceChanges: reduced.length,
    medianAsking: medianOf(nearby.map((h) => h.price)),
    previousMedian: previous?.medianAsking ?? null,
    listings: named,
  };
}

interface Mail {
  person: number;
  recipient: string;
  messageId: string;
  payload: HomeReportPayload;
}

/** Queues this month's report of every person due one at `now`; returns what it did. */
export async function queueHomeReports(ctx: AlertsContext, now: Date): Promise<HomeReportResult> {
  const month = homeReportMonth(now);
  const result: HomeReportResult = { month, mails: 0, homes: 0, refused: 0 };
  if (!month) return result;
  const due = await dueSubscriptions(ctx, month);
  if (due.length === 0) return result;

  const byPerson = new Map<number, typeof due>();
  for (const row of due) {
    const list = byPerson.get(row.personId!);
    if (list) list.push(row);
    else byPerson.set(row.personId!, [row]);
  }
  const allowed = await marketingAllowedMany(ctx.db.rows, [...byPerson.keys()], now);
  result.refused = byPerson.size - allowed.size;
  const people_ = [...byPerson].filter(([person]) => allowed.has(person));
  if (people_.length === 0) return result;

  const [last, homes, forSale, secret] = await Promise.all([
    lastReports(
      ctx,
      people_.map(([person]) => person),
    ),
    rollHomes(ctx, [...new Set(people_.flatMap(([, rows]) => rows.map((r) => r.account!)))]),
    matchedListings(ctx.db),
    serverSecret(ctx.db, "alert-links"),
  ]);
  const homeOf = new Map(homes.map((h) => [h.account, h]));
  const hoods = byNeighbourhood(forSale);
  const dates = await listingDates(ctx, forSale);
  // Newest first, so a section names the latest new listings.
  for (const list of hoods.values())
    list.sort((x, y) => (dates.get(y.listingKey)?.listedAt?.valueOf() ?? 0) - (dates.get(x.listingKey)?.listedAt?.valueOf() ?? 0));

  const mails: Mail[] = [];
  for (const [person, rows] of people_) {
    const links = alertLinksWith(ctx.siteUrl, secret, person, now);
    const before = last.get(person);
    const sections = rows.flatMap((row) => {
      const home = homeOf.get(row.account!);
      if (!home) return [];
      // The first report covers the time since the subscription was confirmed.
      const since = before?.at ?? row.confirmedAt ?? now;
      return [
        homeSection(home, row.label, links.home(home.account), since, before?.homes.get(home.account), forSale, hoods, dates, ctx.siteUrl),
      ];
    });
    if (sections.length === 0) continue;
    mails.push({
      person,
      recipient: rows[0]!.email,
      messageId: homeReportMessageId(person, month),
      payload: { name: rows[0]!.name || null, month, homes: sections, manageUrl: links.manage, unsubscribeUrl: links.unsubscribe },
    });
  }
  for (let start = 0; start < mails.length; start += MAILS_PER_STATEMENT) {
    const chunk = mails.slice(start, start + MAILS_PER_STATEMENT);
    const queued = await select(ctx.db.rows, { messageId: sql<string>`queued.message_id` }, sql`from queued`, {
      with: sql`queued as (insert into ${o} (${name(o.kind)}, ${name(o.recipient)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
        select 'home-report', m.recipient, ${ALERTS_SOURCE}, p.payload, m.message_id, m.person_id
        from unnest(${param(
          chunk.map((m) => m.recipient),
          "text",
        )}, ${param(
          chunk.map((m) => m.messageId),
          "text",
        )}, ${param(
          chunk.map((m) => m.person),
          "integer",
        )}) with ordinality as m(recipient, message_id, person_id, n)
          join jsonb_array_elements(${JSON.stringify(chunk.map((m) => m.payload))}::jsonb) with ordinality as p(payload, n) on p.n = m.n
        on conflict (${name(o.message_id)}) do nothing
        returning ${name(o.message_id)})`,
    });
    const sent = new Set(queued.map((q) => q.messageId));
    for (const m of chunk) {
      if (!sent.has(m.messageId)) continue;
      result.mails += 1;
      result.homes += m.payload.homes.length;
    }
  }
  if (result.mails > 0) ctx.queued();
  return result;
}
