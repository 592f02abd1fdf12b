/**
 * Erasing a person at their request, and anonymising spam past its retention (issue 32). One
 * transaction removes every personal field the site holds of them: what they submitted (the
 * leads, contacts and inquiries of their address), their alerts, opens and searches, the agent's
 * notes, the payloads and addresses of the mails and pushes about them, the addresses and browsers
 * in their consent ledger. What stays is an anonymous person (for the counts and the audit), their
 * status history, the ledger's events with a withdrawal on top, and, for an erasure, a keyed hash
 * of their address on the suppression list so they are never mailed again.
 */
import { getTableName, sql } from "drizzle-orm";
import { ERASED_NAME } from "../../inbox";
import {
  alertItems,
  alertOpens,
  alertSubscriptions,
  consentEvents,
  contacts,
  emailSuppressions,
  leads,
  notificationOutbox as o,
  people,
  personEvents,
  propertyInquiries,
  pushMessages,
  showings,
} from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { emailHash } from "../alerts/suppression.server";
import { PERSONAL_TABLES } from "./personal-tables.server";

/** The address an erased person keeps: unique, normalised, and never deliverable (.invalid, RFC 2606). */
export function erasedEmail(personId: number): string {
  return `erased-${personId}@erased.invalid`;
}

export interface ErasureOptions {
  /** The account that carried it out; null for the retention rule. */
  by: { id: number; name: string } | null;
  /** The audit entry's text on the timeline. */
  audit: string;
  /** The withdrawal's basis in the consent ledger. */
  basis: string;
  /** Put the address on the suppression list (an erasure, not spam: spam addresses are often someone else's). */
  suppress: boolean;
  /** The retention rule's condition, checked again under the row's lock: still Spam, last active before this. */
  spamBefore?: Date;
}

/** skipped: no longer what the retention rule was after (the agent changed the status meanwhile). */
export type ErasureResult = "erased" | "already" | "not-found" | "skipped";

interface ErasureTarget {
  personId: number;
  email: string;
  options: ErasureOptions;
}

/** What erasure does to each personal table (one entry per table of PERSONAL_TABLES), keyed by its name. */
export const ERASURE_STEPS: Record<string, (rows: Database["rows"], target: ErasureTarget) => Promise<unknown>> = {
  [getTableName(consentEvents)]: async (rows, { personId, options }) => {
    await rows(sql`
      insert into ${consentEvents} (${name(consentEvents.person_id)}, ${name(consentEvents.kind)}, ${name(consentEvents.basis)}) values (${personId}, 'withdrawal', ${options.basis})`);
    await rows(
      sql`update ${consentEvents} set ${name(consentEvents.client_address)} = null, ${name(consentEvents.user_agent)} = null where ${consentEvents.person_id} = ${personId}`,
    );
  },
  [getTableName(alertItems)]: (rows, { personId }) => rows(sql`delete from ${alertItems} where ${alertItems.person_id} = ${personId}`),
  [getTableName(alertOpens)]: (rows, { personId }) => rows(sql`delete from ${alertOpens} where ${alertOpens.person_id} = ${personId}`),
  // Also the sign-ups of their address never confirmed (no person yet).
  [getTableName(alertSubscriptions)]: (rows, { personId, email }) =>
    rows(
      sql`delete from ${alertSubscriptions} where ${alertSubscriptions.person_id} = ${personId} or ${alertSubscriptions.email} = ${email}`,
    ),
  // A mail not yet sent must never go out with its payload gone (a null recipient is the agent): it is withheld.
  [getTableName(o)]: (rows, { personId, email }) =>
    rows(sql`
      update ${o} set ${name(o.payload)} = '{"erased":true}'::jsonb, ${name(o.recipient)} = null,
        ${name(o.status)} = case when ${o.status} in ('pending', 'sending', 'failed') then 'withheld' else ${o.status} end,
        ${name(o.last_error)} = case when ${o.status} in ('pending', 'sending', 'failed') then 'Erased before it was sent' else ${o.last_error} end
      where ${o.person_id} = ${personId} or lower(btrim(${o.recipient})) = ${email}`),
  [getTableName(pushMessages)]: (rows, { personId }) =>
    rows(sql`
      update ${pushMessages} set ${name(pushMessages.payload)} = '{"erased":true}'::jsonb,
        ${name(pushMessages.status)} = case when ${pushMessages.status} in ('pending', 'sending') then 'failed' else ${pushMessages.status} end,
        ${name(pushMessages.last_error)} = case when ${pushMessages.status} in ('pending', 'sending') then 'Erased before it was sent' else ${pushMessages.last_error} end
      where ${pushMessages.person_id} = ${personId}`),
  [getTableName(leads)]: (rows, { email }) => rows(sql`delete from ${leads} where lower(btrim(${leads.email})) = ${email}`),
  // Property inquiries go with their contact (on delete cascade); the outbox's links to them are set null.
  [getTableName(contacts)]: (rows, { email }) => rows(sql`delete from ${contacts} where ${contacts.email} = ${email}`),
  [getTableName(propertyInquiries)]: async () => {},
  // Kept as the agent's record of a time that was booked, without who booked it; one still ahead is cancelled (its slot freed).
  [getTableName(showings)]: (rows, { personId, email }) =>
    rows(sql`
      update ${showings} set ${name(showings.name)} = ${ERASED_NAME}, ${name(showings.email)} = ${erasedEmail(personId)}, ${name(showings.phone)} = '',
        ${name(showings.note)} = null, ${name(showings.person_id)} = null,
        ${name(showings.status)} = case when ${showings.starts_at} > now() then 'cancelled' else ${showings.status} end,
        ${name(showings.cancelled_at)} = case when ${showings.starts_at} > now() and ${showings.cancelled_at} is null then now() else ${showings.cancelled_at} end
      where ${showings.person_id} = ${personId} or ${showings.email} = ${email}`),
  [getTableName(people)]: (rows, { personId }) =>
    rows(sql`
      update ${people} set ${name(people.name)} = ${ERASED_NAME}, ${name(people.email)} = ${erasedEmail(personId)}, ${name(people.phone)} = null, ${name(people.preview)} = null,
        ${name(people.service_type)} = null, ${name(people.search_text)} = '', ${name(people.awaiting_reply_since)} = null, ${name(people.warming_at)} = null, ${name(people.erased_at)} = now()
      where ${people.id} = ${personId}`),
  // The notes go; the status history stays, with the erasure's audit entry on top.
  [getTableName(personEvents)]: async (rows, { personId, options }) => {
    await rows(sql`delete from ${personEvents} where ${personEvents.person_id} = ${personId} and ${personEvents.kind} = 'note'`);
    await rows(sql`
      insert into ${personEvents} (${name(personEvents.person_id)}, ${name(personEvents.kind)}, ${name(personEvents.note)}, ${name(personEvents.author_id)}, ${name(personEvents.author_name)})
      values (${personId}, 'privacy', ${options.audit}, ${options.by?.id ?? null}, ${options.by?.name ?? "Retention rule"})`);
  },
};

