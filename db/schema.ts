/**
 * The database schema (Drizzle, PostgreSQL dialect): what the site stores of its visitors.
 * Column names follow issue 4 and spec/site.md §3. Migrations are generated from this file
 * (`npm run db:generate`) into db/migrations and applied at server start-up.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { LISTING_CATEGORIES, PERSON_STATUSES, SERVICE_TYPES } from "./schema-values";

export * from "./schema-values";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Leads from the welcome page form. */
export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    full_name: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    // A check constraint rather than a PostgreSQL enum: values can be added by a plain migration.
    service_type: text("service_type", { enum: SERVICE_TYPES }).notNull(),
    comments: text("comments"),
    /** The consent text the visitor was shown beside the Continue button, word for word (CASL record). */
    consent_text: text("consent_text"),
    consent_version: text("consent_version"),
    /** The visitor's address and browser when they submitted (CASL record). */
    client_address: text("client_address"),
    user_agent: text("user_agent"),
    created_at: createdAt(),
  },
  (t) => [
    // Written out from SERVICE_TYPES: a new service type changes this constraint in the next migration.
    check("leads_service_type_check", sql`${t.service_type} in (${sql.raw(SERVICE_TYPES.map((v) => `'${v}'`).join(", "))})`),
    index("leads_created_at_idx").on(t.created_at),
  ],
);

