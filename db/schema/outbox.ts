/** The notification outbox: one row per submission, sent by the outbox job. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SUBMISSION_KINDS } from "../../app/lib/forms";
import { createdAt } from "./columns";
import { contacts, leads } from "./submissions";
import { people } from "./inbox";
import { showings } from "./showings";

/**
 * The transactional outbox: one row per notification the agent must receive, written in the
 * same transaction as the lead or contact it announces, delivered by the outbox worker.
 *
 * status: pending -> sending (claimed) -> sent | failed (kept for review, never deleted) | withheld
 * (a marketing mail whose person had no valid consent when it was due, or a mail past its
 * recipient's daily cap (app/lib/server/mail/recipient-cap.server.ts): never sent, kept as the record).
 * next_attempt_at is when a pending row is due, and for a row being sent, when its claim expires
 * (a worker that died mid-send): either way the worker takes rows whose time has come.
 */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "withheld"] as const;
/** The submissions' kinds come first, from the forms' registry (the inbox's timeline, its CSV, the response times). */
export const OUTBOX_KINDS = [
  ...SUBMISSION_KINDS,
  "acknowledgement",
  "reminder",
  "summary",
  "confirmation",
  "alert",
  "warming",
  "health",
  "showing-reminder",
  "invitation",
  "home-report",
  "open-house-reminder",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export { SUBMISSION_KINDS };
/** The kinds that are marketing (CASL): each is checked against the consent ledger when it is sent, and carries List-Unsubscribe. */
export const MARKETING_KINDS = ["alert", "home-report"] as const;

export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /**
     * What the mail is: a submission announced to the agent ('lead', 'contact': the inbox's
     * timeline reads these as the submissions), the visitor's acknowledgement of one, a reminder to
     * the agent of a person still New, the morning summary; a listing-alert sign-up's confirmation
     * link (to the visitor), a listing alert (to the person: marketing), a person warming up (to the agent).
     */
    kind: text("kind", { enum: OUTBOX_KINDS }).notNull(),
    /** The visitor's address (acknowledgement, confirmation, alert); null: the agent (AGENT_NOTIFY_EMAIL). */
    recipient: text("recipient"),
    lead_id: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    contact_id: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** A showing's request, its reminders and the buyer's invitations (issue 44). */
    showing_id: integer("showing_id").references(() => showings.id, { onDelete: "set null" }),
    /** The form's source of spec §7 (SUBMISSION_SOURCES in app/lib/forms.ts), or the listing alerts'. */
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
    /** The inbox's person this submission belongs to, found or created by the submission's own statement (`personUpsert`, decision 035). */
    person_id: integer("person_id").references(() => people.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("notification_outbox_message_id_key").on(t.message_id),
    check("notification_outbox_kind_check", sql`${t.kind} in (${sql.raw(OUTBOX_KINDS.map((k) => `'${k}'`).join(", "))})`),
    check("notification_outbox_status_check", sql`${t.status} in (${sql.raw(OUTBOX_STATUSES.map((k) => `'${k}'`).join(", "))})`),
    // The worker's claim query scans only undelivered rows.
    index("notification_outbox_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("notification_outbox_person_idx").on(t.person_id, t.created_at),
    index("notification_outbox_showing_idx").on(t.showing_id),
  ],
);
