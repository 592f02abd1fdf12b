/** The agent's inbox: people, their timelines, accounts, passkeys, sessions, invites, devices and sign-ins. */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PERSON_STATUSES } from "../../app/lib/schema-values";
import { createdAt } from "./columns";

const statusList = sql.raw(PERSON_STATUSES.map((v) => `'${v}'`).join(", "));

/**
 * The inbox's people: everyone who submitted a form, one row per e-mail address (trimmed,
 * lower-cased), whichever form they used. Each submission's own statement finds or creates the
 * row and links its outbox row to it (`personUpsert` in app/lib/server/inbox/people.server.ts,
 * decision 035), so the public forms' writes stay one statement each.
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
    sources: text("sources")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    /** When the agent was last reminded of this person (a person still New past the reply time); one reminder per wait. */
    reminded_at: timestamp("reminded_at", { withTimezone: true }),
    /** When the person started warming up (opened a home from alerts twice, watched a home, asked about one); the list marks them. */
    warming_at: timestamp("warming_at", { withTimezone: true }),
    /** When their personal fields were erased at their request (the row stays, anonymous, for the timeline's counts and the audit). */
    erased_at: timestamp("erased_at", { withTimezone: true }),
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
    /** A status change, a note, or a privacy request carried out (an export or an erasure: the audit). */
    kind: text("kind", { enum: ["status", "note", "privacy"] }).notNull(),
    from_status: text("from_status", { enum: PERSON_STATUSES }),
    to_status: text("to_status", { enum: PERSON_STATUSES }),
    note: text("note"),
    author_id: integer("author_id").references(() => inboxUsers.id, { onDelete: "set null" }),
    /** The author's name when written, so the timeline still says who after an account is gone. */
    author_name: text("author_name").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("person_events_person_idx").on(t.person_id, t.created_at),
    check("person_events_kind_check", sql`${t.kind} in ('status', 'note', 'privacy')`),
  ],
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
    /** Pushes to this account's devices say "New lead" only, nothing of the person (a phone's lock screen shows them to anyone). */
    push_hide_details: boolean("push_hide_details").notNull().default(false),
  },
  (t) => [
    uniqueIndex("inbox_users_email_key").on(t.email),
    check("inbox_users_email_normalised_check", sql`${t.email} = lower(btrim(${t.email}))`),
  ],
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

export type Person = typeof people.$inferSelect;
