/**
 * Saved searches and watched homes (issue 32, decision 039), double opt-in: a sign-up stores a
 * pending subscription holding only the address typed and mails a confirmation link; nothing else
 * is sent, and no person exists in the inbox, until that link is used. Confirmed, the subscription
 * belongs to a person, the ledger holds the express consent word for word, and alerts flow.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { criteriaLabel } from "~/lib/alert-criteria";
import { alertConsentText } from "~/lib/alert-consent";
import {
  ALERTS_SOURCE,
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  ALERT_KINDS,
  type AlertCriteria,
  type AlertFrequency,
  type AlertKind,
  CHOSEN_FREQUENCIES,
  fixedFrequency,
} from "~/lib/alert-values";
import {
  MARKETING_KINDS,
  alertItems,
  alertSubscriptions,
  consentEvents,
  listings,
  notificationOutbox,
  people,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, name, returning, select } from "../../../../platform/db/query";
import { rollHomeLabel } from "../assessments/home-value.server";
import { newMessageId } from "../mail/message-id.server";
import type { AlertsContext } from "./context.server";
import { alertLinks, confirmUrlWith, readLink } from "./links.server";
import { serverSecret } from "./secrets.server";
import { MAX, alertEmail, canonicalCriteria, clean, cleanOrNull } from "./sign-up-input.server";
import { isSuppressed } from "./suppression.server";
import { warmingSql } from "./warming.server";

export interface SignUpInput {
  kind: AlertKind;
  email: string;
  name: string | null;
  criteria: AlertCriteria;
  listingKey: string | null;
  frequency: AlertFrequency;
  /** The form's name, for the ledger ("Save this search", "Watch this home"). */
  form: string;
  /** The consent text's version the form showed (ALERT_CONSENT_VERSION when it was drawn). */
  consentVersion: string;
  address: string | null;
  userAgent: string | null;
}

/** confirm-sent is also the answer when the address already has this search: the page never tells whether an address is subscribed. */
export type SignUpResult = "confirm-sent" | "suppressed" | "unknown-home" | "bad-version";

export interface RequestMeta {
  address: string | null;
  userAgent: string | null;
}

/** Input no form can send (an empty or over-long address, an unknown kind or frequency): the route validates first, so this is a bug or a forged request. */
export class AlertSignUpError extends Error {
  override name = "AlertSignUpError";
}

/** A watched home's label: its address and city, from the feed's row; null when the feed has no such home. */
async function homeLabel(db: Database, listingKey: string | null): Promise<string | null> {
  const key = clean(listingKey, MAX.listingKey + 1);
  if (!key || key.length > MAX.listingKey) return null;
  const [home] = await select(
    db.rows,
    { address: listings.address, city: listings.city },
    sql`from ${listings} where ${listings.listing_key} = ${key}`,
  );
  return home ? [home.address, home.city].filter(Boolean).join(", ") : null;
}

/** The live (active) subscription of an address to this very search or home, if any: a sign-up or a confirmation for it is a change of how often. */
function liveSql(s: typeof alertSubscriptions, q: { email: string; kind: AlertKind; criteria: unknown; listingKey: string | null }) {
  return sql`${s.email} = ${q.email} and ${s.kind} = ${q.kind} and ${s.criteria} = ${JSON.stringify(q.criteria)}::jsonb
    and ${s.listing_key} is not distinct from ${q.listingKey}::text and ${s.status} = 'active'`;
}

/**
 * Stores a pending subscription and queues its confirmation mail, in one transaction. Each
 * sign-up is its own row, never merged into another (issue 38): what it typed (name, frequency,
 * address, browser, time) is what its own link confirms. When the address already has this
 * search or home, the live one is left as it is and the mail asks to change how often; at the
 * same frequency there is nothing to change, and nothing is stored or sent. A suppressed address
 * gets nothing stored and nothing sent. The visitor's answer is the same in every case.
 */
