/**
 * The inbox's CSV exports. UTF-8 with a byte-order mark, so spreadsheet programs show accents;
 * every cell quoted; a cell that a spreadsheet would read as a formula (starting with =, +, -, @,
 * a tab or a carriage return) gets a leading apostrophe, so a visitor's "=HYPERLINK(...)" stays text.
 */
import { sql } from "drizzle-orm";
import { PERSON_STATUS_LABELS } from "../../inbox";
import { SUBMISSION_KINDS, leads, notificationOutbox, people } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";

export function csvCell(value: unknown): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(header: string[], rows: unknown[][]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export async function peopleCsv(db: Database): Promise<string> {
  const p = people;
  const sources = sql<string>`array_to_string(${p.sources}, '; ')`;
  const fields = {
    id: p.id, name: p.name, email: p.email, phone: p.phone, status: p.status, sources, service_type: p.service_type, submissions: p.submissions,
    first_at: p.first_at, last_activity_at: p.last_activity_at, awaiting_reply_since: p.awaiting_reply_since,
  };
  const rows = await select(db.rows, fields, sql`
    from ${p} order by ${p.last_activity_at} desc, ${p.id} desc`);
  return csvDocument(
    ["Id", "Name", "E-mail", "Phone", "Status", "Sources", "Service type", "Submissions", "First seen", "Last activity", "Awaiting reply since"],
    rows.map((r) => [r.id, r.name, r.email, r.phone, PERSON_STATUS_LABELS[r.status], r.sources, r.service_type, r.submissions, r.first_at, r.last_activity_at, r.awaiting_reply_since]),
  );
}

export async function submissionsCsv(db: Database): Promise<string> {
  const o = notificationOutbox;
  // Through a left join: null for a submission linked to no person.
  const person_email = sql<string | null>`${people.email}`;
  const fields = {
    id: o.id, created_at: o.created_at, source: o.source, person_email, payload: o.payload, status: o.status,
    consent_version: leads.consent_version, client_address: leads.client_address,
  };
  const rows = await select(db.rows, fields, sql`
    from ${o} left join ${people} on ${people.id} = ${o.person_id} left join ${leads} on ${leads.id} = ${o.lead_id}
    where ${o.kind} in ${SUBMISSION_KINDS}
    order by ${o.created_at} desc, ${o.id} desc`);
  return csvDocument(
    ["Id", "Submitted at", "Form", "Person", "Name", "E-mail", "Phone", "Service type", "Message or comments", "Notification", "Consent version", "Address"],
    rows.map((r) => {
      const f = r.payload as Record<string, string | null | undefined>;
      return [r.id, r.created_at, r.source, r.person_email, f.fullName ?? f.name, f.email, f.phone, f.serviceType, f.comments ?? f.message, r.status, r.consent_version, r.client_address];
    }),
  );
}
