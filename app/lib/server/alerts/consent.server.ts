/**
 * The consent ledger (CASL; decision 039): what allows a marketing mail to a person, read at the
 * moment it is sent. Express consent comes from a confirmed sign-up, implied consent from an
 * inquiry (6 months) or a Closed deal (2 years), and a withdrawal (an unsubscribe, an erasure)
 * cancels every consent given before it. Transactional mail never asks.
 */
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { consentEvents, emailSuppressions, people, serverSecrets } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, name, select } from "../../../../platform/db/query";
import { type SecretName } from "./secrets.server";
import { hashWith } from "./suppression.server";

export const IMPLIED_INQUIRY_MONTHS = 6;
export const IMPLIED_CLOSED_YEARS = 2;

/** The ledger's fields as the person's inbox page and the export read them. */
const ledgerFields = {
  kind: consentEvents.kind,
  basis: consentEvents.basis,
  text: consentEvents.consent_text,
  version: consentEvents.consent_version,
  givenAt: consentEvents.given_at,
  address: consentEvents.client_address,
  userAgent: consentEvents.user_agent,
  expiresAt: consentEvents.expires_at,
  createdAt: consentEvents.created_at,
};

export type ConsentEntry = RowOf<typeof ledgerFields>;

/** A person's ledger, newest first. */
export async function consentLedger(db: Database, personId: number): Promise<ConsentEntry[]> {
  return select(
    db.rows,
    ledgerFields,
    sql`from ${consentEvents} where ${consentEvents.person_id} = ${personId} order by ${consentEvents.created_at} desc, ${consentEvents.id} desc`,
  );
}

/**
 * Whether a marketing mail may go to the person now: not erased, not on the suppression list, and
 * a consent still live at `now` (express, or implied before it expires) recorded after their latest
 * withdrawal (same instant: the later row). `rows`: the database's or the sender's transaction.
 */
export async function marketingAllowed(rows: Database["rows"], personId: number, now: Date): Promise<boolean> {
  return (await marketingAllowedMany(rows, [personId], now)).has(personId);
}

/** marketingAllowed for many people at once (the alerts queue): the ones of `personIds` who may be mailed now. */
export async function marketingAllowedMany(rows: Database["rows"], personIds: number[], now: Date): Promise<Set<number>> {
  if (personIds.length === 0) return new Set();
  const c = consentEvents;
  const w = alias(consentEvents, "w");
  const consented = await select(
    rows,
    {
      id: people.id,
      email: people.email,
      key: sql<
        string | null
      >`(select ${serverSecrets.value} from ${serverSecrets} where ${serverSecrets.name} = ${"suppression" satisfies SecretName})`,
    },
    sql`from ${people} where ${people.id} = any(${sql.param(personIds)}::integer[]) and ${people.erased_at} is null and exists (
        select 1 from ${c} where ${c.person_id} = ${people.id} and ${c.kind} in ('express', 'implied')
          and (${c.kind} = 'express' or ${c.expires_at} > ${now.toISOString()}::timestamptz)
          and not exists (select 1 from ${consentEvents} as ${w} where ${w.person_id} = ${people.id} and ${w.kind} = 'withdrawal' and (${w.created_at}, ${w.id}) > (${c.created_at}, ${c.id})))`,
  );
  const key = consented[0]?.key;
  // Before the key exists nothing was ever listed.
  if (!key) return new Set(consented.map((p) => p.id));
  const secret = Buffer.from(key, "base64url");
  const hashes = new Map(consented.map((p) => [p.id, hashWith(secret, p.email)]));
  const suppressed = new Set((await suppressedAmong(rows, [...new Set(hashes.values())])).map((r) => r.hash));
  return new Set(consented.filter((p) => !suppressed.has(hashes.get(p.id)!)).map((p) => p.id));
}

function suppressedAmong(rows: Database["rows"], hashes: string[]) {
  return select(
    rows,
    { hash: emailSuppressions.email_hash },
    sql`from ${emailSuppressions} where ${emailSuppressions.email_hash} = any(${sql.param(hashes)}::text[])`,
  );
}

/**
 * The body of a CTE, for a submission's own statement (which has its person as the CTE `person`):
 * implied consent from `basis` (the form) until `interval` after `at` (default: the statement's
 * time), with the visitor's address and browser when the statement has them. No person (an empty
 * address), no row.
 */
export function impliedConsentSql(
  basis: string,
  interval: "6 months" | "2 years",
  meta: { address: string | null; userAgent: string | null },
  at?: Date,
): SQL {
  const c = consentEvents;
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`
    insert into ${c} (${name(c.person_id)}, ${name(c.kind)}, ${name(c.basis)}, ${name(c.given_at)}, ${name(c.client_address)}, ${name(c.user_agent)}, ${name(c.expires_at)}, ${name(c.created_at)})
    select person.id, 'implied', ${basis.slice(0, 100)}, ${when}, ${meta.address?.slice(0, 100) || null}::text, ${meta.userAgent?.slice(0, 500) || null}::text, ${when} + ${interval}::interval, ${when}
    from person where person.id is not null`;
}
