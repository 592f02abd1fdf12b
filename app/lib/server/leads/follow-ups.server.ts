/**
 * What a submission's own statement queues besides the agent's e-mail, so that nothing of it can
 * be lost between two writes (decision 038): one push per subscribed device of the agent, and,
 * when SMTP is configured and ACKNOWLEDGE_SUBMISSIONS is on, the visitor's acknowledgement; and
 * what it records (decision 039): the implied consent an inquiry gives. Each is the body of a CTE
 * of that statement, which has its person as the CTE `person` and its submission's row (with `id`)
 * as the CTE named by `from`.
 */
import { type SQL, sql } from "drizzle-orm";
import { notificationOutbox, pushDevices, pushMessages } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { impliedConsentSql } from "../alerts/consent.server";
import { warmingSql } from "../alerts/warming.server";
import { newMessageId } from "../mail/message-id.server";
import type { SubmissionEntry } from "./forms.server";
import { type LeadFacts, type PushFacts, firstWords } from "../push/messages.server";

export interface FollowUps {
  /** Queue the visitor's acknowledgement e-mail (the runtime's ACKNOWLEDGE_SUBMISSIONS with SMTP_URL set). */
  acknowledge?: boolean;
}

/** The push's facts for a submission: who, which form, which home, the first words. */
export function leadFacts(person: string, form: string, text: string | null | undefined, home?: string): LeadFacts {
  return { name: person, form, ...(home ? { home } : {}), ...(firstWords(text) ? { excerpt: firstWords(text) } : {}) };
}

/** `insert` of one push per device, naming the statement's person. */
export function pushesOf(lead: LeadFacts): SQL {
  const facts: PushFacts = { kind: "lead", lead };
  const m = pushMessages;
  return sql`
    insert into ${m} (${name(m.device_id)}, ${name(m.kind)}, ${name(m.person_id)}, ${name(m.payload)})
    select ${pushDevices.id}, 'lead', (select id from person), ${JSON.stringify(facts)}::jsonb from ${pushDevices}`;
}

/**
 * `insert` of the visitor's acknowledgement into the outbox: the submission's own payload (what
 * they sent), to their address, linked to the submission (the entry's `link`: the outbox's
 * contact_id or lead_id) and the person, with the form's source, which chooses its texts; nothing
 * when `acknowledge` is off. The statement's submission row is the CTE named after the entry's kind.
 */
export function acknowledgementOf(
  entry: Pick<SubmissionEntry, "kind" | "link" | "source">,
  payload: SQL,
  recipient: string,
  acknowledge: boolean | undefined,
): SQL {
  const o = notificationOutbox;
  return sql`
    insert into ${o} (${name(o.kind)}, ${name(entry.link)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)}, ${name(o.recipient)})
    select 'acknowledgement', id, ${entry.source}, ${payload}, ${newMessageId("ack")}, (select id from person), ${recipient}
    from ${sql.identifier(entry.kind)} where ${Boolean(acknowledge)}`;
}

/**
 * The implied consent (CASL) an inquiry gives: marketing mail may reach the person for
 * IMPLIED_INQUIRY_MONTHS (6) after it, the form (`source`) as its basis, with the visitor's address
 * and browser when the form passed them on.
 */
export function impliedConsentOf(source: string, at: Date, from?: { address: string | null; userAgent: string | null }): SQL {
  return impliedConsentSql(source, "6 months", { address: from?.address || null, userAgent: from?.userAgent ?? null }, at);
}

/**
 * A question about a home marks its person warming up (the inbox's list shows it). No notice of
 * its own: the lead's notification already tells the agent. A second statement in the submission's
 * transaction, since its first one already wrote the person's row (see warmingSql).
 */
export async function markAskedAbout(rows: Database["rows"], personId: number, home: string, at: Date): Promise<void> {
  await select(rows, { n: sql<number>`(select count(*)::integer from warming)` }, sql``, {
    with: sql`person as (select ${personId}::integer as id), ${warmingSql(`Asked about ${home}`, false, { at })}`,
  });
}
