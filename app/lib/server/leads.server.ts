/**
 * The welcome form's write (spec §7, call 2): the lead (comments included), its person in the
 * inbox and its queued notification, in one statement and so in one transaction.
 */
import { sql } from "drizzle-orm";
import { LEAD_SOURCE } from "~/lib/schema-values";
import { LEAD_CONSENT_TEXT, LEAD_CONSENT_VERSION } from "../../content/lead-consent";
import type { SubmittedFrom } from "../services";
import type { LeadInput } from "../schemas/lead";
import type { Database } from "./db.server";
import { personUpsert, submissionPersonOf } from "./inbox/people.server";
import { newMessageId } from "./message-id.server";

export interface LeadPayload {
  fullName: string;
  email: string;
  phone: string;
  serviceType: LeadInput["serviceType"];
  comments: string | null;
  submittedAt: string;
}

export interface RecordedLead {
  leadId: number;
  notificationId: number;
}

function payloadOf(input: LeadInput, now: Date): LeadPayload {
  return {
    fullName: input.fullName.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    serviceType: input.serviceType,
    comments: input.comments.trim() || null,
    submittedAt: now.toISOString(),
  };
}

/**
 * The lead also keeps the consent text the form showed, its version, and the visitor's address
 * and browser: the agent's record of consent under CASL, shown on the person's inbox page.
 */
export async function recordLead(db: Database, input: LeadInput, from: SubmittedFrom | undefined = undefined, now = new Date()): Promise<RecordedLead> {
  const payload = payloadOf(input, now);
  const rows = await db.rows<{ lead_id: number; notification_id: number }>(sql`
    with lead as (
      insert into leads (full_name, email, phone, service_type, comments, consent_text, consent_version, client_address, user_agent)
      values (${payload.fullName}, ${payload.email}, ${payload.phone}, ${payload.serviceType}, ${payload.comments},
        ${LEAD_CONSENT_TEXT}, ${LEAD_CONSENT_VERSION}, ${from?.address || null}, ${from?.userAgent?.slice(0, 500) ?? null})
      returning id
    ),
    person as (${personUpsert(submissionPersonOf(LEAD_SOURCE, payload))})
    insert into notification_outbox (kind, lead_id, source, payload, message_id, person_id)
    select 'lead', id, ${LEAD_SOURCE}, ${JSON.stringify(payload)}::jsonb || jsonb_build_object('leadId', id), ${newMessageId("lead")},
      (select id from person)
    from lead
    returning lead_id, id as notification_id`);
  const row = rows[0];
  if (!row) throw new Error("the lead insert returned no row");
  return { leadId: row.lead_id, notificationId: row.notification_id };
}
