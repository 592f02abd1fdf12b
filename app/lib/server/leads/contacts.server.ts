/**
 * The contact form's write (spec §7, call 1), in one SQL statement and so in one transaction:
 * the contact is created, or the one with the same e-mail (any case, any spacing) gets the new
 * name, phone and source and is reused; the message becomes a property inquiry when it is not
 * empty; the inbox's person with that e-mail is found or created; the agent's notification is
 * queued in the outbox, linked to that person, with a push for each of the agent's devices and the
 * visitor's acknowledgement (follow-ups.server.ts); the inquiry's implied consent is recorded. A
 * question about a home also marks the person warming up, in a second statement of the same
 * transaction (markAskedAbout).
 *
 * The spec's client inserted, caught the unique violation (23505), looked the contact up and
 * updated it: three round trips and a race between two first-time submissions. INSERT ... ON
 * CONFLICT (email) DO UPDATE does the same atomically.
 */
import { sql } from "drizzle-orm";
import { FORM_LABELS, formOfSubmission } from "~/lib/forms";
import { INQUIRY_TYPE_LISTING, INQUIRY_TYPE_QUESTION } from "~/lib/schema-values";
import type { BuyerFigures } from "../../buyer-figures";
import type { ContactInput } from "../../schemas/contact";
import { normaliseEmail } from "../../schemas/fields";
import type { InquiryListingRef, OpenHouseRef, ValuationHomeRef } from "../../leads";
import { openHouseReminderAt, openHouseReminderId } from "./open-house-rsvp.server";
import { contacts, notificationOutbox, propertyInquiries } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { personUpsert, submissionPersonOf } from "../inbox/people.server";
import { newMessageId } from "../mail/message-id.server";
import { SUBMISSIONS } from "./forms.server";
import { type FollowUps, acknowledgementOf, impliedConsentOf, leadFacts, markAskedAbout, pushesOf } from "./follow-ups.server";

/** The home a message was sent about (a listing page's "Ask about this home" form). */
export type InquiryListing = InquiryListingRef;

export interface ContactPayload {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  submittedAt: string;
  /** Present for an inquiry from a listing page; a snapshot, as the listing may leave the feed. */
  listing?: InquiryListing;
  /** The buyer's figures from the listing page's monthly-cost panel, when they sent them (issue 28). */
  figures?: BuyerFigures;
  /** Present for a "Get my in-person evaluation" request (issue 43): the home and its figures as shown. */
  home?: ValuationHomeRef;
  /** Present for an open house's "I'll be there" (issue 44): the open house as the page showed it. */
  openHouse?: OpenHouseRef;
  /** "selling" with a home: the inbox marks the person a seller. */
  serviceType?: "selling";
}

export interface CreatedContact {
  contactId: number;
  /** True when the e-mail was already known and its contact was updated. */
  reused: boolean;
  inquiryId: number | null;
  notificationId: number;
}

/** The contact could not be read back after its e-mail turned out to exist (spec §8 duplicate lookup). */
export class DuplicateLookupError extends Error {
  constructor() {
    super("the existing contact could not be read back");
    this.name = "DuplicateLookupError";
  }
}

/**
 * With `listing`, the message is about that home: the inquiry keeps its ListingKey with the
 * listing inquiry type, and the notification's payload names it, with the buyer's figures when
 * they came along (only about a home: a figure means nothing without one).
 */
