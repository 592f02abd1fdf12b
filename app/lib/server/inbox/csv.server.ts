/**
 * The inbox's CSV exports. UTF-8 with a byte-order mark, so spreadsheet programs show accents;
 * every cell quoted; a cell that a spreadsheet would read as a formula (starting with =, +, -, @,
 * a tab or a carriage return) gets a leading apostrophe, so a visitor's "=HYPERLINK(...)" stays text.
 */
import { sql } from "drizzle-orm";
import { PERSON_STATUS_LABELS, type PersonStatus } from "../../inbox";
import { type Database, asDate, asDateOrNull } from "../db.server";

export function csvCell(value: unknown): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(header: string[], rows: unknown[][]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export async function peopleCsv(db: Database): Promise<string> {
  const rows = await db.rows<{ id: number; name: string; email: string; phone: string | null; status: PersonStatus; sources: string[] | string; service_type: string | null; submissions: number; first_at: Date | string; last_activity_at: Date | string; awaiting_reply_since: Date | string | null }>(sql`
    select id, name, email, phone, status, array_to_string(sources, '; ') as sources, service_type, submissions, first_at, last_activity_at, awaiting_reply_since
    from people order by last_activity_at desc, id desc`);
  return csvDocument(
    ["Id", "Name", "E-mail", "Phone", "Status", "Sources", "Service type", "Submissions", "First seen", "Last activity", "Awaiting reply since"],
    rows.map((r) => [r.id, r.name, r.email, r.phone, PERSON_STATUS_LABELS[r.status], r.sources, r.service_type, r.submissions, asDate(r.first_at), asDate(r.last_activity_at), asDateOrNull(r.awaiting_reply_since)]),
  );
}

export async function submissionsCsv(db: Database): Promise<string> {
  const rows = await db.rows<{ id: number; created_at: Date | string; source: string; person_email: string | null; payload: unknown; status: string; consent_version: string | null; client_address: string | null }>(sql`
    select o.id, o.created_at, o.source, p.email as person_email, o.payload, o.status, l.consent_version, l.client_address
    from notification_outbox o left join people p on p.id = o.person_id left join leads l on l.id = o.lead_id
    order by o.created_at desc, o.id desc`);
  return csvDocument(
    ["Id", "Submitted at", "Form", "Person", "Name", "E-mail", "Phone", "Service type", "Message or comments", "Notification", "Consent version", "Address"],
    rows.map((r) => {
      const f = (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, string | null | undefined>;
      return [r.id, asDate(r.created_at), r.source, r.person_email, f.fullName ?? f.name, f.email, f.phone, f.serviceType, f.comments ?? f.message, r.status, r.consent_version, r.client_address];
    }),
  );
}