/** People who used the contact form; one row per e-mail address. */
export const contacts = pgTable(
  "contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** Stored trimmed and lower-cased, so "A@X.ca " and "a@x.ca" are the same contact. */
    email: text("email").notNull(),
    /** Trimmed; null when empty. */
    phone: text("phone"),
    source: text("source").notNull(),
    created_at: createdAt(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_email_key").on(t.email),
    // The application lower-cases; the database refuses anything that slipped past it.
    check("contacts_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/** Messages sent through the contact form (only non-empty ones are stored). */
export const propertyInquiries = pgTable(
  "property_inquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contact_id: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    inquiry_type: text("inquiry_type").notNull(),
    /** The home asked about, for an inquiry sent from a listing page (its ListingKey; kept after the listing leaves the feed). */
    listing_key: text("listing_key"),
    created_at: createdAt(),
  },
  (t) => [index("property_inquiries_contact_id_idx").on(t.contact_id), check("property_inquiries_message_check", sql`${t.message} <> ''`)],
);

/**
 * The transactional outbox: one row per notification the agent must receive, written in the
 * same transaction as the lead or contact it announces, delivered by the outbox worker.
 *
 * status: pending -> sending (claimed) -> sent | failed (kept for review, never deleted).
 * next_attempt_at is when a pending row is due, and for a row being sent, when its claim expires
 * (a worker that died mid-send): either way the worker takes rows whose time has come.
 */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** 'lead' or 'contact': which kind of submission the payload describes. */
    kind: text("kind", { enum: ["lead", "contact"] }).notNull(),
    lead_id: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    contact_id: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** 'Welcome Page Form' or 'contact_form' (spec §7). */
    source: text("source").notNull(),
    /** A snapshot of what the visitor submitted, so the mail says exactly that even if the row changes later. */
    payload: jsonb("payload").notNull(),
    /** Kept identical across retries, so a receiving server can drop a duplicate after a crash mid-send. */
    message_id: text("message_id").notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    last_error: text("last_error"),
    created_at: createdAt(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** The inbox's person this submission belongs to, set by the database as the row is inserted (migration 0001). */
    person_id: integer("person_id").references(() => people.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("notification_outbox_message_id_key").on(t.message_id),
    check("notification_outbox_kind_check", sql`${t.kind} in ('lead', 'contact')`),
    check("notification_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    // The worker's claim query scans only undelivered rows.
    index("notification_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.status} in ('pending', 'sending')`),
    index("notification_outbox_person_idx").on(t.person_id, t.created_at),
  ],
);

const statusList = sql.raw(PERSON_STATUSES.map((v) => `'${v}'`).join(", "));

/**
 * The inbox's people: everyone who submitted a form, one row per e-mail address (trimmed,
 * lower-cased), whichever form they used. The database keeps this row up to date: every
 * submission's outbox row passes through `inbox_person_for_submission` (migration 0001), so the
 * public forms' single-statement writes stay as they are.
 */
export const people = pgTable(
  "people",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    status: text("status", { enum: PERSON_STATUSES }).notNull().default("new"),
    /** The forms this person used ('Welcome Page Form', 'contact_form'). */
    sources: text("sources").array().notNull().default(sql`'{}'::text[]`),
    service_type: text("service_type"),
    /** The latest message or comments, for the list. */
    preview: text("preview"),
    /** Lower-cased name, e-mail, phone and messages: what the inbox's search looks in. */
    search_text: text("search_text").notNull().default(""),
    submissions: integer("submissions").notNull().default(0),
    first_at: timestamp("first_at", { withTimezone: true }).notNull().defaultNow(),
    last_activity_at: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the oldest submission still waiting for the agent arrived (the 24-hour reply promise); null once the agent acted. */
    awaiting_reply_since: timestamp("awaiting_reply_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("people_email_key").on(t.email),
    check("people_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
    check("people_status_check", sql`${t.status} in (${statusList})`),
    index("people_activity_idx").on(t.last_activity_at, t.id),
    index("people_status_activity_idx").on(t.status, t.last_activity_at),
  ],
);

/** The agent's side of a person's timeline: status changes and notes (submissions come from the outbox). */
export const personEvents = pgTable(
  "person_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    person_id: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["status", "note"] }).notNull(),
    from_status: text("from_status", { enum: PERSON_STATUSES }),
    to_status: text("to_status", { enum: PERSON_STATUSES }),
    note: text("note"),
    author_id: integer("author_id").references(() => inboxUsers.id, { onDelete: "set null" }),
    /** The author's name when written, so the timeline still says who after an account is gone. */
    author_name: text("author_name").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("person_events_person_idx").on(t.person_id, t.created_at), check("person_events_kind_check", sql`${t.kind} in ('status', 'note')`)],
);

/** People who may use the inbox. There is no public sign-up: accounts come from one-time set-up links. */
export const inboxUsers = pgTable(
  "inbox_users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** argon2id (PHC string); null for an account that signs in with passkeys only. */
    password_hash: text("password_hash"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("inbox_users_email_key").on(t.email), check("inbox_users_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`)],
);

/** WebAuthn credentials (passkeys) of inbox accounts. */
export const inboxPasskeys = pgTable(
  "inbox_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => inboxUsers.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    public_key: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** JSON array of the authenticator's transports, handed back to the browser at sign-in. */
    transports: text("transports").notNull().default("[]"),
    created_at: createdAt(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("inbox_passkeys_user_idx").on(t.user_id)],
);

/** Signed-in browsers. Only a SHA-256 of the cookie's random token is stored. */
export const inboxSessions = pgTable(
  "inbox_sessions",
  {
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => inboxUsers.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    address: text("address"),
    user_agent: text("user_agent"),
  },
  (t) => [index("inbox_sessions_user_idx").on(t.user_id)],
);

/** One-time set-up links; only a SHA-256 of the link's token is stored. */
export const inboxInvites = pgTable("inbox_invites", {
  token_hash: text("token_hash").primaryKey(),
  created_by: integer("created_by").references(() => inboxUsers.id, { onDelete: "set null" }),
  /** Whom the link was made for (a hint shown on the set-up page), when known. */
  email: text("email"),
  created_at: createdAt(),
  expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  used_at: timestamp("used_at", { withTimezone: true }),
});

/**
 * WebAuthn challenges handed out and not yet answered (each is usable once, for a few minutes).
 * Handing one out is rate-limited; expired ones are swept through the expiry index.
 */
export const inboxChallenges = pgTable(
  "inbox_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("inbox_challenges_expires_idx").on(t.expires_at)],
);

/**
 * Browsers that have signed in to an account before (OWASP's device cookie): while strangers are
 * throttled on that account, such a browser keeps an allowance of its own (decision 029). Only a
 * SHA-256 of the cookie's random token is stored.
 */
export const inboxDevices = pgTable(
  "inbox_devices",
  {
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => inboxUsers.id, { onDelete: "cascade" }),
    created_at: createdAt(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inbox_devices_user_idx").on(t.user_id, t.last_used_at)],
);

/** Sign-in attempts refused by the throttle, counted per day rather than logged one row each. */
export const inboxSignInTallies = pgTable(
  "inbox_sign_in_tallies",
  {
    day: date("day").notNull(),
    method: text("method", { enum: ["password", "passkey"] }).notNull(),
    throttled: integer("throttled").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.method] })],
);

/**
 * Sign-ins and failed attempts that reached the password or passkey check, for the agent to
 * review: a bounded recent history (the newest rows up to a cap, none older than the retention).
 */
export const inboxSignIns = pgTable(
  "inbox_sign_ins",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer("user_id").references(() => inboxUsers.id, { onDelete: "set null" }),
    /** The e-mail typed (password) or the account's (passkey). */
    email: text("email"),
    method: text("method", { enum: ["password", "passkey", "setup"] }).notNull(),
    ok: boolean("ok").notNull(),
    /** Why it failed, in a word ("password", "unknown-account", "throttled", "passkey"). */
    reason: text("reason"),
    address: text("address"),
    user_agent: text("user_agent"),
    created_at: createdAt(),
  },
  (t) => [index("inbox_sign_ins_created_idx").on(t.created_at)],
);

export type Lead = typeof leads.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type PropertyInquiry = typeof propertyInquiries.$inferSelect;
export type OutboxRow = typeof notificationOutbox.$inferSelect;
export type Person = typeof people.$inferSelect;
export type PersonEvent = typeof personEvents.$inferSelect;
export type InboxUser = typeof inboxUsers.$inferSelect;
export type InboxPasskey = typeof inboxPasskeys.$inferSelect;
export type InboxSession = typeof inboxSessions.$inferSelect;
export type InboxInvite = typeof inboxInvites.$inferSelect;
export type InboxSignIn = typeof inboxSignIns.$inferSelect;

/** A photo of a listing, in the feed's order (Media, photos only). */
export interface ListingPhoto {
  url: string;
  description: string | null;
}

/**
 * The local copy of the REALTOR.ca DDF® feed (issue 12): one row per listing the feed currently
 * offers, written only by the listings sync (app/lib/server/listings). Column comments name the
 * DDF Property field each one holds.
 */
export const listings = pgTable(
  "listings",
  {
    /** ListingKey: the feed's key, and the first part of the page's address. */
    listing_key: text("listing_key").primaryKey(),
    /** ListingId: the MLS® number shown to people. */
    mls_number: text("mls_number"),
    /** The page's address after the key, from the street address (see listingPath). */
    slug: text("slug").notNull(),
    /** StandardStatus as the site shows it (ListingStatus: active, under-contract, pending; decision 030). */
    status: text("status"),
    /** ListPrice, in dollars. */
    list_price: doublePrecision("list_price"),
    /** UnparsedAddress (street part). */
    address: text("address").notNull(),
    city: text("city"),
    province: text("province"),
    postal_code: text("postal_code"),
    /** SubdivisionName: the neighbourhood. */
    community: text("community"),
    bedrooms: integer("bedrooms"),
    /** BathroomsTotalInteger. */
    bathrooms: integer("bathrooms"),
    living_area: doublePrecision("living_area"),
    living_area_units: text("living_area_units"),
    /** The site's own grouping (LISTING_CATEGORIES), derived from PropertySubType and StructureType. */
    category: text("category", { enum: LISTING_CATEGORIES }).notNull(),
    property_sub_type: text("property_sub_type"),
    public_remarks: text("public_remarks"),
    /**
     * ListOfficeKey, then CoListOfficeKey, 2 and 3: the brokerages, whose names (which the DDF rules
     * require beside the listing) are read from `offices` when a page is drawn, so a renamed office
     * shows on every listing after one sync.
     */
    office_keys: text("office_keys").array().notNull().default(sql`'{}'::text[]`),
    /** ListAgentKey, then CoListAgentKey, 2 and 3: DDF_MEMBER_KEY among them marks the agent's own listing. */
    agent_keys: text("agent_keys").array().notNull().default(sql`'{}'::text[]`),
    /** ListingURL: the listing on REALTOR.ca (the "Powered by REALTOR.ca" badge links there). */
    listing_url: text("listing_url"),
    photos: jsonb("photos").$type<ListingPhoto[]>().notNull().default(sql`'[]'::jsonb`),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** OriginalEntryTimestamp: "newest first" sorts on this. */
    listed_at: timestamp("listed_at", { withTimezone: true }),
    /** ModificationTimestamp. */
    modified_at: timestamp("modified_at", { withTimezone: true }).notNull(),
    synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("listings_category_check", sql`${t.category} in (${sql.raw(LISTING_CATEGORIES.map((v) => `'${v}'`).join(", "))})`),
    index("listings_city_listed_idx").on(t.city, t.listed_at),
    index("listings_category_listed_idx").on(t.category, t.listed_at),
    index("listings_listed_idx").on(t.listed_at),
    index("listings_modified_idx").on(t.modified_at),
    index("listings_agent_keys_idx").using("gin", t.agent_keys),
  ],
);

/** The Office resource of the feed, replicated like the listings: the brokerages' names. */
export const offices = pgTable("offices", {
  /** OfficeKey, as the listings' ListOfficeKey names it. */
  office_key: text("office_key").primaryKey(),
  office_name: text("office_name"),
  /** ModificationTimestamp. */
  modified_at: timestamp("modified_at", { withTimezone: true }).notNull(),
  synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Upcoming public open houses of the feed's listings (the OpenHouse resource, fetched whole on
 * every sync: it has no replication function). Date and times are Edmonton local time, as sent.
 */
export const openHouses = pgTable(
  "open_houses",
  {
    open_house_key: text("open_house_key").primaryKey(),
    listing_key: text("listing_key").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** "13:00"; null when the feed leaves it out. */
    start_time: text("start_time"),
    end_time: text("end_time"),
    /** LivestreamOpenHouseURL, kept only when it is an https link. */
    livestream_url: text("livestream_url"),
    synced_at: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("open_houses_listing_date_idx").on(t.listing_key, t.date), index("open_houses_date_idx").on(t.date)],
);
/** Listings that left the feed: their pages answer 410 Gone instead of 404 (nothing else of them is kept). */
export const listingTombstones = pgTable("listing_tombstones", {
  listing_key: text("listing_key").primaryKey(),
  removed_at: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sync's state, one row (id 1): the modification-time watermark, the lease that lets only one
 * server sync at a time, and the last run's figures for the inbox.
 */
export const listingSync = pgTable("listing_sync", {
  id: integer("id").primaryKey(),
  /** The newest ModificationTimestamp stored: the next increment asks for changes after it. */
  watermark: timestamp("watermark", { withTimezone: true }),
  /** The same for the Office resource (OfficeReplication). */
  office_watermark: timestamp("office_watermark", { withTimezone: true }),
  /** When the last complete list of the feed's keys was compared with ours (removals). */
  last_full_check_at: timestamp("last_full_check_at", { withTimezone: true }),
  /** Who holds the sync and until when; a server that died lets go when the lease runs out. */
  lease_owner: text("lease_owner"),
  lease_until: timestamp("lease_until", { withTimezone: true }),
  /** The run in progress, or the last one: { phase, fetched, upserted, removed, ... }. */
  progress: jsonb("progress").$type<Record<string, unknown>>(),
  last_started_at: timestamp("last_started_at", { withTimezone: true }),
  last_finished_at: timestamp("last_finished_at", { withTimezone: true }),
  last_success_at: timestamp("last_success_at", { withTimezone: true }),
  last_error: text("last_error"),
  consecutive_failures: integer("consecutive_failures").notNull().default(0),
  /** When any server may try next (backoff after a failure). */
  next_run_at: timestamp("next_run_at", { withTimezone: true }),
});
export type InboxDevice = typeof inboxDevices.$inferSelect;
