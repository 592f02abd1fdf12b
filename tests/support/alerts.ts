/**
 * Test support (not a test): listings stored with the values a test names, and confirmed
 * subscriptions written straight into the tables (a person, an active subscription, its express
 * consent), as a confirmation leaves them, without going through the sign-up and its mail.
 */
import { sql } from "drizzle-orm";
import { alertSubscriptions as s, consentEvents as c, people } from "../../db/schema";
import type { Database } from "../../platform/db/database";
import { name, returning } from "../../platform/db/query";
import { generateListings } from "../fixtures/ddf/listings";
import type { AlertCriteria, AlertFrequency } from "../../app/lib/alert-values";
import { type ListingRow, toListingRow } from "../../app/lib/server/listings/property.server";
import type { AlertsContext } from "../../app/lib/server/alerts/context.server";

export const SITE = "https://www.averyhomes.example";
/** Long before any change a test makes: subscriptions confirmed then hear of every one. */
export const CONFIRMED = new Date("2020-01-01T00:00:00Z");

const TEMPLATE = toListingRow(
  generateListings(1, { seed: 3, now: new Date("2026-11-01T00:00:00Z") })[0]!,
  new Date("2026-11-01T00:00:00Z"),
);

/** A listing row: an active Edmonton house at $400,000 with 3 bedrooms, unless told otherwise. */
export function listing(key: string, over: Partial<ListingRow> = {}): ListingRow {
  return {
    ...TEMPLATE,
    listing_key: key,
    slug: `home-${key.toLowerCase()}`,
    address: `${key} Maplecrest Way`,
    city: "Edmonton",
    category: "single-family",
    status: "active",
    list_price: 400_000,
    bedrooms: 3,
    bathrooms: 2,
    ...over,
  };
}

export function alertsContext(db: Database): AlertsContext & { woken: () => number } {
  let woken = 0;
  return { db, siteUrl: SITE, queued: () => woken++, woken: () => woken };
}

export interface Follow {
  email: string;
  criteria?: AlertCriteria;
  listingKey?: string;
  frequency?: AlertFrequency;
  confirmedAt?: Date;
  label?: string;
}

/** A person (made or found by address) with one confirmed subscription and its express consent; returns their ids. */
export async function follow(db: Database, f: Follow): Promise<{ personId: number; subscriptionId: number }> {
  const kind = f.listingKey ? "watch" : "search";
  const at = (f.confirmedAt ?? CONFIRMED).toISOString();
  const [person] = await returning(
    db.rows,
    { id: people.id },
    sql`
    insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${f.email}, ${f.email.split("@")[0]!})
    on conflict (${name(people.email)}) do update set ${name(people.name)} = excluded.${name(people.name)}`,
  );
  const [sub] = await returning(
    db.rows,
    { id: s.id },
    sql`
    insert into ${s} (${name(s.kind)}, ${name(s.email)}, ${name(s.person_id)}, ${name(s.criteria)}, ${name(s.listing_key)}, ${name(s.label)}, ${name(s.frequency)}, ${name(s.status)},
      ${name(s.consent_text)}, ${name(s.consent_version)}, ${name(s.form)}, ${name(s.confirmed_at)})
    values (${kind}, ${f.email}, ${person!.id}, ${JSON.stringify(f.criteria ?? {})}::jsonb, ${f.listingKey ?? null}, ${f.label ?? (f.listingKey ? `${f.listingKey} Maplecrest Way` : "A search")},
      ${f.frequency ?? "instant"}, 'active', 'I agree to receive listing alerts.', 'test-1', ${kind === "watch" ? "Watch this home" : "Save this search"}, ${at}::timestamptz)`,
  );
  await db.rows(sql`
    insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.consent_text)}, ${name(c.consent_version)}, ${name(c.given_at)}, ${name(c.subscription_id)}, ${name(c.created_at)})
    values (${person!.id}, 'express', 'Save this search', 'I agree to receive listing alerts.', 'test-1', ${at}::timestamptz, ${sub!.id}, ${at}::timestamptz)`);
  return { personId: person!.id, subscriptionId: sub!.id };
}
