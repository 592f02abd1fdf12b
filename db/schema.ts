/**
 * The database schema (Drizzle, PostgreSQL dialect): what the site stores of its visitors.
 * Column names follow issue 4 and spec/site.md §3. Migrations are generated from this file
 * (`npm run db:generate`) into db/migrations and applied at server start-up.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { SERVICE_TYPES } from "./schema-values";

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
  },
  (t) => [
    uniqueIndex("notification_outbox_message_id_key").on(t.message_id),
    check("notification_outbox_kind_check", sql`${t.kind} in ('lead', 'contact')`),
    check("notification_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    // The worker's claim query scans only undelivered rows.
    index("notification_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

export type Lead = typeof leads.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type PropertyInquiry = typeof propertyInquiries.$inferSelect;
export type OutboxRow = typeof notificationOutbox.$inferSelect;
