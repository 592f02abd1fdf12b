/**
 * The forms' registry, the server's half (the labels are app/lib/forms.ts): one entry per kind of
 * submission with what the rest of the site reads of it — the outbox column that links its row,
 * the agent's e-mail, the visitor's acknowledgement, its columns in the inbox's CSV, and the
 * tables its statement writes (which privacy erasure and export must cover, see personal-tables.server.ts).
 * One entry per public form with its fields and payload schema. Adding a form: docs/forms.md.
 */
import type { Column, Table } from "drizzle-orm";
import { ALERTS_SOURCE } from "~/lib/alert-values";
import { type PublicForm, SUBMISSION_KINDS, SUBMISSION_SOURCES, type SubmissionKind } from "~/lib/forms";
import { CONTACT_FIELDS, contactSchema } from "~/lib/schemas/contact";
import { LEAD_FIELDS, leadSchema } from "~/lib/schemas/lead";
import { LISTING_INQUIRY_FIELDS, listingInquirySchema } from "~/lib/schemas/listing-inquiry";
import { HOME_VALUATION_FIELDS, homeValuationSchema } from "~/lib/schemas/home-valuation";
import { SHOWING_FIELDS, showingSchema } from "~/lib/schemas/showing";
import { OPEN_HOUSE_RSVP_FIELDS, openHouseRsvpSchema } from "~/lib/schemas/open-house-rsvp";
import { slotLabel } from "~/lib/showing-slots";
import { SERVICE_LABELS, isServiceType } from "~/lib/schemas/services";
import type * as z from "zod/mini";
import {
  alertSubscriptions,
  consentEvents,
  contacts,
  leads,
  notificationOutbox,
  people,
  propertyInquiries,
  pushMessages,
  showings,
} from "../../../../db/schema";
import {
  type AcknowledgementText,
  CONTACT_REPLY_PROMISE,
  LEAD_REPLY_PROMISE,
  SHOWING_REPLY_PROMISE,
  acknowledgementEmail,
} from "../mail/acknowledgement-email.server";
import { type NoticeOf, contactNotice, leadNotice, noticeEmail } from "../mail/notification-email.server";
import { showingNotice } from "../mail/showing-email.server";
import type { OutboxNotification } from "../mail/outbox.server";
import type { PersonKeys } from "../inbox/people.server";

/** The inbox CSV's columns a submission fills from its payload snapshot, in this order. */
export const SUBMISSION_CSV_COLUMNS = ["Name", "E-mail", "Phone", "Service type", "Message or comments"] as const;
type CsvCells = Record<(typeof SUBMISSION_CSV_COLUMNS)[number], unknown>;

export interface SubmissionEntry {
  kind: SubmissionKind;
  /** spec §7's source, recorded on its rows. */
  source: string;
  /** The outbox column that links its notification (and acknowledgement) to the stored submission. */
  link: Column;
  /** The payload's keys of the person's name and words (the inbox's person, its preview). */
  personKeys: PersonKeys;
  /** The agent's e-mail. */
  notice: NoticeOf;
  /** The visitor's acknowledgement. */
  acknowledgement: AcknowledgementText;
  /** Its cells of the inbox's submissions CSV, from the payload snapshot. */
  csv(payload: Record<string, unknown>): CsvCells;
  /** Every table its statement writes a row of (the person's data: erasure and export cover each). */
  tables: readonly Table[];
}

/** What every submission's statement writes besides its own rows: the person, their notification and acknowledgement, the pushes, the implied consent. */
const FOLLOW_UP_TABLES = [people, notificationOutbox, pushMessages, consentEvents] as const;

