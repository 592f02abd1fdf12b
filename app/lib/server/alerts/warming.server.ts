/**
 * "Warming up" (issue 32): a person who opens the same home twice from alerts, watches a home or
 * asks about one is marked in the inbox's list, and the agent is told the way a new lead is told
 * (an e-mail through the outbox and a push per device), once: on the mark's first setting.
 */
import { type SQL, sql } from "drizzle-orm";
import { ALERTS_SOURCE } from "~/lib/alert-values";
import { notificationOutbox, people, pushDevices, pushMessages } from "../../../../db/schema";
import { name } from "../../../../platform/db/query";
import { newMessageId } from "../mail/message-id.server";

/** The warming push's facts (push_messages.payload), read by the push text (push/messages.server.ts). */
export interface WarmingFacts {
  kind: "warming";
  name: string;
  reason: string;
}

export interface WarmingOptions {
  /** The CTE holding the person's id (column `id`); default `person`. */
  from?: string;
  /** When (default: the statement's time). */
  at?: Date;
}

/**
 * CTE bodies (`warming`, `warming_mail`, `warming_pushes`, comma-separated, to follow the CTE that
 * names the person) that set people.warming_at when it is null and, only on that change and with
 * `notify`, queue the agent's `warming` mail (recipient null; payload { name, email, reason }) and
 * one `warming` push per device. An erased person is never marked.
 *
 * The statement must not also write the person's row: all CTEs of a statement see the row as it was
 * before the statement, and PostgreSQL drops a second change of one row. So after a person upsert,
 * run this in a second statement of the same transaction, with `person as (select … as id)`.
 */
export function warmingSql(reason: string, notify: boolean, options: WarmingOptions = {}): SQL {
  const from = sql.identifier(options.from ?? "person");
  const at = options.at ? sql`${options.at.toISOString()}::timestamptz` : sql`now()`;
  const why = reason.slice(0, 300);
  const o = notificationOutbox;
  const m = pushMessages;
  return sql`warming as (
      update ${people} set ${name(people.warming_at)} = ${at}
      where ${people.id} in (select id from ${from}) and ${people.warming_at} is null and ${people.erased_at} is null
      returning ${people.id} as id, ${people.name} as name, ${people.email} as email
    ),
    warming_mail as (
      insert into ${o} (${name(o.kind)}, ${name(o.source)}, ${name(o.payload)}, ${name(o.message_id)}, ${name(o.person_id)})
      select 'warming', ${ALERTS_SOURCE}, jsonb_build_object('name', warming.name, 'email', warming.email, 'reason', ${why}::text), ${newMessageId("warming")}, warming.id
      from warming where ${notify}
    ),
    warming_pushes as (
      insert into ${m} (${name(m.device_id)}, ${name(m.kind)}, ${name(m.person_id)}, ${name(m.payload)})
      select ${pushDevices.id}, 'warming', warming.id, jsonb_build_object('kind', 'warming', 'name', warming.name, 'reason', ${why}::text)
      from ${pushDevices} cross join warming where ${notify}
    )`;
}
