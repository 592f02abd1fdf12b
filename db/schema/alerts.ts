/**
 * Listing alerts and watched homes (issue 32, decision 039): the buyers' subscriptions, the
 * consent ledger, the listing changes each sync records, the matched changes waiting for their
 * mail, the homes opened from alerts, the suppression list and the server's signing secret.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  ALERT_FREQUENCIES,
  ALERT_KINDS,
  ALERT_STATUSES,
  type AlertCriteria,
  CONSENT_KINDS,
  LISTING_CHANGE_KINDS,
} from "../../app/lib/alert-values";
import { createdAt } from "./columns";
import { people } from "./inbox";
import { notificationOutbox } from "./outbox";

const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A saved search or a watched home. Until its confirmation link is used it is `pending` and holds
 * the address typed (no person exists for it, so an address typed by someone else leaves nothing
 * in the inbox); confirmed, it belongs to a person and is `active`; removed or unsubscribed, `ended`.
 * Each sign-up is its own row, never overwritten by another (issue 38): its fields are what that
 * sign-up typed, and the consent its link confirms is its own. A pending row nobody confirmed is
 * deleted once its link has expired (inbox/retention.server.ts).
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    /** Trimmed and lower-cased, as people.email. */
    email: text("email").notNull(),
    name: text("name"),
    /** The person, from confirmation on. */
    person_id: integer("person_id").references(() => people.id, { onDelete: "cascade" }),
    /** A saved search's criteria ({} for a watched home). */
    criteria: jsonb("criteria")
      .$type<AlertCriteria>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The watched home's ListingKey, or the reported home's roll account (kind `home`). No foreign
     * key: listings leave the feed, and the watch must hear of it; the roll is replaced each year.
     */
    listing_key: text("listing_key"),
    /** What the buyer sees in mails and the manage page: "Houses in Edmonton, 3+ beds", or the home's address. */
    label: text("label").notNull(),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull(),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("pending"),
    /** The consent text shown beside the box, word for word, and its version (copied to the ledger at confirmation). */
    consent_text: text("consent_text").notNull(),
    consent_version: text("consent_version").notNull(),
    /** Where the sign-up came from: the page's form ("Save this search", "Watch this home"). */
    form: text("form").notNull(),
    client_address: text("client_address"),
    user_agent: text("user_agent"),
    created_at: createdAt(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    ended_at: timestamp("ended_at", { withTimezone: true }),
    /**
     * A sign-up for a search its address already had, confirmed: the live subscription whose
     * frequency it changed. The row then ends at once, kept as the record of that confirmation.
     */
    applied_to: integer("applied_to").references((): AnyPgColumn => alertSubscriptions.id, { onDelete: "set null" }),
  },
  (t) => [
    check("alert_subscriptions_kind_check", sql`${t.kind} in (${listOf(ALERT_KINDS)})`),
    check("alert_subscriptions_frequency_check", sql`${t.frequency} in (${listOf(ALERT_FREQUENCIES)})`),
    check("alert_subscriptions_status_check", sql`${t.status} in (${listOf(ALERT_STATUSES)})`),
    check("alert_subscriptions_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("alert_subscriptions_watch_check", sql`(${t.kind} in ('watch', 'home')) = (${t.listing_key} is not null)`),
    check("alert_subscriptions_person_check", sql`${t.status} = 'pending' or ${t.person_id} is not null`),
    index("alert_subscriptions_person_idx").on(t.person_id),
    // A sign-up looks for the same search of the same address (and an erasure for every one of it).
    index("alert_subscriptions_email_idx").on(t.email),
    index("alert_subscriptions_active_idx")
      .on(t.kind, t.listing_key)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The consent ledger (CASL): one row per event, never updated. Express consent is written when a
 * sign-up is confirmed (the text shown, its version, the form, when and from where it was given);
 * implied consent by an inquiry (expires 6 months later) or a Closed status (2 years later); a
 * withdrawal by an unsubscribe or an erasure. Every marketing mail reads it at send time.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    /** Why, in a few words: "Save this search", "contact_form", "Closed", "One-click unsubscribe", … */
    basis: text("basis").notNull(),
    consent_text: text("consent_text"),
    consent_version: text("consent_version"),
    /** When and from where the consent was given (a sign-up's time, before its confirmation). */
    given_at: timestamp("given_at", { withTimezone: true }),
    client_address: text("client_address"),
    user_agent: text("user_agent"),
    /** Implied consent's end. */
    expires_at: timestamp("expires_at", { withTimezone: true }),
    subscription_id: integer("subscription_id").references(() => alertSubscriptions.id, { onDelete: "set null" }),
    created_at: createdAt(),
  },
  (t) => [
    check("consent_events_kind_check", sql`${t.kind} in (${listOf(CONSENT_KINDS)})`),
    index("consent_events_person_idx").on(t.person_id, t.created_at),
  ],
);

