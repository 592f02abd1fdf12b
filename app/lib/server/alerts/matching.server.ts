/**
 * Matches the listing changes the sync recorded (listing_changes, in id order after the alerts
 * job's cursor) to the people who asked for them: an active search gets the new listings and the
 * price drops it would show as available homes, an active watch every change of its home, only
 * changes after the subscription was confirmed. Each change goes to a person once, through the
 * most frequent of their subscriptions that want it; one waiting alert_items row per subscription
 * and run holds its changes' ids.
 *
 * A search with any of the newer filters (keywords, open houses, the map's area, …) matches a
 * listing by the search's own SQL (listingsMatching: whereOf, the conditions /listings uses); one
 * of city, type, price and bedrooms only is decided on the change's row (rowMatches, the same
 * conditions, a test runs both), since reading 10,000 such searches by SQL took a minute. Not one join of every search with every change: each distinct search is
 * read once per batch, only against those of the batch's new and reduced homes whose city, type,
 * price and bedrooms do not already rule them out, by primary key, a few hundred searches per
 * statement. The rows go in with one unnest insert, and the cursor
 * moves in the same transaction, under a lock, so two runs never match the same changes twice.
 */
import { sql } from "drizzle-orm";
import { alertCursor, alertItems, alertSubscriptions, listingChanges, listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import type { AlertCriteria, AlertFrequency } from "../../alert-values";
import { edmontonDate } from "../../dates";
import { listingsMatching } from "../listings/queries.server";

export interface MatchResult {
  /** Changes read (and the cursor moved past), 0 when another run moved the cursor first. */
  changes: number;
  /** Waiting alert_items rows stored (one per subscription that matched). */
  items: number;
  /** (person, change) pairs those rows hold. */
  matches: number;
  /** No more changes after this batch. */
  caughtUp: boolean;
}

/** The most frequent wins when several of a person's subscriptions match one change. */
const RANK: Record<AlertFrequency, number> = { instant: 0, daily: 1, weekly: 2, monthly: 3 };

async function cursorOf(rows: Database["rows"], lock: boolean): Promise<number> {
  const [row] = await select(
    rows,
    { last: alertCursor.last_change_id },
    sql`from ${alertCursor} where ${alertCursor.id} = 1${lock ? sql` for update` : sql``}`,
  );
  return row?.last ?? 0;
}

function changesAfter(db: Database, cursor: number, batch: number) {
  const c = listingChanges;
  const l = listings;
  return select(
    db.rows,
    {
      id: c.id,
      listing_key: c.listing_key,
      kind: c.kind,
      old_price: c.old_price,
      new_price: c.new_price,
      new_status: c.new_status,
      created_at: c.created_at,
      // The listing as it is now (null when it is gone).
      city: l.city,
      category: l.category,
      price: l.list_price,
      beds: l.bedrooms,
      status: l.status,
    },
    sql`from ${c} left join ${l} on ${l.listing_key} = ${c.listing_key} where ${c.id} > ${cursor} order by ${c.id} limit ${batch}`,
  );
}

type Change = Awaited<ReturnType<typeof changesAfter>>[number];

/** The active searches, and the active watches of the batch's homes. */
function subscriptionsFor(db: Database, keys: string[]) {
  const s = alertSubscriptions;
  return select(
    db.rows,
    {
      id: s.id,
      person_id: s.person_id,
      kind: s.kind,
      criteria: s.criteria,
      listing_key: s.listing_key,
      frequency: s.frequency,
      confirmed_at: s.confirmed_at,
    },
    sql`from ${s} where ${s.status} = 'active' and ${s.person_id} is not null and ${s.confirmed_at} is not null
      and (${s.kind} = 'search' or ${s.listing_key} = any(${sql.param(keys)}::text[]))`,
  );
}

type Subscription = Awaited<ReturnType<typeof subscriptionsFor>>[number];

/** A change a search may want: a new listing or a price drop, of a home available now. */
function searchable(change: Change): boolean {
  const drop = change.kind === "price" && change.old_price !== null && change.new_price !== null && change.new_price < change.old_price;
  return (change.kind === "new" || drop) && change.status === "active" && change.category !== null;
}

/** For each of the batch's searchable homes (by key), the searches that match it. */
export type SearchMatches = ReadonlyMap<string, readonly Subscription[]>;

/**
 * Which searches match which of the batch's homes, by the search's SQL (listingsMatching). Identical
 * criteria are read once, each only for the homes that can match it: `maybe` leaves out a home
 * only when a value the change carries (the listing as it is now) already fails a condition, so
 * the SQL still decides every match, on fewer keys.
 */
export async function searchMatches(
  db: Pick<Database, "rows">,
  changes: readonly Change[],
  subscriptions: readonly Subscription[],
  now: Date,
): Promise<SearchMatches> {
  const homes = [...new Map(changes.filter(searchable).map((c) => [c.listing_key, c])).values()];
  const byCriteria = new Map<string, { criteria: AlertCriteria; searches: Subscription[] }>();
  for (const s of subscriptions) {
    if (s.kind !== "search") continue;
    const id = JSON.stringify(s.criteria);
    const entry = byCriteria.get(id);
    if (entry) entry.searches.push(s);
    else byCriteria.set(id, { criteria: s.criteria, searches: [s] });
  }
  const groups = [...byCriteria.values()];
  const byHome = new Map<string, Subscription[]>();
  const add = (key: string, searches: Subscription[]) => {
    const list = byHome.get(key);
    if (list) list.push(...searches);
    else byHome.set(key, [...searches]);
  };
  // Criteria of the change's own columns alone are decided on them; the others by the SQL.
  const bySql = groups.filter((g) => !decidedByRow(g.criteria));
  // A search of some cities looks only at those cities' homes.
  const homesIn = new Map<string | null, Change[]>();
  for (const h of homes) homesIn.set(h.city, [...(homesIn.get(h.city) ?? []), h]);
  const candidates = (c: AlertCriteria) => (c.cities?.length ? c.cities.flatMap((city) => homesIn.get(city) ?? []) : homes);
  for (const g of groups) {
    if (decidedByRow(g.criteria)) for (const h of candidates(g.criteria)) if (rowMatches(g.criteria, h)) add(h.listing_key, g.searches);
  }
  const matched = await listingsMatching(
    db,
    bySql.map((g) => ({
      filter: { ...g.criteria, withAcceptedOffers: false },
      keys: homes.filter((h) => maybe(g.criteria, h)).map((h) => h.listing_key),
    })),
    edmontonDate(now),
  );
  bySql.forEach((g, i) => {
    for (const key of matched[i] ?? []) add(key, g.searches);
  });
  return byHome;
}

/** The criteria the change's row decides alone (the order is not a condition). */
const ROW_CRITERIA: ReadonlySet<string> = new Set(["cities", "category", "minPrice", "maxPrice", "minBeds", "sort"]);
export const decidedByRow = (c: AlertCriteria): boolean => Object.keys(c).every((k) => ROW_CRITERIA.has(k));

/**
 * whereOf's conditions on city, type, price and bedrooms, for an available home (searchable): a
 * missing value fails a condition on it, as SQL's comparisons with null do. A test runs both on
 * the same listings. Without it, 10,000 saved searches took 53 s to read by the SQL, against
 * under a second (docs/benchmarks.md).
 */
export function rowMatches(c: AlertCriteria, home: Pick<Change, "city" | "category" | "price" | "beds">): boolean {
  if (c.cities?.length && (home.city === null || !c.cities.includes(home.city))) return false;
  if (c.category && home.category !== c.category) return false;
  if (c.minPrice !== undefined && (home.price === null || !(home.price >= c.minPrice))) return false;
  if (c.maxPrice !== undefined && (home.price === null || !(home.price <= c.maxPrice))) return false;
  if (c.minBeds !== undefined && (home.beds === null || !(home.beds >= c.minBeds))) return false;
  return true;
}

/** False only when the home's city, type, price or bedrooms as the change carries them fail the criteria (a missing value is left to the SQL). */
function maybe(c: AlertCriteria, home: Change): boolean {
  if (c.cities?.length && home.city !== null && !c.cities.includes(home.city)) return false;
  if (c.category && home.category !== null && home.category !== c.category) return false;
  if (c.minPrice !== undefined && home.price !== null && home.price < c.minPrice) return false;
  if (c.maxPrice !== undefined && home.price !== null && home.price > c.maxPrice) return false;
  if (c.minBeds !== undefined && home.beds !== null && home.beds < c.minBeds) return false;
  return true;
}

/** The subscriptions that want this change: matching searches for a new listing or a price drop (the home available now), every watch of the home. */
function interested(change: Change, watches: Map<string, Subscription[]>, matches: SearchMatches): Subscription[] {
  const found = [...(watches.get(change.listing_key) ?? [])];
  if (searchable(change)) found.push(...(matches.get(change.listing_key) ?? []));
  return found;
}

interface Item {
  person: number;
  subscription: number;
  frequency: AlertFrequency;
  change: Change;
}

/** One item per person and change: the most frequent of their subscriptions that want it, confirmed before the change; in change id order. */
export function itemsOf(changes: readonly Change[], subscriptions: Subscription[], matches: SearchMatches): Item[] {
  const watches = new Map<string, Subscription[]>();
  for (const s of subscriptions) if (s.kind === "watch") watches.set(s.listing_key ?? "", [...(watches.get(s.listing_key ?? "") ?? []), s]);
  const items: Item[] = [];
  for (const change of changes) {
    const byPerson = new Map<number, Item>();
    for (const s of interested(change, watches, matches)) {
      if (s.person_id === null || !s.confirmed_at || s.confirmed_at >= change.created_at) continue;
      const held = byPerson.get(s.person_id);
      if (!held || RANK[s.frequency] < RANK[held.frequency] || (RANK[s.frequency] === RANK[held.frequency] && s.id < held.subscription)) {
        byPerson.set(s.person_id, { person: s.person_id, subscription: s.id, frequency: s.frequency, change });
      }
    }
    items.push(...byPerson.values());
  }
  return items;
}

/** The rows to store: each subscription's changes, in id order. */
function rowsOf(items: Item[]) {
  const bySubscription = new Map<number, { person: number; frequency: AlertFrequency; changes: number[] }>();
  for (const item of items) {
    const row = bySubscription.get(item.subscription);
    if (row) row.changes.push(item.change.id);
    else bySubscription.set(item.subscription, { person: item.person, frequency: item.frequency, changes: [item.change.id] });
  }
  return [...bySubscription].map(([subscription, row]) => ({ subscription, ...row }));
}

/** One batch: the changes after the cursor matched and stored, the cursor moved past them. */
export async function matchChanges(db: Database, now: Date, options: { batch?: number } = {}): Promise<MatchResult> {
  const batch = Math.max(1, Math.floor(options.batch ?? 5000));
  const cursor = await cursorOf(db.rows, false);
  const changes = await changesAfter(db, cursor, batch);
  if (changes.length === 0) return { changes: 0, items: 0, matches: 0, caughtUp: true };
  const subscriptions = await subscriptionsFor(db, [...new Set(changes.map((c) => c.listing_key))]);
  const items = itemsOf(changes, subscriptions, await searchMatches(db, changes, subscriptions, now));
  const stored = rowsOf(items);
  const last = changes.at(-1)!.id;
  const i = alertItems;
  const array = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  return db.transaction(async (rows) => {
    // Another run matched these changes while this one worked: it stored their rows.
    if ((await cursorOf(rows, true)) !== cursor) return { changes: 0, items: 0, matches: 0, caughtUp: false };
    if (stored.length > 0) {
      // A few arrays, not thousands of parameters; each row's ids travel as an array literal ('{1,2,3}').
      await rows(sql`insert into ${i} (${name(i.person_id)}, ${name(i.subscription_id)}, ${name(i.change_ids)}, ${name(i.frequency)}, ${name(i.created_at)})
        select m.person_id, m.subscription_id, m.change_ids::bigint[], m.frequency, ${now.toISOString()}::timestamptz
        from unnest(${array(
          stored.map((r) => r.person),
          "integer",
        )}, ${array(
          stored.map((r) => r.subscription),
          "integer",
        )}, ${array(
          stored.map((r) => `{${r.changes.join(",")}}`),
          "text",
        )},
          ${array(
            stored.map((r) => r.frequency),
            "text",
          )}) as m(person_id, subscription_id, change_ids, frequency)`);
    }
    await rows(
      sql`update ${alertCursor} set ${name(alertCursor.last_change_id)} = ${last}, ${name(alertCursor.updated_at)} = ${now.toISOString()}::timestamptz where ${alertCursor.id} = 1`,
    );
    return { changes: changes.length, items: stored.length, matches: items.length, caughtUp: changes.length < batch };
  });
}
