/** What the public forms store: welcome-page leads, contact messages and the homes they ask about. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SERVICE_TYPES } from "../../app/lib/schema-values";
import { createdAt } from "./columns";

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

export type Lead = typeof leads.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
