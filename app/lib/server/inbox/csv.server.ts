/**
 * The inbox's CSV exports. UTF-8 with a byte-order mark, so spreadsheet programs show accents;
 * every cell quoted; a cell that a spreadsheet would read as a formula (starting with =, +, -, @,
 * a tab or a carriage return) gets a leading apostrophe, so a visitor's "=HYPERLINK(...)" stays text.
 */
import { sql } from "drizzle-orm";
import { PERSON_STATUS_LABELS } from "../../inbox";
import type { Lead, OutboxRow, Person } from "../../../../db/schema";
import type { Database } from "../db.server";

export function csvCell(value: unknown): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(header: string[], rows: unknown[][]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export async function peopleCsv(db: Database): Promise<string> {
  const rows = await db.rows<Pick<Person, "id" | "name" | "email" | "phone" | "status" | "service_type" | "submissions" | "first_at" | "last_activity_at" | "awaiting_reply_since"> & { sources: string }>(sql`
    select id, name, email, phone, status, array_to_string(sources, '; ') as sources, service_type, submissions, first_at, last_activity_at, awaiting_reply_since
    from people order by last_activity_at desc, id desc`);
  return csvDocument(
    ["Id", "Name", "E-mail", "Phone", "Status", "Sources", "Service type", "Submissions", "First seen", "Last activity", "Awaiting reply since"],
    rows.map((r) => [r.id, r.name, r.email, r.phone, PERSON_STATUS_LABELS[r.status], r.sources, r.service_type, r.submissions, r.first_at, r.last_activity_at, r.awaiting_reply_since]),
  );
}

export async function submissionsCsv(db: Database): Promise<string> {
  const rows = await db.rows<Pick<OutboxRow, "id" | "created_at" | "source" | "payload" | "status"> & Pick<Lead, "consent_version" | "client_address"> & { person_email: string | null }>(sql`
    select o.id, o.created_at, o.source, p.email as person_email, o.payload, o.status, l.consent_version, l.client_address
    from notification_outbox o left join people p on p.id = o.person_id left join leads l on l.id = o.lead_id
    order by o.created_at desc, o.id desc`);
  return csvDocument(
    ["Id", "Submitted at", "Form", "Person", "Name", "E-mail", "Phone", "Service type", "Message or comments", "Notification", "Consent version", "Address"],
    rows.map((r) => {
      const f = r.payload as Record<string, string | null | undefined>;
      return [r.id, r.created_at, r.source, r.person_email, f.fullName ?? f.name, f.email, f.phone, f.serviceType, f.comments ?? f.message, r.status, r.consent_version, r.client_address];
    }),
  );
}
