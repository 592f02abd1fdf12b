/**
 * The welcome form's write (spec §7, call 2): the lead (comments included) and its queued
 * notification, in one statement and so in one transaction.
 */
import { sql } from "drizzle-orm";
import { LEAD_SOURCE } from "../../../db/schema-values";
import type { LeadInput } from "../schemas/lead";
import type { Database } from "./db.server";
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

export async function recordLead(db: Database, input: LeadInput, now = new Date()): Promise<RecordedLead> {
  const payload = payloadOf(input, now);
  const rows = await db.rows<{ lead_id: number; notification_id: number }>(sql`
    with lead as (
      insert into leads (full_name, email, phone, service_type, comments)
      values (${payload.fullName}, ${payload.email}, ${payload.phone}, ${payload.serviceType}, ${payload.comments})
      returning id
    )
    insert into notification_outbox (kind, lead_id, source, payload, message_id)
    select 'lead', id, ${LEAD_SOURCE}, ${JSON.stringify(payload)}::jsonb || jsonb_build_object('leadId', id), ${newMessageId("lead")}
    from lead
    returning lead_id, id as notification_id`);
  const row = rows[0];
  if (!row) throw new Error("the lead insert returned no row");
  return { leadId: row.lead_id, notificationId: row.notification_id };
}

/**
 * Many leads in one statement (one transaction), for the submission batcher. Each lead's id is
 * drawn first, so its notification is tied to it whatever order the rows are written in.
 * Results are in the order of `inputs`.
 */
export async function recordLeads(db: Database, inputs: readonly LeadInput[], now = new Date()): Promise<RecordedLead[]> {
  const payloads = inputs.map((input) => payloadOf(input, now));
  const rows = await db.query<{ lead_id: number; notification_id: number }>(
    `with input as materialized (
      select i.*, nextval(pg_get_serial_sequence('leads', 'id')) as lead_id
      from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
        with ordinality as i(full_name, email, phone, service_type, comments, payload, message_id, ord)
    ),
    lead as (
      insert into leads (id, full_name, email, phone, service_type, comments)
      overriding system value
      select lead_id, full_name, email, phone, service_type, comments from input order by ord
      returning id
    ),
    notification as (
      insert into notification_outbox (kind, lead_id, source, payload, message_id)
      select 'lead', lead.id, $8, input.payload::jsonb || jsonb_build_object('leadId', lead.id), input.message_id
      from input join lead on lead.id = input.lead_id
      order by input.ord
      returning id, lead_id
    )
    select input.lead_id, notification.id as notification_id
    from input join notification on notification.lead_id = input.lead_id
    order by input.ord`,
    [
      payloads.map((p) => p.fullName),
      payloads.map((p) => p.email),
      payloads.map((p) => p.phone),
      payloads.map((p) => p.serviceType),
      payloads.map((p) => p.comments),
      payloads.map((p) => JSON.stringify(p)),
      inputs.map(() => newMessageId("lead")),
      LEAD_SOURCE,
    ],
  );
  if (rows.length !== inputs.length) throw new Error("the lead batch returned a different number of rows");
  return rows.map((r) => ({ leadId: Number(r.lead_id), notificationId: r.notification_id }));
}