export async function signUp(ctx: AlertsContext, input: SignUpInput, now: Date): Promise<{ result: SignUpResult }> {
  if (!(ALERT_KINDS as readonly string[]).includes(input.kind)) throw new AlertSignUpError("unknown kind");
  const consentText = alertConsentText(input.kind, input.consentVersion);
  if (consentText === null) return { result: "bad-version" };
  if (!(ALERT_FREQUENCIES as readonly string[]).includes(input.frequency)) throw new AlertSignUpError("unknown frequency");
  // The home report is monthly and only it: a search or a watch at "monthly" would never be mailed.
  const fixed = fixedFrequency(input.kind);
  if (fixed ? input.frequency !== fixed : !(CHOSEN_FREQUENCIES as readonly string[]).includes(input.frequency))
    throw new AlertSignUpError("a frequency this kind does not have");
  const email = alertEmail(input.email);
  if (email === null) throw new AlertSignUpError("no usable address");
  const criteria = input.kind === "search" ? canonicalCriteria(input.criteria) : {};
  const listingKey = input.kind === "search" ? null : clean(input.listingKey, MAX.listingKey);
  const label =
    input.kind === "watch"
      ? await homeLabel(ctx.db, input.listingKey)
      : input.kind === "home"
        ? await rollHomeLabel(ctx.db, listingKey ?? "")
        : criteriaLabel(criteria);
  if (label === null) return { result: "unknown-home" };
  if (await isSuppressed(ctx.db.rows, email)) return { result: "suppressed" };
  const secret = await serverSecret(ctx.db, "alert-links");
  const name_ = cleanOrNull(input.name, MAX.name);
  const fields = {
    consentText,
    version: input.consentVersion,
    form: clean(input.form, MAX.form),
    address: cleanOrNull(input.address, MAX.address),
    userAgent: cleanOrNull(input.userAgent, MAX.userAgent),
  };
  const s = alertSubscriptions;
  const o = notificationOutbox;
  const queued = await ctx.db.transaction(async (rows) => {
    const [live] = await select(
      rows,
      { frequency: s.frequency },
      sql`from ${s} where ${liveSql(s, { email, kind: input.kind, criteria, listingKey })} order by ${s.id} desc limit 1`,
    );
    if (live?.frequency === input.frequency) return false;
    const [stored] = await returning(
      rows,
      { id: s.id },
      sql`
      insert into ${s} (${name(s.kind)}, ${name(s.email)}, ${name(s.name)}, ${name(s.criteria)}, ${name(s.listing_key)}, ${name(s.label)}, ${name(s.frequency)},
        ${name(s.consent_text)}, ${name(s.consent_version)}, ${name(s.form)}, ${name(s.client_address)}, ${name(s.user_agent)}, ${name(s.created_at)})
      values (${input.kind}, ${email}, ${name_}::text, ${JSON.stringify(criteria)}::jsonb, ${listingKey}::text, ${label}, ${input.frequency},
        ${fields.consentText}, ${fields.version}, ${fields.form}, ${fields.address}::text, ${fields.userAgent}::text, ${now.toISOString()}::timestamptz)`,
    );
    if (!stored) throw new Error("the subscription was not stored");
    // The secret was read before the transaction, which then runs only its own statements (PGlite has one connection).
    const confirmUrl = confirmUrlWith(ctx.siteUrl, secret, stored.id, now);
    const payload = {
      label,
      kind: input.kind,
      frequency: input.frequency,
      confirmUrl,
      name: name_,
      ...(live ? { change: { from: live.frequency } } : {}),
    };
    // The one insert of a confirmation mail, to the address typed: the outbox's limits per recipient apply to it.
    await rows(sql`
      insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.recipient)})
      values ('confirmation', ${ALERTS_SOURCE}, ${JSON.stringify(payload)}::jsonb, ${newMessageId("confirm")}, ${email})`);
    return true;
  });
  if (queued) ctx.queued();
  return { result: "confirm-sent" };
}

/**
 * What using a confirmation link did: `confirmed`, alerts began; `changed`, the address's live
 * subscription to the same search now comes at this sign-up's frequency; `already` and
 * `already-changed`, the link had been used (nothing more recorded).
 */
export type ConfirmStatus = "confirmed" | "changed" | "already" | "already-changed";
export type ConfirmResult = { status: ConfirmStatus; label: string; frequency: AlertFrequency; manageUrl: string } | "expired" | "invalid";

const attemptFields = {
  kind: alertSubscriptions.kind,
  email: alertSubscriptions.email,
  name: alertSubscriptions.name,
  criteria: alertSubscriptions.criteria,
  listingKey: alertSubscriptions.listing_key,
  label: alertSubscriptions.label,
  frequency: alertSubscriptions.frequency,
  status: alertSubscriptions.status,
  personId: alertSubscriptions.person_id,
  appliedTo: alertSubscriptions.applied_to,
  text: alertSubscriptions.consent_text,
  version: alertSubscriptions.consent_version,
  form: alertSubscriptions.form,
  givenAt: alertSubscriptions.created_at,
  address: alertSubscriptions.client_address,
  userAgent: alertSubscriptions.user_agent,
};

