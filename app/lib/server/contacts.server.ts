/**
 * The contact form's write (spec §7, call 1), in one SQL statement and so in one transaction:
 * the contact is created, or the one with the same e-mail (any case, any spacing) gets the new
 * name, phone and source and is reused; the message becomes a property inquiry when it is not
 * empty; the agent's notification is queued in the outbox.
 *
 * The spec's client inserted, caught the unique violation (23505), looked the contact up and
 * updated it: three round trips and a race between two first-time submissions. INSERT ... ON
 * CONFLICT (email) DO UPDATE does the same atomically.
 */
import { sql } from "drizzle-orm";
import { CONTACT_SOURCE, INQUIRY_TYPE_QUESTION } from "../../../db/schema-values";
import type { ContactInput } from "../schemas/contact";
import type { Database } from "./db.server";
import { newMessageId } from "./message-id.server";

export interface ContactPayload {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  submittedAt: string;
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

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function prepare(input: ContactInput, now: Date) {
  const name = input.name.trim();
  const email = normaliseEmail(input.email);
  const phone = input.phone.trim() || null;
  const message = input.message.trim();
  const payload: ContactPayload = { name, email, phone, message: message || null, submittedAt: now.toISOString() };
  return { name, email, phone, message, payload, messageId: newMessageId("contact") };
}

export async function createContact(db: Database, input: ContactInput, now = new Date()): Promise<CreatedContact> {
  const { name, email, phone, message, payload, messageId } = prepare(input, now);
  const rows = await db.rows<{ contact_id: number; reused: boolean; inquiry_id: number | null; notification_id: number }>(sql`
    with contact as (
      insert into contacts (name, email, phone, source)
      values (${name}, ${email}, ${phone}, ${CONTACT_SOURCE})
      on conflict (email) do update
        set name = excluded.name, phone = excluded.phone, source = excluded.source, updated_at = now()
      returning id, (xmax::text <> '0') as reused
    ),
    inquiry as (
      insert into property_inquiries (contact_id, message, inquiry_type)
      select id, ${message}, ${INQUIRY_TYPE_QUESTION} from contact where ${message}::text <> ''
      returning id
    ),
    notification as (
      insert into notification_outbox (kind, contact_id, source, payload, message_id)
      select 'contact', id, ${CONTACT_SOURCE},
        ${JSON.stringify(payload)}::jsonb || jsonb_build_object('contactId', id, 'inquiryId', (select id from inquiry)),
        ${messageId}
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

/**
 * Many submissions in one statement (one transaction): what the submission batcher sends when
 * several visitors submit at once. The e-mails must be distinct within one call (one statement
 * cannot update a row twice); the batcher sees to that. Results are in the order of `inputs`.
 */
export async function createContacts(db: Database, inputs: readonly ContactInput[], now = new Date()): Promise<CreatedContact[]> {
  const prepared = inputs.map((input) => prepare(input, now));
  if (new Set(prepared.map((p) => p.email)).size !== prepared.length) throw new Error("createContacts needs distinct e-mails");
  const rows = await db.query<{ ord: string | number; contact_id: number; reused: boolean; inquiry_id: number | null; notification_id: number }>(
    `with input as (
      select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
        with ordinality as i(name, email, phone, message, payload, message_id, ord)
    ),
    contact as (
      insert into contacts (name, email, phone, source)
      select name, email, phone, $7 from input order by ord
      on conflict (email) do update
        set name = excluded.name, phone = excluded.phone, source = excluded.source, updated_at = now()
      returning id, email, (xmax::text <> '0') as reused
    ),
    joined as (
      select input.*, contact.id as contact_id, contact.reused from input join contact using (email)
    ),
    inquiry as (
      insert into property_inquiries (contact_id, message, inquiry_type)
      select contact_id, message, $8 from joined where message <> '' order by ord
      returning id, contact_id
    ),
    notification as (
      insert into notification_outbox (kind, contact_id, source, payload, message_id)
      select 'contact', joined.contact_id, $7,
        joined.payload::jsonb || jsonb_build_object('contactId', joined.contact_id, 'inquiryId', inquiry.id), joined.message_id
      from joined left join inquiry on inquiry.contact_id = joined.contact_id
      order by joined.ord
      returning id, contact_id
    )
    select joined.ord, joined.contact_id, joined.reused, inquiry.id as inquiry_id, notification.id as notification_id
    from joined
      left join inquiry on inquiry.contact_id = joined.contact_id
      join notification on notification.contact_id = joined.contact_id
    order by joined.ord`,
    [
      prepared.map((p) => p.name),
      prepared.map((p) => p.email),
      prepared.map((p) => p.phone),
      prepared.map((p) => p.message),
      prepared.map((p) => JSON.stringify(p.payload)),
      prepared.map((p) => p.messageId),
      CONTACT_SOURCE,
      INQUIRY_TYPE_QUESTION,
    ],
  );
  if (rows.length !== inputs.length) throw new DuplicateLookupError();
  return rows.map((r) => ({ contactId: r.contact_id, reused: r.reused, inquiryId: r.inquiry_id, notificationId: r.notification_id }));
}
