/** Showings a buyer books on a listing page (issue 44), and the agent's availability for them. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SHOWING_STATUSES } from "../../app/lib/schema-values";
import { createdAt } from "./columns";
import { people } from "./inbox";

/**
 * One row per showing asked for. A slot is held by the partial unique index on its start among
 * the showings still on (requested or confirmed): of two requests for one time, on any number of
 * servers, the database lets one in and refuses the other (23505); a cancelled showing frees it.
 * `uid` and `sequence` are the invitation's (RFC 5545): one UID for the showing's whole life, a
 * higher SEQUENCE for each change the buyer is sent.
 */
export const showings = pgTable(
  "showings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    uid: text("uid").notNull(),
    listing_key: text("listing_key").notNull(),
    /** A snapshot of the home (key, address, path, url, MLS® number): the listing may leave the feed. */
    listing: jsonb("listing").notNull(),
    person_id: integer("person_id").references(() => people.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    note: text("note"),
    starts_at: timestamp("starts_at", { withTimezone: true }).notNull(),
    ends_at: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: SHOWING_STATUSES }).notNull().default("requested"),
    sequence: integer("sequence").notNull().default(0),
    created_at: createdAt(),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    cancelled_at: timestamp("cancelled_at", { withTimezone: true }),
    /** Who cancelled: the buyer (their link), the agent (the inbox) or the listing (the sync saw it leave the market). */
    cancelled_by: text("cancelled_by"),
  },
  (t) => [
    uniqueIndex("showings_uid_key").on(t.uid),
    uniqueIndex("showings_held_slot_key")
      .on(t.starts_at)
      .where(sql`${t.status} in ('requested', 'confirmed')`),
    index("showings_listing_idx").on(t.listing_key, t.starts_at),
    index("showings_person_idx").on(t.person_id),
    check("showings_status_check", sql`${t.status} in (${sql.raw(SHOWING_STATUSES.map((s) => `'${s}'`).join(", "))})`),
    check("showings_ends_after_start_check", sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/**
 * The agent's availability (one row, id 1; absent: the defaults of app/lib/showing-slots.ts), the
 * calendar subscription's token, and the agent's own calendar's address with what its last fetch found.
 */
export const showingSettings = pgTable(
  "showing_settings",
  {
    id: integer("id").primaryKey().default(1),
    length_minutes: integer("length_minutes").notNull(),
    buffer_minutes: integer("buffer_minutes").notNull(),
    ahead_days: integer("ahead_days").notNull(),
    notice_minutes: integer("notice_minutes").notNull(),
    /** WeeklyHours[] */
    weekly: jsonb("weekly").notNull(),
    /** TimeRange[] */
    time_off: jsonb("time_off").notNull(),
    /** The secret of the agent's webcal:// subscription URL; a new one revokes the old. */
    feed_token: text("feed_token"),
    /** The agent's own calendar's private iCal address (https, public hosts only). */
    calendar_url: text("calendar_url"),
    /** The busy intervals its last good fetch found ({start, end} in ms). */
    busy: jsonb("busy")
      .notNull()
      .default(sql`'[]'::jsonb`),
    busy_fetched_at: timestamp("busy_fetched_at", { withTimezone: true }),
    busy_checked_at: timestamp("busy_checked_at", { withTimezone: true }),
    busy_error: text("busy_error"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("showing_settings_one_row_check", sql`${t.id} = 1`)],
);
