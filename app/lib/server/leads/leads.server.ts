/**
 * The welcome form's write (spec §7, call 2): the lead (comments included), its person in the
 * inbox and its queued notification, in one statement and so in one transaction.
 */
import { sql } from "drizzle-orm";
import { FORM_LABELS } from "~/lib/forms";
import { normaliseEmail } from "../../schemas/fields";
import { LEAD_CONSENT_TEXT, LEAD_CONSENT_VERSION } from "../../../content/lead-consent";
import type { SubmittedFrom } from "../../leads";
import type { LeadInput } from "../../schemas/lead";
import { leads, notificationOutbox } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning } from "../../../../platform/db/query";
import { personUpsert, submissionPersonOf } from "../inbox/people.server";
import { newMessageId } from "../mail/message-id.server";
import { SERVICE_LABELS } from "../../schemas/services";
import { SUBMISSIONS } from "./forms.server";
import { type FollowUps, acknowledgementOf, impliedConsentOf, leadFacts, pushesOf } from "./follow-ups.server";

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
 * and browser: the agent's record of consent under CASL, shown on the person's inbox page; the
 * inquiry's implied consent goes to the consent ledger with them.
 */
export async function recordLead(
  db: Database,
  input: LeadInput,
  from: SubmittedFrom | undefined = undefined,
  now = new Date(),
  followUps: FollowUps = {},
): Promise<RecordedLead> {
  const payload = payloadOf(input, now);
  const entry = SUBMISSIONS.lead;
  const o = notificationOutbox;
  const fullPayload = sql`${JSON.stringify(payload)}::jsonb || jsonb_build_object('leadId', id)`;
  const facts = leadFacts(payload.fullName, `${FORM_LABELS.welcome}: ${SERVICE_LABELS[payload.serviceType]}`, payload.comments);
  const rows = await returning(
    db.rows,
    { leadId: o.lead_id, notificationId: o.id },
    sql`
    with lead as (
      insert into ${leads} (${name(leads.full_name)}, ${name(leads.email)}, ${name(leads.phone)}, ${name(leads.service_type)}, ${name(leads.comments)},
        ${name(leads.consent_text)}, ${name(leads.consent_version)}, ${name(leads.client_address)}, ${name(leads.user_agent)})
      values (${payload.fullName}, ${payload.email}, ${payload.phone}, ${payload.serviceType}, ${payload.comments},
        ${LEAD_CONSENT_TEXT}, ${LEAD_CONSENT_VERSION}, ${from?.address || null}, ${from?.userAgent?.slice(0, 500) ?? null})
      returning ${leads.id}
    ),
    person as (${personUpsert(submissionPersonOf(entry, { ...payload }))}),
    pushes as (${pushesOf(facts)}),
    acknowledgement as (${acknowledgementOf(entry, fullPayload, normaliseEmail(payload.email), followUps.acknowledge)}),
    implied as (${impliedConsentOf(entry.source, now, from ? { address: from.address, userAgent: from.userAgent?.slice(0, 500) ?? null } : undefined)})
    insert into ${o} (${name(o.kind)}, ${name(entry.link)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
    select ${entry.kind}::text, id, ${entry.source}, ${fullPayload}, ${newMessageId(entry.kind)},
      (select id from person)
    from lead`,
  );
  const row = rows[0];
  // lead_id is the lead just inserted; the column is nullable only because deleting a lead keeps its notification.
  if (!row || row.leadId === null) throw new Error("the lead insert returned no row");
  return { ...row, leadId: row.leadId };
}