/**
 * What each sync changed, written by the same statement that stores the change (store.server.ts):
 * a new listing, a price change, a status change, a removal (with the feed's status when the
 * listing left because of it). The alerts job reads it in id order and prunes it after a week.
 */
export const listingChanges = pgTable(
  "listing_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    listing_key: text("listing_key").notNull(),
    kind: text("kind", { enum: LISTING_CHANGE_KINDS }).notNull(),
    old_price: doublePrecision("old_price"),
    new_price: doublePrecision("new_price"),
    old_status: text("old_status"),
    new_status: text("new_status"),
    created_at: createdAt(),
  },
  (t) => [
    check("listing_changes_kind_check", sql`${t.kind} in (${listOf(LISTING_CHANGE_KINDS)})`),
    index("listing_changes_created_idx").on(t.created_at),
  ],
);

/** How far the alerts job has matched listing_changes (one row). */
export const alertCursor = pgTable(
  "alert_cursor",
  {
    id: integer("id").primaryKey(),
    last_change_id: bigint("last_change_id", { mode: "number" }).notNull().default(0),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("alert_cursor_single_row_check", sql`${t.id} = 1`)],
);

/**
 * What one matching run found for one active subscription: the listing changes (ids of
 * listing_changes, in id order) waiting for the person's next mail at the subscription's frequency;
 * `outbox_id` is the mail that carried them (null: still waiting). One row per subscription and
 * run, not per home: 10,000 searches against a large sync make some 10,000 rows, not 400,000. A
 * change matched by several searches of one person is shown once in their mail.
 */
export const alertItems = pgTable(
  "alert_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    subscription_id: integer("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    change_ids: bigint("change_ids", { mode: "number" }).array().notNull(),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull(),
    created_at: createdAt(),
    outbox_id: integer("outbox_id").references(() => notificationOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    index("alert_items_waiting_idx")
      .on(t.person_id)
      .where(sql`${t.outbox_id} is null`),
    index("alert_items_subscription_idx").on(t.subscription_id),
    index("alert_items_outbox_idx").on(t.outbox_id),
  ],
);

/**
 * A home opened from an alert's link (the link names the listing and the person's signed token):
 * only a home an alert mail carried to the person, once per person, home and day (the Edmonton
 * calendar day of the first open), so replaying links cannot grow the table (issue 38).
 */
export const alertOpens = pgTable(
  "alert_opens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    listing_key: text("listing_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("alert_opens_person_day_idx").on(t.person_id, t.listing_key, t.day)],
);

/** Addresses never to be mailed again (an erased person): a keyed hash of the address, not the address. */
export const emailSuppressions = pgTable("email_suppressions", {
  email_hash: text("email_hash").primaryKey(),
  reason: text("reason").notNull(),
  created_at: createdAt(),
});

/**
 * Secrets the servers sharing the database sign with, made on first use (one row per name):
 * the alert links' tokens, the suppression list's hash key.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: createdAt(),
});