/**
 * What a confirmation link will confirm, read without changing anything (mail scanners open
 * links): the sign-up, and `change` when the address already has this search live (the button
 * then changes how often). An ended subscription's link confirms nothing, unless it ended as a
 * change already applied.
 */
export async function subscriptionToConfirm(ctx: AlertsContext, token: string | undefined, now: Date) {
  const link = await readLink(ctx, "confirm", token, now);
  if (typeof link === "string") return link;
  const s = alertSubscriptions;
  const [row] = await select(ctx.db.rows, attemptFields, sql`from ${s} where ${s.id} = ${link.id}`);
  if (!row || (row.status === "ended" && row.appliedTo === null)) return "invalid" as const;
  const [live] =
    row.status === "pending"
      ? await select(
          ctx.db.rows,
          { frequency: s.frequency },
          sql`from ${s} where ${liveSql(s, { email: row.email, kind: row.kind, criteria: row.criteria, listingKey: row.listingKey })} order by ${s.id} desc limit 1`,
        )
      : [];
  return {
    kind: row.kind,
    label: row.label,
    frequency: row.frequency,
    // "changed": a change this link applied; pressing again changes nothing.
    status: row.status === "ended" ? ("changed" as const) : row.status,
    change: live ? { from: live.frequency } : null,
  };
}

/**
 * Uses a confirmation link, in one transaction, applying that sign-up and only it (issue 38):
 * its own time, address, browser, consent text, name and frequency. The person is found or made
 * (without counting a submission or starting the reply clock) and the ledger gets the express
 * consent of that sign-up. When the address has no live subscription to this search, this one
 * becomes it (a watch marks the person warming up); when it has one, that one takes this
 * frequency and this row ends as the record of the change. A used link answers "already" (or
 * "already-changed"); an ended subscription's, or a suppressed address's, "invalid".
 */
