/**
 * Which tables hold a visitor's personal data, so that erasure and export cover each (issue 32,
 * issue 40). The rule, checked against the schema by personal-tables.server.test.ts: a table is
 * personal when it has a column named `person_id`, `email` or `recipient`, or a foreign key to a
 * personal table (property_inquiries through contact_id). The list erasure and export derive theirs
 * from is the tables the forms write (the forms' registry) and the few others declared below.
 */
import { type Table, getTableName, is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import {
  alertItems,
  alertOpens,
  inboxDevices,
  inboxInvites,
  inboxPasskeys,
  inboxSessions,
  inboxSignIns,
  inboxUsers,
  personEvents,
  pushDevices,
} from "../../../../db/schema";
import { FORM_TABLES } from "../leads/forms.server";

/** A column by one of these names makes its table personal. */
export const PERSONAL_COLUMNS = ["person_id", "email", "recipient"] as const;

/** Personal tables no form writes: the listings matched and opened for their alerts (before the subscriptions they reference), the agent's timeline of a person. */
const OTHER_PERSONAL_TABLES: readonly Table[] = [alertItems, alertOpens, personEvents];

/** Every table erasure and export must cover, in the order erasure visits them. */
export const PERSONAL_TABLES: readonly Table[] = [...new Set([...OTHER_PERSONAL_TABLES, ...FORM_TABLES])];

/**
 * Tables that match the rule but hold the agent's side, not a visitor's: the inbox's own accounts
 * (their address, invitations, sign-ins, sessions, passkeys, devices), kept and removed with the account.
 */
export const AGENT_TABLES: readonly Table[] = [
  inboxUsers,
  inboxInvites,
  inboxSignIns,
  inboxSessions,
  inboxPasskeys,
  inboxDevices,
  pushDevices,
];

/** The tables among `tables` that hold personal data by the rule above (the agent's own excepted). */
export function personalTablesOf(tables: readonly Table[]): string[] {
  const pg = tables.filter((t): t is PgTable => is(t, PgTable));
  const agent = new Set(AGENT_TABLES.map(getTableName));
  const personal = new Set(
    pg.filter((t) => getTableConfig(t).columns.some((c) => (PERSONAL_COLUMNS as readonly string[]).includes(c.name))).map(getTableName),
  );
  // Through foreign keys, until nothing more is found.
  for (let grown = true; grown;) {
    grown = false;
    for (const t of pg) {
      const name = getTableName(t);
      if (personal.has(name)) continue;
      if (
        getTableConfig(t).foreignKeys.some(
          (fk) => personal.has(getTableName(fk.reference().foreignTable)) && !agent.has(getTableName(fk.reference().foreignTable)),
        )
      ) {
        personal.add(name);
        grown = true;
      }
    }
  }
  return [...personal].filter((n) => !agent.has(n)).sort();
}

/** The personal tables among `tables` that `covered` (table names) leaves out: an erasure or export missing them. */
export function uncoveredTables(tables: readonly Table[], covered: Iterable<string>): string[] {
  const done = new Set(covered);
  return personalTablesOf(tables).filter((n) => !done.has(n));
}
