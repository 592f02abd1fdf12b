/**
 * The contact form's write (spec §7, call 1), in one SQL statement and so in one transaction:
 * the contact is created, or the one with the same e-mail (any case, any spacing) gets the new
 * name, phone and source and is reused; the message becomes a property inquiry when it is not
 * empty; the inbox's person with that e-mail is found or created; the agent's notification is
 * queued in the outbox, linked to that person.
 *
 * The spec's client inserted, caught the unique violation (23505), looked the contact up and
 * updated it: three round trips and a race between two first-time submissions. INSERT ... ON
 * CONFLICT (email) DO UPDATE does the same atomically.
 */
import { sql } from "drizzle-orm";
import { CONTACT_SOURCE, INQUIRY_TYPE_LISTING, INQUIRY_TYPE_QUESTION } from "~/lib/schema-values";
import type { ContactInput } from "../schemas/contact";
import { normaliseEmail } from "../schemas/fields";
import type { InquiryListingRef } from "../services";
import type { Database } from "./db.server";
import { personUpsert, submissionPersonOf } from "./inbox/people.server";
import { newMessageId } from "./message-id.server";

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
 * listing inquiry type, and the notification's payload names it.
 */
export async function createContact(db: Database, input: ContactInput, now = new Date(), listing?: InquiryListing): Promise<CreatedContact> {
  const name = input.name.trim();
  const email = normaliseEmail(input.email);
  const phone = input.phone.trim() || null;
  const message = input.message.trim();
  const payload: ContactPayload = { name, email, phone, message: message || null, submittedAt: now.toISOString(), ...(listing ? { listing } : {}) };
  const inquiryType = listing ? INQUIRY_TYPE_LISTING : INQUIRY_TYPE_QUESTION;
  const messageId = newMessageId("contact");
  const rows = await db.rows<{ contact_id: number; reused: boolean; inquiry_id: number | null; notification_id: number }>(sql`
    with contact as (
      insert into contacts (name, email, phone, source)
      values (${name}, ${email}, ${phone}, ${CONTACT_SOURCE})
      on conflict (email) do update
        set name = excluded.name, phone = excluded.phone, source = excluded.source, updated_at = now()
      returning id, (xmax::text <> '0') as reused
    ),
    inquiry as (
      insert into property_inquiries (contact_id, message, inquiry_type, listing_key)
      select id, ${message}, ${inquiryType}, ${listing?.key ?? null}::text from contact where ${message}::text <> ''
      returning id
    ),
    person as (${personUpsert(submissionPersonOf(CONTACT_SOURCE, payload))}),
    notification as (
      insert into notification_outbox (kind, contact_id, source, payload, message_id, person_id)
      select 'contact', id, ${CONTACT_SOURCE},
        ${JSON.stringify(payload)}::jsonb || jsonb_build_object('contactId', id, 'inquiryId', (select id from inquiry)),
        ${messageId}, (select id from person)
      from contact
      returning id
    )
    select contact.id as contact_id, contact.reused,
      (select id from inquiry) as inquiry_id, (select id from notification) as notification_id
    from contact`);
  const row = rows[0];
  if (!row || row.notification_id == null) throw new DuplicateLookupError();
  return { contactId: row.contact_id, reused: row.reused, inquiryId: row.inquiry_id, notificationId: row.notification_id };
}