export async function createContact(
  db: Database,
  input: ContactInput & { figures?: BuyerFigures },
  now = new Date(),
  listing?: InquiryListing,
  followUps: FollowUps = {},
  home?: ValuationHomeRef,
  openHouse?: OpenHouseRef,
): Promise<CreatedContact> {
  const contactName = input.name.trim();
  const email = normaliseEmail(input.email);
  const phone = input.phone.trim() || null;
  const message = input.message.trim();
  const payload: ContactPayload = {
    name: contactName,
    email,
    phone,
    message: message || null,
    submittedAt: now.toISOString(),
    ...(listing ? { listing } : {}),
    ...(listing && input.figures ? { figures: input.figures } : {}),
    ...(home ? { home, serviceType: "selling" as const } : {}),
    ...(openHouse ? { openHouse } : {}),
  };
  const inquiryType = listing ? INQUIRY_TYPE_LISTING : INQUIRY_TYPE_QUESTION;
  const entry = SUBMISSIONS.contact;
  const messageId = newMessageId(entry.kind);
  const o = notificationOutbox;
  const i = propertyInquiries;
  const facts = leadFacts(
    contactName,
    FORM_LABELS[formOfSubmission("contact", payload)],
    openHouse ? `I'll be there: ${openHouse.when}` : message,
    listing?.address ?? home?.address ?? openHouse?.address,
  );
  const fullPayload = sql`${JSON.stringify(payload)}::jsonb || jsonb_build_object('contactId', id, 'inquiryId', (select id from inquiry))`;
  const created = {
    contactId: sql<number>`contact.id`,
    reused: sql<boolean>`contact.reused`,
    inquiryId: sql<number | null>`(select id from inquiry)`,
    notificationId: sql<number | null>`(select id from notification)`,
    personId: sql<number | null>`(select id from person)`,
  };
  const statement = (rows: Database["rows"]) =>
    select(rows, created, sql`from contact`, {
      with: sql`contact as (
      insert into ${contacts} (${name(contacts.name)}, ${name(contacts.email)}, ${name(contacts.phone)}, ${name(contacts.source)})
      values (${contactName}, ${email}, ${phone}, ${entry.source})
      on conflict (${name(contacts.email)}) do update
        set ${name(contacts.name)} = excluded.${name(contacts.name)}, ${name(contacts.phone)} = excluded.${name(contacts.phone)},
          ${name(contacts.source)} = excluded.${name(contacts.source)}, ${name(contacts.updated_at)} = now()
      returning ${contacts.id}, (xmax::text <> '0') as reused
    ),
    inquiry as (
      insert into ${i} (${name(i.contact_id)}, ${name(i.message)}, ${name(i.inquiry_type)}, ${name(i.listing_key)})
      select id, ${message}, ${inquiryType}, ${listing?.key ?? null}::text from contact where ${message}::text <> ''
      returning ${i.id}
    ),
    person as (${personUpsert(submissionPersonOf(entry, { ...payload }))}),
    notification as (
      insert into ${o} (${name(o.kind)}, ${name(entry.link)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
      select ${entry.kind}::text, id, ${entry.source}, ${fullPayload}, ${messageId}, (select id from person)
      from contact
      returning ${o.id}
    ),
    pushes as (${pushesOf(facts)}),
    acknowledgement as (${acknowledgementOf(entry, fullPayload, email, followUps.acknowledge)}),
    implied as (${impliedConsentOf(entry.source, now)})${
      openHouse
        ? // The visitor's reminder the morning of the open house, once per open house and address:
          // its Message-ID is made of both, so a second RSVP meets the outbox's unique index and adds none.
          sql`,
    reminder as (
      insert into ${o} (${name(o.kind)}, ${name(o.contact_id)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)},
        ${name(o.person_id)}, ${name(o.recipient)}, ${name(o.next_attempt_at)})
      select 'open-house-reminder', id, ${entry.source}, ${fullPayload}, ${openHouseReminderId(openHouse.key, email)},
        (select id from person), ${email}::text, ${openHouseReminderAt(openHouse.date, now).toISOString()}::timestamptz
      from contact
      on conflict do nothing
    )`
        : sql``
    }`,
    });
  const rows = !listing
    ? await statement(db.rows)
    : await db.transaction(async (tx) => {
        const written = await statement(tx);
        const personId = written[0]?.personId;
        if (personId != null) await markAskedAbout(tx, personId, listing.address, now);
        return written;
      });
  const row = rows[0];
  if (!row || row.notificationId == null) throw new DuplicateLookupError();
  const { personId: _, ...contact } = row;
  return { ...contact, notificationId: row.notificationId };
}