export const SUBMISSIONS: { readonly [K in SubmissionKind]: SubmissionEntry & { kind: K } } = {
  lead: {
    kind: "lead",
    source: SUBMISSION_SOURCES.lead.source,
    link: notificationOutbox.lead_id,
    personKeys: { name: "fullName", said: "comments" },
    notice: leadNotice,
    acknowledgement: {
      promise: LEAD_REPLY_PROMISE,
      received: "We received your information",
      home: false,
      // Only a label of the form's own list: a value outside it is something typed.
      service: (p) => (isServiceType(p.serviceType) ? SERVICE_LABELS[p.serviceType] : ""),
    },
    csv: (p) => ({ Name: p.fullName, "E-mail": p.email, Phone: p.phone, "Service type": p.serviceType, "Message or comments": p.comments }),
    tables: [leads, ...FOLLOW_UP_TABLES],
  },
  contact: {
    kind: "contact",
    source: SUBMISSION_SOURCES.contact.source,
    link: notificationOutbox.contact_id,
    personKeys: { name: "name", said: "message" },
    notice: contactNotice,
    acknowledgement: { promise: CONTACT_REPLY_PROMISE, received: "We received your message", home: true },
    csv: (p) => ({ Name: p.name, "E-mail": p.email, Phone: p.phone, "Service type": undefined, "Message or comments": p.message }),
    tables: [contacts, propertyInquiries, ...FOLLOW_UP_TABLES],
  },
  showing: {
    kind: "showing",
    source: SUBMISSION_SOURCES.showing.source,
    link: notificationOutbox.showing_id,
    personKeys: { name: "name", said: "note" },
    notice: showingNotice,
    acknowledgement: {
      promise: SHOWING_REPLY_PROMISE,
      received: "We received your showing request",
      home: true,
      detail: (p) => {
        const start = typeof p.start === "string" ? Date.parse(p.start) : NaN;
        return Number.isFinite(start) ? `The time you asked for: ${slotLabel(start)} (Edmonton time)` : "";
      },
    },
    csv: (p) => ({ Name: p.name, "E-mail": p.email, Phone: p.phone, "Service type": undefined, "Message or comments": p.note }),
    tables: [showings, ...FOLLOW_UP_TABLES],
  },
};

/** The entry of the form whose source is `source`, or null (a row of no submission form). */
export function submissionOfSource(source: string): SubmissionEntry | null {
  return SUBMISSION_KINDS.map((k) => SUBMISSIONS[k]).find((e) => e.source === source) ?? null;
}

/** The agent's e-mail for a submission's outbox row. */
export function buildNotificationEmail(n: OutboxNotification) {
  return noticeEmail(n, SUBMISSIONS[n.kind as SubmissionKind].notice);
}

/** The visitor's acknowledgement of a submission, with the texts of the form its row names (never guessed from the payload). */
export function buildAcknowledgementEmail(
  n: Pick<OutboxNotification, "id" | "source" | "payload" | "message_id" | "created_at" | "recipient">,
) {
  const entry = submissionOfSource(n.source);
  if (!entry) throw new Error(`Acknowledgement ${n.id}: no form has the source ${JSON.stringify(n.source)}`);
  return acknowledgementEmail(n, entry.acknowledgement);
}

/** The agent's e-mail of a submission row, with its headers. */
export function submissionEmail(n: OutboxNotification, agentAddress: string) {
  const { replyTo, subject, text, html, messageId, date } = buildNotificationEmail(n);
  return {
    to: n.recipient ?? agentAddress,
    replyTo,
    subject,
    text,
    html,
    messageId,
    date,
    headers: { "X-Lead-Source": n.source, "X-Notification-Id": String(n.id) },
  };
}

/** A public form's fields and payload schema (the browser checks the same), for its action. */
export interface FormEntry<F extends string = string, D = unknown> {
  fields: readonly F[];
  schema: z.ZodMiniType<D>;
}

export const FORM_INPUTS = {
  contact: { fields: CONTACT_FIELDS, schema: contactSchema },
  welcome: { fields: LEAD_FIELDS, schema: leadSchema },
  listing: { fields: LISTING_INQUIRY_FIELDS, schema: listingInquirySchema },
  valuation: { fields: HOME_VALUATION_FIELDS, schema: homeValuationSchema },
  showing: { fields: SHOWING_FIELDS, schema: showingSchema },
  openHouse: { fields: OPEN_HOUSE_RSVP_FIELDS, schema: openHouseRsvpSchema },
} satisfies { [K in PublicForm]: FormEntry };

/** The listing alerts' sign-up: a public form of no submission kind (its mail is a confirmation link); the tables it writes. */
export const ALERT_SIGN_UP = {
  source: ALERTS_SOURCE,
  tables: [alertSubscriptions, notificationOutbox, people, consentEvents] as readonly Table[],
};

/** Every table a public form writes. */
export const FORM_TABLES: readonly Table[] = [
  ...new Set([...SUBMISSION_KINDS.flatMap((k) => SUBMISSIONS[k].tables), ...ALERT_SIGN_UP.tables]),
];