export async function confirmSubscription(ctx: AlertsContext, token: string, meta: RequestMeta, now: Date): Promise<ConfirmResult> {
  const read = await readLink(ctx, "confirm", token, now);
  if (typeof read === "string") return read;
  const s = alertSubscriptions;
  const done = await ctx.db.transaction(async (rows) => {
    const [first] = await select(rows, attemptFields, sql`from ${s} where ${s.id} = ${read.id}`);
    if (!first) return "invalid" as const;
    // Every pending or live row of this address and search is locked, in id order, before any is
    // read for a decision: two of its links used at once (on two servers) make one subscription.
    const group = sql`${s.email} = ${first.email} and ${s.kind} = ${first.kind} and ${s.criteria} = ${JSON.stringify(first.criteria)}::jsonb and ${s.listing_key} is not distinct from ${first.listingKey}::text`;
    await rows(sql`select ${s.id} from ${s} where ${group} and ${s.status} in ('pending', 'active') order by ${s.id} for update`);
    const [sub] = await select(rows, attemptFields, sql`from ${s} where ${s.id} = ${read.id}`);
    if (!sub) return "invalid" as const;
    if (sub.status === "ended" && sub.appliedTo !== null && sub.personId !== null)
      return { status: "already-changed" as const, label: sub.label, frequency: sub.frequency, personId: sub.personId, warmed: false };
    if (sub.status === "ended") return "invalid" as const;
    if (sub.status === "active" && sub.personId !== null)
      return { status: "already" as const, label: sub.label, frequency: sub.frequency, personId: sub.personId, warmed: false };
    if (await isSuppressed(rows, sub.email)) return "invalid" as const;
    const [live] = await select(
      rows,
      { id: s.id, frequency: s.frequency },
      sql`from ${s} where ${group} and ${s.status} = 'active' order by ${s.id} desc limit 1`,
    );
    const at = sql`${now.toISOString()}::timestamptz`;
    const p = alias(people, "p");
    const c = consentEvents;
    const basis = live
      ? `${sub.form}: how often changed from ${ALERT_FREQUENCY_LABELS[live.frequency]} to ${ALERT_FREQUENCY_LABELS[sub.frequency]}`
      : sub.form;
    const apply = live
      ? sql`applied as (
          update ${s} set ${name(s.frequency)} = ${sub.frequency} where ${s.id} = ${live.id}
        ),
        activated as (
          update ${s} set ${name(s.status)} = 'ended', ${name(s.person_id)} = (select id from person), ${name(s.confirmed_at)} = ${at}, ${name(s.ended_at)} = ${at}, ${name(s.applied_to)} = ${live.id}
          where ${s.id} = ${read.id}
        )`
      : sql`activated as (
          update ${s} set ${name(s.status)} = 'active', ${name(s.person_id)} = (select id from person), ${name(s.confirmed_at)} = ${at}
          where ${s.id} = ${read.id}
        )`;
    const [confirmed] = await select(rows, { personId: sql<number>`person.id` }, sql`from person`, {
      with: sql`person as (
        insert into ${people} as ${p} (${name(people.email)}, ${name(people.name)}, ${name(people.sources)}, ${name(people.search_text)}, ${name(people.submissions)}, ${name(people.first_at)}, ${name(people.last_activity_at)})
        values (${sub.email}, ${sub.name ?? ""}, array[${ALERTS_SOURCE}::text], lower(concat_ws(' ', ${sub.name}::text, ${sub.email}::text)), 0, ${at}, ${at})
        on conflict (${name(people.email)}) do update set
          ${name(people.name)} = case when excluded.${name(people.name)} <> '' then excluded.${name(people.name)} else ${p.name} end,
          ${name(people.sources)} = case when ${ALERTS_SOURCE}::text = any(${p.sources}) then ${p.sources} else ${p.sources} || ${ALERTS_SOURCE}::text end,
          ${name(people.search_text)} = case when excluded.${name(people.name)} <> '' then left(${p.search_text} || ' ' || excluded.${name(people.search_text)}, 20000) else ${p.search_text} end,
          ${name(people.last_activity_at)} = greatest(${p.last_activity_at}, excluded.${name(people.last_activity_at)})
        returning ${p.id} as id
      ),
      ${apply},
      consent as (
        insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.consent_text)}, ${name(c.consent_version)}, ${name(c.given_at)},
          ${name(c.client_address)}, ${name(c.user_agent)}, ${name(c.subscription_id)}, ${name(c.created_at)})
        select id, 'express', ${basis}, ${sub.text}, ${sub.version}, ${sub.givenAt.toISOString()}::timestamptz,
          ${sub.address ?? cleanOrNull(meta.address, MAX.address)}::text, ${sub.userAgent ?? cleanOrNull(meta.userAgent, MAX.userAgent)}::text, ${read.id}, ${at}
        from person
      )`,
    });
    if (!confirmed) throw new Error("the confirmed subscription's person was not stored");
    let warmed = false;
    if (sub.kind === "watch" && !live) {
      // A second statement: the first one already wrote the person's row (see warmingSql).
      const [mark] = await select(rows, { n: sql<number>`(select count(*)::integer from warming)` }, sql``, {
        with: sql`person as (select ${confirmed.personId}::integer as id), ${warmingSql(`Watches ${sub.label}`, true, { at: now })}`,
      });
      warmed = Number(mark?.n ?? 0) > 0;
    }
    return {
      status: live ? ("changed" as const) : ("confirmed" as const),
      label: sub.label,
      frequency: sub.frequency,
      personId: confirmed.personId,
      warmed,
    };
  });
  if (done === "invalid") return done;
  if (done.warmed) ctx.queued();
  const links = await alertLinks(ctx, done.personId, now);
  return { status: done.status, label: done.label, frequency: done.frequency, manageUrl: links.manage };
}

const listFields = {
  id: alertSubscriptions.id,
  kind: alertSubscriptions.kind,
  label: alertSubscriptions.label,
  frequency: alertSubscriptions.frequency,
  status: alertSubscriptions.status,
  listingKey: alertSubscriptions.listing_key,
  criteria: alertSubscriptions.criteria,
  createdAt: alertSubscriptions.created_at,
  confirmedAt: alertSubscriptions.confirmed_at,
};

export type SubscriptionSummary = RowOf<typeof listFields>;