/** Erases or anonymises one person (see the module's comment), all or nothing. */
export async function erasePerson(db: Database, personId: number, options: ErasureOptions): Promise<ErasureResult> {
  const found = await select(
    db.rows,
    { email: people.email, erasedAt: people.erased_at },
    sql`from ${people} where ${people.id} = ${personId}`,
  );
  if (!found[0]) return "not-found";
  if (found[0].erasedAt) return "already";
  const email = found[0].email;
  // The hash reads (or makes) the server's secret through its own statements: before the transaction, which PGlite's single connection would otherwise wait on.
  const hash = options.suppress ? await emailHash(db, email) : null;
  return db.transaction(async (rows) => {
    const locked = await select(
      rows,
      { email: people.email, erasedAt: people.erased_at, status: people.status, lastActivityAt: people.last_activity_at },
      sql`
      from ${people} where ${people.id} = ${personId} for update`,
    );
    const row = locked[0];
    // Erased meanwhile by another request (its address is then the placeholder).
    if (!row || row.erasedAt || row.email !== email) return row ? "already" : "not-found";
    if (options.spamBefore && !(row.status === "spam" && row.lastActivityAt < options.spamBefore)) return "skipped";
    if (hash) {
      await rows(
        sql`insert into ${emailSuppressions} (${name(emailSuppressions.email_hash)}, ${name(emailSuppressions.reason)}) values (${hash}, 'erasure') on conflict do nothing`,
      );
    }
    // Every personal table, as personal-tables.server.ts lists them; one without its step fails the erasure (and the tests).
    for (const table of PERSONAL_TABLES) {
      const step = ERASURE_STEPS[getTableName(table)];
      if (!step) throw new Error(`erasure: no step for the personal table ${getTableName(table)}`);
      await step(rows, { personId, email, options });
    }
    return "erased";
  });
}

/** An erasure the agent carries out at the person's request. */
export function eraseAtRequest(db: Database, personId: number, by: { id: number; name: string }): Promise<ErasureResult> {
  return erasePerson(db, personId, { by, audit: `Erased at the person's request by ${by.name}`, basis: "Erasure", suppress: true });
}

/** An audit entry on the person's timeline (an export). */
export async function auditPrivacy(
  rows: Database["rows"],
  personId: number,
  note: string,
  by: { id: number; name: string },
): Promise<void> {
  await rows(sql`
    insert into ${personEvents} (${name(personEvents.person_id)}, ${name(personEvents.kind)}, ${name(personEvents.note)}, ${name(personEvents.author_id)}, ${name(personEvents.author_name)})
    values (${personId}, 'privacy', ${note}, ${by.id}, ${by.name})`);
}
