/**
 * The one CSV writer for the leads: the inbox's exports and `npm run leads -- --csv` alike.
 * UTF-8 with a byte-order mark, so spreadsheet programs show accents; CRLF line ends; every cell
 * quoted; a cell that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe, so a visitor's "=HYPERLINK(...)" stays text.
 */
import { type Table, getTableColumns, sql } from "drizzle-orm";
import { PERSON_STATUS_LABELS } from "../../inbox";
import { SUBMISSION_KINDS, type SubmissionKind } from "../../forms";
import { contacts, leads, notificationOutbox, people, propertyInquiries } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { SUBMISSIONS, SUBMISSION_CSV_COLUMNS } from "../leads/forms.server";

export function csvCell(value: unknown): string {
  let text = value == null ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return "\uFEFF" + [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Rows of one shape as a document, their keys as the header (in `columns`' order). */
export function csvOfRows<K extends string>(columns: readonly K[], rows: readonly Record<K, unknown>[]): string {
  return csvDocument(
    columns,
    rows.map((r) => columns.map((c) => r[c])),
  );
}

export async function peopleCsv(db: Database): Promise<string> {
  const p = people;
  const sources = sql<string>`array_to_string(${p.sources}, '; ')`;
  const fields = {
    id: p.id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    status: p.status,
    sources,
    service_type: p.service_type,
    submissions: p.submissions,
    first_at: p.first_at,
    last_activity_at: p.last_activity_at,
    awaiting_reply_since: p.awaiting_reply_since,
  };
  const rows = await select(
    db.rows,
    fields,
    sql`
    from ${p} order by ${p.last_activity_at} desc, ${p.id} desc`,
  );
  return csvDocument(
    [
      "Id",
      "Name",
      "E-mail",
      "Phone",
      "Status",
      "Sources",
      "Service type",
      "Submissions",
      "First seen",
      "Last activity",
      "Awaiting reply since",
    ],
    rows.map((r) => [
      r.id,
      r.name,
      r.email,
      r.phone,
      PERSON_STATUS_LABELS[r.status],
      r.sources,
      r.service_type,
      r.submissions,
      r.first_at,
      r.last_activity_at,
      r.awaiting_reply_since,
    ]),
  );
}

/** Every submission, its payload's cells as its form's entry reads them. */
export async function submissionsCsv(db: Database): Promise<string> {
  const o = notificationOutbox;
  // Through a left join: null for a submission linked to no person.
  const person_email = sql<string | null>`${people.email}`;
  const fields = {
    id: o.id,
    kind: sql<SubmissionKind>`${o.kind}`,
    created_at: o.created_at,
    source: o.source,
    person_email,
    payload: o.payload,
    status: o.status,
    consent_version: leads.consent_version,
    client_address: leads.client_address,
  };
  const rows = await select(
    db.rows,
    fields,
    sql`
    from ${o} left join ${people} on ${people.id} = ${o.person_id} left join ${leads} on ${leads.id} = ${o.lead_id}
    where ${o.kind} in ${SUBMISSION_KINDS}
    order by ${o.created_at} desc, ${o.id} desc`,
  );
  return csvDocument(
    ["Id", "Submitted at", "Form", "Person", ...SUBMISSION_CSV_COLUMNS, "Notification", "Consent version", "Address"],
    rows.map((r) => {
      const cells = SUBMISSIONS[r.kind].csv((r.payload ?? {}) as Record<string, unknown>);
      return [
        r.id,
        r.created_at,
        r.source,
        r.person_email,
        ...SUBMISSION_CSV_COLUMNS.map((c) => cells[c]),
        r.status,
        r.consent_version,
        r.client_address,
      ];
    }),
  );
}

/** Every column of `table`, in its declared order, for `npm run leads -- --csv`. */
function columnsOf(table: Table): string[] {
  return Object.keys(getTableColumns(table));
}

/**
 * The forms' own tables as `npm run leads` reads them, newest first: leads and contacts with every
 * column, inquiries with their contact's name, e-mail and phone.
 */
export async function leadTables(db: Database) {
  const l = leads;
  // The columns in the table's order as first made (the consent record was added after created_at).
  const leadFields = {
    id: l.id,
    full_name: l.full_name,
    email: l.email,
    phone: l.phone,
    service_type: l.service_type,
    comments: l.comments,
    created_at: l.created_at,
    consent_text: l.consent_text,
    consent_version: l.consent_version,
    client_address: l.client_address,
    user_agent: l.user_agent,
  };
  const c = contacts;
  const i = propertyInquiries;
  const inquiryFields = {
    id: i.id,
    created_at: i.created_at,
    contact_id: i.contact_id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    inquiry_type: i.inquiry_type,
    message: i.message,
  };
  return {
    leads: {
      columns: Object.keys(leadFields),
      rows: await select(db.rows, leadFields, sql`from ${l} order by ${l.created_at} desc, ${l.id} desc`),
    },
    contacts: {
      columns: columnsOf(c),
      rows: await select(db.rows, getTableColumns(c), sql`from ${c} order by ${c.updated_at} desc, ${c.id} desc`),
    },
    inquiries: {
      columns: Object.keys(inquiryFields),
      rows: await select(
        db.rows,
        inquiryFields,
        sql`
    from ${i} join ${c} on ${c.id} = ${i.contact_id}
    order by ${i.created_at} desc, ${i.id} desc`,
      ),
    },
  };
}

/** The forms' own tables as `npm run leads -- --csv` writes them: leads.csv, contacts.csv and inquiries.csv. */
export async function leadTablesCsv(db: Database): Promise<{ file: string; rows: number; csv: string }[]> {
  return Object.entries(await leadTables(db)).map(([name, t]) => ({
    file: `${name}.csv`,
    rows: t.rows.length,
    csv: csvOfRows(t.columns, t.rows as Record<string, unknown>[]),
  }));
}
