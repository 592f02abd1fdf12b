/**
 * Everything the site holds about one person, for their access request (issue 32): their inbox
 * row, the mails about them with the snapshots they carried (the submissions among them), what
 * the forms stored under their address (leads, contact, inquiries), the agent's timeline, their
 * searches and watched homes, the consent ledger, the alert items and opens, the pushes about them.
 * As JSON (every column, as stored) and as a plain-text file a person can read; never markup.
 */
import { type Table, getTableColumns, sql } from "drizzle-orm";
import {
  alertItems,
  alertOpens,
  alertSubscriptions,
  consentEvents,
  contacts,
  leads,
  notificationOutbox as o,
  people,
  personEvents,
  propertyInquiries,
  pushMessages,
  showings,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { auditPrivacy } from "./privacy.server";

export async function personRecord(db: Database, personId: number) {
  const person = (await select(db.rows, getTableColumns(people), sql`from ${people} where ${people.id} = ${personId}`))[0];
  if (!person) return null;
  const email = person.email;
  const [mails, formLeads, formContacts, inquiries, timeline, subscriptions, consent, items, opens, pushes, booked] = await Promise.all([
    select(
      db.rows,
      getTableColumns(o),
      sql`from ${o} where ${o.person_id} = ${personId} or lower(btrim(${o.recipient})) = ${email} order by ${o.created_at}, ${o.id}`,
    ),
    select(
      db.rows,
      getTableColumns(leads),
      sql`from ${leads} where lower(btrim(${leads.email})) = ${email} order by ${leads.created_at}, ${leads.id}`,
    ),
    select(db.rows, getTableColumns(contacts), sql`from ${contacts} where ${contacts.email} = ${email}`),
    select(
      db.rows,
      getTableColumns(propertyInquiries),
      sql`
      from ${propertyInquiries} join ${contacts} on ${contacts.id} = ${propertyInquiries.contact_id} where ${contacts.email} = ${email} order by ${propertyInquiries.created_at}, ${propertyInquiries.id}`,
    ),
    select(
      db.rows,
      getTableColumns(personEvents),
      sql`from ${personEvents} where ${personEvents.person_id} = ${personId} order by ${personEvents.created_at}, ${personEvents.id}`,
    ),
    select(
      db.rows,
      getTableColumns(alertSubscriptions),
      sql`
      from ${alertSubscriptions} where ${alertSubscriptions.person_id} = ${personId} or ${alertSubscriptions.email} = ${email} order by ${alertSubscriptions.created_at}, ${alertSubscriptions.id}`,
    ),
    select(
      db.rows,
      getTableColumns(consentEvents),
      sql`from ${consentEvents} where ${consentEvents.person_id} = ${personId} order by ${consentEvents.created_at}, ${consentEvents.id}`,
    ),
    select(
      db.rows,
      getTableColumns(alertItems),
      sql`from ${alertItems} where ${alertItems.person_id} = ${personId} order by ${alertItems.created_at}, ${alertItems.id}`,
    ),
    select(
      db.rows,
      getTableColumns(alertOpens),
      sql`from ${alertOpens} where ${alertOpens.person_id} = ${personId} order by ${alertOpens.created_at}, ${alertOpens.id}`,
    ),
    // Which device received a push is the agent's, not the person's: left out.
    select(
      db.rows,
      {
        id: pushMessages.id,
        kind: pushMessages.kind,
        payload: pushMessages.payload,
        status: pushMessages.status,
        created_at: pushMessages.created_at,
        sent_at: pushMessages.sent_at,
      },
      sql`from ${pushMessages} where ${pushMessages.person_id} = ${personId} order by ${pushMessages.created_at}, ${pushMessages.id}`,
    ),
    select(
      db.rows,
      getTableColumns(showings),
      sql`from ${showings} where ${showings.person_id} = ${personId} or ${showings.email} = ${email} order by ${showings.starts_at}, ${showings.id}`,
    ),
  ]);
  return {
    person,
    submissions_and_mails: mails,
    welcome_form_leads: formLeads,
    contact_form: formContacts,
    contact_form_messages: inquiries,
    timeline,
    alert_subscriptions: subscriptions,
    consent_ledger: consent,
    alert_items: items,
    alert_opens: opens,
    push_messages: pushes,
    showings: booked,
  };
}

export type PersonRecord = NonNullable<Awaited<ReturnType<typeof personRecord>>>;

/** The table each section reads: the export's coverage, checked against PERSONAL_TABLES by personal-tables.server.test.ts. */
export const SECTION_TABLES: Record<keyof PersonRecord, Table> = {
  person: people,
  submissions_and_mails: o,
  welcome_form_leads: leads,
  contact_form: contacts,
  contact_form_messages: propertyInquiries,
  timeline: personEvents,
  alert_subscriptions: alertSubscriptions,
  consent_ledger: consentEvents,
  alert_items: alertItems,
  alert_opens: alertOpens,
  push_messages: pushMessages,
  showings,
};
export type ExportFormat = "json" | "text";

const SECTION_TITLES: Record<keyof PersonRecord, string> = {
  person: "The person",
  submissions_and_mails: "Submissions and e-mails about them (with what each carried)",
  welcome_form_leads: "Welcome form submissions",
  contact_form: "Contact form record",
  contact_form_messages: "Contact form messages",
  timeline: "The agent's timeline (status changes, notes, privacy requests)",
  alert_subscriptions: "Saved searches and watched homes",
  consent_ledger: "Consent ledger",
  alert_items: "Listings matched for their alerts",
  alert_opens: "Homes opened from alerts",
  push_messages: "Notifications to the agent's devices about them",
  showings: "Showings they booked",
};

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value, null, 2);
  return String(value);
}

/** "client_address: …" with the value's further lines indented under it, so a visitor's line breaks cannot fake a field. */
function fieldLines(key: string, value: unknown): string {
  const [first, ...rest] = valueText(value).split(/\r\n|\r|\n/);
  return [`  ${key}: ${first}`, ...rest.map((line) => `      ${line}`)].join("\n");
}

/** The record as a plain-text file: a section per kind of data, a block per row, every field by its stored name. */
export function recordText(record: PersonRecord, exportedAt: Date, by: string): string {
  const out = [`Everything held about person ${record.person.id}`, `Exported ${exportedAt.toISOString()} by ${by}`, ""];
  for (const key of Object.keys(SECTION_TITLES) as (keyof PersonRecord)[]) {
    const value = record[key];
    const rowsOf: Record<string, unknown>[] = Array.isArray(value) ? value : [value];
    out.push(`== ${SECTION_TITLES[key]} (${rowsOf.length}) ==`, "");
    if (rowsOf.length === 0) out.push("  (none)", "");
    for (const row of rowsOf) out.push(...Object.entries(row).map(([k, v]) => fieldLines(k, v)), "");
  }
  return out.join("\n");
}

/** The export file, with its audit entry on the person's timeline; null when there is no such person (or nothing left to export: erased). */
export async function exportPerson(
  db: Database,
  personId: number,
  format: ExportFormat,
  by: { id: number; name: string },
  now = new Date(),
) {
  const record = await personRecord(db, personId);
  if (!record || record.person.erased_at) return null;
  await auditPrivacy(db.rows, personId, `Exported (${format === "json" ? "JSON" : "text"}) by ${by.name}`, by);
  const body =
    format === "json"
      ? JSON.stringify({ exported_at: now.toISOString(), exported_by: by.name, ...record }, null, 2) + "\n"
      : recordText(record, now, by.name);
  return { body, filename: `person-${personId}-${now.toISOString().slice(0, 10)}.${format === "json" ? "json" : "txt"}` };
}