/** The person's active searches and watched homes, newest first (the manage page). */
export async function subscriptionsOf(db: Database, personId: number): Promise<SubscriptionSummary[]> {
  const s = alertSubscriptions;
  return select(
    db.rows,
    listFields,
    sql`from ${s} where ${s.person_id} = ${personId} and ${s.status} = 'active' order by ${s.confirmed_at} desc, ${s.id} desc limit 500`,
  );
}

/** Changes how often one of the person's own active subscriptions is mailed; false when it is not theirs or not active. */
export async function setFrequency(db: Database, personId: number, subscriptionId: number, frequency: AlertFrequency): Promise<boolean> {
  if (!(CHOSEN_FREQUENCIES as readonly string[]).includes(frequency)) return false;
  const s = alertSubscriptions;
  const changed = await returning(
    db.rows,
    { id: s.id },
    sql`
    update ${s} set ${name(s.frequency)} = ${frequency} where ${s.id} = ${subscriptionId} and ${s.person_id} = ${personId} and ${s.status} = 'active' and ${s.kind} <> 'home'`,
  );
  return changed.length > 0;
}

/** Ends one of the person's own subscriptions, dropping its changes still waiting for a mail; false when it is not theirs or already ended. */
export async function endSubscription(db: Database, personId: number, subscriptionId: number, now: Date): Promise<boolean> {
  const s = alertSubscriptions;
  const [row] = await select(db.rows, { n: sql<number>`(select count(*)::integer from ended)` }, sql``, {
    with: sql`ended as (
      update ${s} set ${name(s.status)} = 'ended', ${name(s.ended_at)} = ${now.toISOString()}::timestamptz
      where ${s.id} = ${subscriptionId} and ${s.person_id} = ${personId} and ${s.status} <> 'ended'
      returning ${s.id} as id
    ),
    dropped as (delete from ${alertItems} where ${alertItems.subscription_id} in (select id from ended) and ${alertItems.outbox_id} is null)`,
  });
  return Number(row?.n ?? 0) > 0;
}

/**
 * Withdraws everything at once (the unsubscribe page's button, the mail program's one-click POST,
 * an erasure): every subscription ends, the ledger records the withdrawal (`basis`: how), the
 * changes waiting for a mail are dropped and the marketing mails not yet sent are withheld. One
 * statement, so it works at once and entirely; it runs after a lock on the person's row, so two
 * one-click POSTs arriving together on PostgreSQL record one withdrawal (the second statement
 * starts once the first committed, and sees its withdrawal).
 */
export async function unsubscribeAll(
  db: Database,
  personId: number,
  basis: string,
  meta: RequestMeta,
  now: Date,
): Promise<{ ended: number }> {
  const s = alertSubscriptions;
  const c = consentEvents;
  const o = notificationOutbox;
  const at = sql`${now.toISOString()}::timestamptz`;
  const marketing = sql.join(
    MARKETING_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const [row] = await db.transaction(async (rows) => {
    await rows(sql`select ${people.id} from ${people} where ${people.id} = ${personId} for update`);
    return select(rows, { ended: sql<number>`(select count(*)::integer from ended)` }, sql``, {
      with: sql`ended as (
        update ${s} set ${name(s.status)} = 'ended', ${name(s.ended_at)} = ${at}
        where ${s.person_id} = ${personId} and ${s.status} <> 'ended'
        returning ${s.id} as id
      ),
      withdrawal as (
        insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.given_at)}, ${name(c.client_address)}, ${name(c.user_agent)}, ${name(c.created_at)})
        select ${people.id}, 'withdrawal', ${clean(basis, MAX.form)}, ${at}, ${cleanOrNull(meta.address, MAX.address)}::text, ${cleanOrNull(meta.userAgent, MAX.userAgent)}::text, ${at}
        from ${people} where ${people.id} = ${personId}
          -- Once is the record: a repeated unsubscribe (a mail program retrying, a second click) adds nothing while the last event is already a withdrawal.
          and coalesce((select ${c.kind} from ${c} where ${c.person_id} = ${personId} order by ${c.created_at} desc, ${c.id} desc limit 1), '') <> 'withdrawal'
      ),
      dropped as (delete from ${alertItems} where ${alertItems.person_id} = ${personId} and ${alertItems.outbox_id} is null),
      withheld as (
        update ${o} set ${name(o.status)} = 'withheld'
        where ${o.person_id} = ${personId} and ${o.kind} in (${marketing}) and ${o.status} = 'pending'
      )`,
    });
  });
  return { ended: Number(row?.ended ?? 0) };
}
