/**
 * Turns the waiting alert_items rows whose time has come (alert-schedule.ts: at once, daily 7:00,
 * Saturday 7:00, Edmonton) into one `alert` mail per person through the outbox, which retries it
 * and checks the consent ledger again when it sends. Here the ledger is read first too: a person
 * without valid consent has their due rows dropped, never mailed later.
 *
 * A person's rows (one per subscription and matching run) are merged: a home changed several
 * times shows its latest change, once, whichever searches matched it. Everything a mail shows is
 * read in a few statements for all people at once (PGlite is slow at many small statements).
 *
 * Never twice: the rows are locked and checked still waiting inside the transaction that queues
 * their mail and marks them with it, and the mail's Message-ID names the person and their first
 * row, which the outbox refuses a second time.
 */
import { sql } from "drizzle-orm";
import {
  alertItems as i,
  alertSubscriptions as s,
  listingChanges,
  listings,
  notificationOutbox as o,
  offices,
  people,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { criteriaSearchPath } from "../../alert-criteria";
import { dueAt, lastMailTime } from "../../alert-schedule";
import { ALERTS_SOURCE } from "../../alert-values";
import { listingCoverPath } from "../listings/photos.server";
import { ALERT_MAIL_ITEMS, type AlertItem, type AlertLink, type AlertPayload } from "../mail/alert-payload.server";
import { newMessageId } from "../mail/message-id.server";
import { marketingAllowedMany } from "./consent.server";
import type { AlertsContext } from "./context.server";
import { type AlertLinks, alertLinks } from "./links.server";

export interface QueueResult {
  /** Alert mails queued. */
  mails: number;
  /** Homes those mails carry (shown or behind the "see all" links). */
  items: number;
  /** Waiting rows dropped: their person has no valid consent, their subscription ended, or their changes are gone. */
  dropped: number;
}

/** Mails per transaction: short enough that a page waiting for PGlite waits little. */
const MAILS_PER_TRANSACTION = 1000;

const param = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/**
 * The waiting rows that can be due by `now`, with their subscription and person: every instant
 * one, the daily and weekly ones made before their last mail time (dueByPerson then applies the
 * schedule exactly). The rows waiting for a later morning are not read at each run.
 */
function waitingRows(db: Database, now: Date) {
  const daily = lastMailTime("daily", now).toISOString();
  const weekly = lastMailTime("weekly", now).toISOString();
  return select(
    db.rows,
    {
      id: i.id,
      person_id: i.person_id,
      subscription_id: i.subscription_id,
      // As text: node-postgres and PGlite would not agree on a bigint array's elements.
      change_ids: sql<string>`array_to_string(${i.change_ids}, ',')`,
      frequency: i.frequency,
      created_at: i.created_at,
      active: sql<boolean>`${s.status} = 'active'`,
      kind: s.kind,
      label: s.label,
      criteria: s.criteria,
      email: people.email,
      name: people.name,
    },
    sql`from ${i} join ${s} on ${s.id} = ${i.subscription_id} join ${people} on ${people.id} = ${i.person_id}
      where ${i.outbox_id} is null and (${i.frequency} = 'instant' or (${i.frequency} = 'daily' and ${i.created_at} <= ${daily}::timestamptz) or (${i.frequency} = 'weekly' and ${i.created_at} <= ${weekly}::timestamptz))
      order by ${i.id}`,
  );
}

type Waiting = Awaited<ReturnType<typeof waitingRows>>[number];

/** The changes the due rows name (a change pruned since is simply missing). */
function changesOf(db: Database, ids: number[]) {
  const c = listingChanges;
  return select(
    db.rows,
    { id: c.id, listing_key: c.listing_key, kind: c.kind, old_price: c.old_price, new_price: c.new_price, new_status: c.new_status },
    sql`from ${c} where ${c.id} = any(${param(ids, "bigint")})`,
  );
}

type Change = Awaited<ReturnType<typeof changesOf>>[number];

/** The shown homes as they are now, with their brokerage (none for a home gone from the feed). */
function homesOf(db: Database, keys: string[]) {
  const l = listings;
  return select(
    db.rows,
    {
      listing_key: l.listing_key,
      address: l.address,
      city: l.city,
      list_price: l.list_price,
      beds: l.bedrooms,
      baths: l.bathrooms,
      status: l.status,
      has_photo: sql<boolean>`jsonb_array_length(${l.photos}) > 0`,
      brokerage: sql<string | null>`(select ${offices.office_name} from unnest(${l.office_keys}) with ordinality as k(office_key, n)
        join ${offices} on ${offices.office_key} = k.office_key where ${offices.office_name} is not null order by k.n limit 1)`,
    },
    sql`from ${l} where ${l.listing_key} = any(${param(keys, "text")})`,
  );
}

type Home = Awaited<ReturnType<typeof homesOf>>[number];

/** A price of 0 is no price ("Price on request"), as the pages show it. */
const priceOf = (n: number | null | undefined) => (n && n > 0 ? n : null);

function itemOf(c: Change, home: Home | undefined, label: string, siteUrl: string, links: AlertLinks): AlertItem {
  const isPrice = c.kind === "price";
  return {
    kind: c.kind,
    address: home?.address ?? "",
    city: home?.city ?? null,
    // A price change shows the change's own prices; otherwise the home's price now, or its last one when it is gone.
    price: priceOf(isPrice ? c.new_price : (home?.list_price ?? c.new_price ?? c.old_price)),
    oldPrice: isPrice ? priceOf(c.old_price) : null,
    status: c.kind === "status" || c.kind === "removed" ? c.new_status : (home?.status ?? null),
    beds: home?.beds ?? null,
    baths: home?.baths ?? null,
    brokerage: home?.brokerage ?? null,
    photoUrl: home?.has_photo ? `${siteUrl}${listingCoverPath(c.listing_key)}` : null,
    pageUrl: links.open(c.listing_key),
    subscriptionLabel: label,
  };
}

/** The due rows of each person (in id order); and the rows that will never be mailed (their subscription ended). */
function dueByPerson(waiting: Waiting[], now: Date) {
  const due = new Map<number, Waiting[]>();
  const ended: number[] = [];
  // Rows of one match share their time: each time and frequency is worked out once (dueAt reads the time zone).
  const dueTimes = new Map<string, number>();
  const isDue = (frequency: Waiting["frequency"], at: Date) => {
    const key = `${frequency}${at.getTime()}`;
    let time = dueTimes.get(key);
    if (time === undefined) dueTimes.set(key, (time = dueAt(frequency, at).getTime()));
    return time <= now.getTime();
  };
  for (const row of waiting) {
    if (!row.active) ended.push(row.id);
    else if (isDue(row.frequency, row.created_at)) {
      const list = due.get(row.person_id);
      if (list) list.push(row);
      else due.set(row.person_id, [row]);
    }
  }
  return { due, ended };
}

const changeIdsOf = (row: Waiting) => (row.change_ids ? row.change_ids.split(",").map(Number) : []);

/** A person's homes: the latest change of each, newest first, with the label of the row that matched it. */
function homesFor(rows: Waiting[], changes: Map<number, Change>) {
  const latest = new Map<string, { change: Change; label: string }>();
  for (const row of rows) {
    for (const id of changeIdsOf(row)) {
      const change = changes.get(id);
      const held = change && latest.get(change.listing_key);
      if (change && (!held || held.change.id < change.id)) latest.set(change.listing_key, { change, label: row.label });
    }
  }
  return [...latest.values()].sort((a, b) => b.change.id - a.change.id);
}

interface Mail {
  person: number;
  recipient: string;
  payload: AlertPayload;
  rows: number[];
}

/** Queues the mails of every person with rows due by `now`; returns what it did. */
export async function queueDueAlerts(ctx: AlertsContext, now: Date): Promise<QueueResult> {
  const { db, siteUrl } = ctx;
  const { due, ended } = dueByPerson(await waitingRows(db, now), now);
  const result: QueueResult = { mails: 0, items: 0, dropped: 0 };
  if (ended.length > 0) result.dropped += await db.transaction((rows) => deleteRows(rows, ended));
  if (due.size === 0) return result;

  const allowed = await marketingAllowedMany(db.rows, [...due.keys()], now);
  const refused = [...due].flatMap(([person, rows]) => (allowed.has(person) ? [] : rows.map((r) => r.id)));
  const wanted = [...due].filter(([person]) => allowed.has(person));
  const changes = new Map(
    (await changesOf(db, [...new Set(wanted.flatMap(([, rows]) => rows.flatMap(changeIdsOf)))])).map((c) => [c.id, c]),
  );
  const homesByPerson = new Map(wanted.map(([person, rows]) => [person, homesFor(rows, changes)]));
  const shownKeys = [
    ...new Set([...homesByPerson.values()].flatMap((homes) => homes.slice(0, ALERT_MAIL_ITEMS).map((h) => h.change.listing_key))),
  ];
  const homes = new Map((shownKeys.length > 0 ? await homesOf(db, shownKeys) : []).map((h) => [h.listing_key, h]));

  const mails: Mail[] = [];
  const empty: number[] = [];
  for (const [person, rows] of wanted) {
    const found = homesByPerson.get(person)!;
    // Every change of these rows was pruned: nothing is left to show.
    if (found.length === 0) {
      empty.push(...rows.map((r) => r.id));
      continue;
    }
    const links = await alertLinks(ctx, person, now);
    const shown = found.slice(0, ALERT_MAIL_ITEMS).map((h) => itemOf(h.change, homes.get(h.change.listing_key), h.label, siteUrl, links));
    const searches = new Map(rows.filter((r) => r.kind === "search").map((r) => [r.subscription_id, r]));
    const allLinks: AlertLink[] = [...searches.values()].map((r) => ({
      label: r.label,
      url: `${siteUrl}${criteriaSearchPath(r.criteria)}`,
    }));
    const payload: AlertPayload = {
      name: rows[0]!.name || null,
      items: shown,
      total: found.length,
      allLinks,
      manageUrl: links.manage,
      unsubscribeUrl: links.unsubscribe,
    };
    mails.push({ person, recipient: rows[0]!.email, payload, rows: rows.map((r) => r.id) });
  }
  if (refused.length + empty.length > 0) result.dropped += await db.transaction((rows) => deleteRows(rows, [...refused, ...empty]));
  for (let start = 0; start < mails.length; start += MAILS_PER_TRANSACTION) {
    const done = await db.transaction((rows) => queueMails(rows, mails.slice(start, start + MAILS_PER_TRANSACTION)));
    result.mails += done.mails;
    result.items += done.items;
  }
  return result;
}

async function deleteRows(rows: Database["rows"], ids: number[]): Promise<number> {
  const [deleted] = await select(rows, { n: sql<number>`count(*)::integer` }, sql`from gone`, {
    with: sql`gone as (delete from ${i} where ${i.id} = any(${param(ids, "integer")}) and ${i.outbox_id} is null returning 1)`,
  });
  return deleted?.n ?? 0;
}

/** Inside a transaction: the mails whose rows all still wait are queued and their rows marked with them (a row another pass took leaves its person for the next pass). */
async function queueMails(rows: Database["rows"], mails: Mail[]): Promise<{ mails: number; items: number }> {
  // The payloads travel as one JSON array: a text[] of JSON strings costs PGlite a third more (array quoting, then a jsonb cast each).
  const ids = mails.flatMap((m) => m.rows);
  const locked = await select(
    rows,
    { id: i.id },
    sql`from ${i} where ${i.id} = any(${param(ids, "integer")}) and ${i.outbox_id} is null for update`,
  );
  const waiting = new Set(locked.map((r) => r.id));
  const ready = mails.filter((m) => m.rows.every((id) => waiting.has(id)));
  if (ready.length === 0) return { mails: 0, items: 0 };
  const messageIds = ready.map((m) => newMessageId("alert", `${m.person}-${Math.min(...m.rows)}`));
  const queued = await select(rows, { message_id: sql<string>`queued.message_id` }, sql`from queued`, {
    with: sql`queued as (insert into ${o} (${name(o.kind)}, ${name(o.recipient)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
        select 'alert', m.recipient, ${ALERTS_SOURCE}, p.payload, m.message_id, m.person_id
        from unnest(${param(
          ready.map((m) => m.recipient),
          "text",
        )}, ${param(messageIds, "text")}, ${param(
          ready.map((m) => m.person),
          "integer",
        )}) with ordinality as m(recipient, message_id, person_id, n)
          join jsonb_array_elements(${JSON.stringify(ready.map((m) => m.payload))}::jsonb) with ordinality as p(payload, n) on p.n = m.n
        on conflict (${name(o.message_id)}) do nothing
        returning ${name(o.id)}, ${name(o.message_id)}),
      claimed as (update ${i} set ${name(i.outbox_id)} = queued.id
        from unnest(${param(
          ready.flatMap((m) => m.rows),
          "integer",
        )}, ${param(
          ready.flatMap((m, n) => m.rows.map(() => messageIds[n]!)),
          "text",
        )}) as m(item_id, message_id)
          join queued on queued.message_id = m.message_id
        where ${i.id} = m.item_id and ${i.outbox_id} is null returning 1)`,
  });
  const sent = new Set(queued.map((q) => q.message_id));
  const items = ready.reduce((n, m, k) => n + (sent.has(messageIds[k]!) ? m.payload.total : 0), 0);
  return { mails: sent.size, items };
}
