/**
 * A home's link in an alert (/alerts/open/<token>/<key>): it leads to the home's page on the site,
 * and, when the link is one an alert mailed to the token's person, records the open; the second
 * open of the same home marks the person warming up and tells the agent.
 */
import { sql } from "drizzle-orm";
import { edmontonDate } from "~/lib/dates";
import { listingPath } from "~/lib/listings";
import { alertOpens, listings, notificationOutbox, people } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import type { AlertsContext } from "./context.server";
import { readLink } from "./links.server";
import { warmingSql } from "./warming.server";

/** ListingKeys are digits and letters (listingKeyOf); anything else names no home. */
const LISTING_KEY = /^[A-Za-z0-9_]{1,64}$/;

/**
 * The on-site path to send the visitor to: the home's page while the feed has it, else /listings.
 * The open is recorded only when the link is one an alert mail sent to the token's person carried
 * (the mail's own link: this token and this home), at most once per person, home and Edmonton day
 * (issue 38): replaying a link, or making up keys, writes nothing more. A wrong or expired token,
 * an erased person, or a home no mail carried records nothing: the home still opens.
 */
export async function recordOpen(ctx: AlertsContext, token: string, listingKey: string, now: Date): Promise<string> {
  if (!LISTING_KEY.test(listingKey)) return "/listings";
  const [home] = await select(
    ctx.db.rows,
    { slug: listings.slug, address: listings.address },
    sql`from ${listings} where ${listings.listing_key} = ${listingKey}`,
  );
  const path = home ? listingPath(listingKey, home.slug) : "/listings";
  const read = await readLink(ctx, "open", token, now);
  if (typeof read === "string") return path;
  const o = alertOpens;
  const m = notificationOutbox;
  const at = sql`${now.toISOString()}::timestamptz`;
  // The link as the mail wrote it, whatever the site's address was then (links.server.ts `open`).
  const link = `/alerts/open/${token}/${encodeURIComponent(listingKey)}`;
  // `twice` reads alert_opens as it was before this statement: a row there is an earlier open (today's included).
  const [row] = await select(ctx.db.rows, { warmed: sql<number>`(select count(*)::integer from warming)` }, sql``, {
    with: sql`person as (
      select ${people.id} as id from ${people} where ${people.id} = ${read.id} and ${people.erased_at} is null
        and exists (
          select 1 from ${m}, jsonb_array_elements(case when jsonb_typeof(${m.payload}->'items') = 'array' then ${m.payload}->'items' else '[]'::jsonb end) as item
          where ${m.person_id} = ${read.id} and ${m.kind} = 'alert' and ${m.status} in ('sent', 'sending')
            and right(item->>'pageUrl', ${link.length}::integer) = ${link}
        )
    ),
    opened as (
      insert into ${o} (${name(o.person_id)}, ${name(o.listing_key)}, ${name(o.day)}, ${name(o.created_at)})
      select id, ${listingKey}, ${edmontonDate(now)}::date, ${at} from person
      on conflict (${name(o.person_id)}, ${name(o.listing_key)}, ${name(o.day)}) do nothing
    ),
    twice as (select id from person where exists (select 1 from ${o} where ${o.person_id} = person.id and ${o.listing_key} = ${listingKey})),
    ${warmingSql(`Opened ${home?.address ?? listingKey} twice from alerts`, true, { from: "twice", at: now })}`,
  });
  if (Number(row?.warmed ?? 0) > 0) ctx.queued();
  return path;
}

/** The roll's account numbers (digits); anything else names no home. */
const ACCOUNT_NUMBER = /^\d{1,12}$/;

/** What alert_opens holds for a return to a reported home: the account, apart from any ListingKey. */
export const homeOpenKey = (account: string) => `home:${account}`;

/**
 * The monthly home report's button (/alerts/home/<token>/<account>, issue 43): the home's page,
 * and, when the link is one a report sent to the token's person carried, the return is recorded
 * (once per person, home and Edmonton day, as the alerts' opens) and the person is marked warming
 * up: a seller who comes back to their home's value from the report is thinking about it (the
 * agent is told once, on the mark's first setting, as for buyers). A wrong or expired token, an
 * erased person, or a home no report carried records nothing: the home's page still opens.
 */
export async function recordHomeReturn(ctx: AlertsContext, token: string, account: string, now: Date): Promise<string> {
  if (!ACCOUNT_NUMBER.test(account)) return "/home-value";
  const path = `/home-value/${account}`;
  const read = await readLink(ctx, "open", token, now);
  if (typeof read === "string") return path;
  const o = alertOpens;
  const m = notificationOutbox;
  const at = sql`${now.toISOString()}::timestamptz`;
  const link = `/alerts/home/${token}/${encodeURIComponent(account)}`;
  const [row] = await select(
    ctx.db.rows,
    { warmed: sql<number>`(select count(*)::integer from warming)`, label: sql<string | null>`(select label from person)` },
    sql``,
    {
      with: sql`person as (
      select ${people.id} as id, home->>'address' as label from ${people}, lateral (
        select item as home from ${m}, jsonb_array_elements(case when jsonb_typeof(${m.payload}->'homes') = 'array' then ${m.payload}->'homes' else '[]'::jsonb end) as item
        where ${m.person_id} = ${read.id} and ${m.kind} = 'home-report' and ${m.status} in ('sent', 'sending')
          and right(item->>'pageUrl', ${link.length}::integer) = ${link}
        limit 1
      ) as carried
      where ${people.id} = ${read.id} and ${people.erased_at} is null
    ),
    opened as (
      insert into ${o} (${name(o.person_id)}, ${name(o.listing_key)}, ${name(o.day)}, ${name(o.created_at)})
      select id, ${homeOpenKey(account)}, ${edmontonDate(now)}::date, ${at} from person
      on conflict (${name(o.person_id)}, ${name(o.listing_key)}, ${name(o.day)}) do nothing
    ),
    ${warmingSql("Came back to their home's value from the monthly home report", true, { at: now })}`,
    },
  );
  if (Number(row?.warmed ?? 0) > 0) ctx.queued();
  return path;
}
