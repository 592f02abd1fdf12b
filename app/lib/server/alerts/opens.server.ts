/**
 * A home's link in an alert (/alerts/open/<token>/<key>): it leads to the home's page on the site,
 * and, when the token is the person's, records the open; the second open of the same home marks
 * the person warming up and tells the agent.
 */
import { sql } from "drizzle-orm";
import { listingPath } from "~/lib/listings";
import { alertOpens, listings, people } from "../../../../db/schema";
import { name, select } from "../../../../server/db/query";
import type { AlertsContext } from "./context.server";
import { readLink } from "./links.server";
import { warmingSql } from "./warming.server";

/** ListingKeys are digits and letters (listingKeyOf); anything else names no home. */
const LISTING_KEY = /^[A-Za-z0-9_]{1,64}$/;

/**
 * The on-site path to send the visitor to: the home's page while the feed has it, else /listings.
 * A wrong or expired token, or an erased person, records nothing: the home still opens.
 */
export async function recordOpen(ctx: AlertsContext, token: string, listingKey: string, now: Date): Promise<string> {
  if (!LISTING_KEY.test(listingKey)) return "/listings";
  const [home] = await select(ctx.db.rows, { slug: listings.slug, address: listings.address }, sql`from ${listings} where ${listings.listing_key} = ${listingKey}`);
  const path = home ? listingPath(listingKey, home.slug) : "/listings";
  const read = await readLink(ctx, "open", token, now);
  if (typeof read === "string") return path;
  const o = alertOpens;
  const at = sql`${now.toISOString()}::timestamptz`;
  // `twice` reads alert_opens as it was before this statement: any row there is an earlier open.
  const [row] = await select(ctx.db.rows, { warmed: sql<number>`(select count(*)::integer from warming)` }, sql``, {
    with: sql`person as (select ${people.id} as id from ${people} where ${people.id} = ${read.id} and ${people.erased_at} is null),
    opened as (
      insert into ${o} (${name(o.person_id)}, ${name(o.listing_key)}, ${name(o.created_at)})
      select id, ${listingKey}, ${at} from person
      returning ${o.person_id} as id
    ),
    twice as (select id from opened where exists (select 1 from ${o} where ${o.person_id} = opened.id and ${o.listing_key} = ${listingKey})),
    ${warmingSql(`Opened ${home?.address ?? listingKey} twice from alerts`, true, { from: "twice", at: now })}`,
  });
  if (Number(row?.warmed ?? 0) > 0) ctx.queued();
  return path;
}
