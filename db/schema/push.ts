/** Web Push to the agent's devices (decision 038): the server's VAPID keys, the subscribed devices, the pushes queued for them. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { inboxUsers, people } from "./inbox";

/**
 * The VAPID key pair the push services know this server by, made on first start. One row: every
 * server sharing the database signs with the same key, so a subscription made through one is
 * served by all (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY override it).
 */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: integer("id").primaryKey(),
    /** P-256 public key, uncompressed point, base64url: the browser's applicationServerKey. */
    public_key: text("public_key").notNull(),
    private_key: text("private_key").notNull(),
    created_at: createdAt(),
  },
  (t) => [check("push_keys_single_row_check", sql`${t.id} = 1`)],
);

/** A browser of an inbox account subscribed to pushes. The endpoint was checked to be an https URL on a public host when it was stored. */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer("account_id")
      .notNull()
      .references(() => inboxUsers.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The subscription's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android", read from the User-Agent when it subscribed. */
    browser: text("browser").notNull(),
    created_at: createdAt(),
    last_push_at: timestamp("last_push_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_devices_endpoint_key").on(t.endpoint), index("push_devices_account_idx").on(t.account_id)],
);

export const PUSH_KINDS = ["lead", "test", "reminder", "warming", "health", "showing"] as const;
export const PUSH_STATUSES = ["pending", "sending", "sent", "failed"] as const;

/**
 * One push to one device, queued in the transaction that makes its reason (a submission, a
 * reminder, a test) and delivered by the push job like the mail outbox: pending -> sending
 * (claimed until next_attempt_at) -> sent | failed. `payload` holds the facts (who, which form,
 * which home, the first words); the text is made when it is sent, under the account's lock-screen
 * setting at that moment.
 */
export const pushMessages = pgTable(
  "push_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    device_id: integer("device_id")
      .notNull()
      .references(() => pushDevices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PUSH_KINDS }).notNull(),
    person_id: integer("person_id").references(() => people.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: PUSH_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    last_error: text("last_error"),
    created_at: createdAt(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("push_messages_kind_check", sql`${t.kind} in (${sql.raw(PUSH_KINDS.map((k) => `'${k}'`).join(", "))})`),
    check("push_messages_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index("push_messages_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
