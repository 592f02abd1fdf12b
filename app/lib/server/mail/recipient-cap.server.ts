/**
 * At most RECIPIENT_CAP mails of each kind the public can cause to one mailbox a day, whoever
 * caused them and from wherever (issue 38, decision 042). A form or a sign-up takes any address
 * typed into it: without a cap per recipient, strangers could have the site mail someone over
 * and over in the agent's name, and the form quota, counted per sender, does not see that they
 * all go to one person.
 *
 * Checked when a row is due, by the outbox job: a row past the cap is withheld (never sent) with
 * its reason, and the submission or sign-up that queued it stays as it was: a lead is stored and
 * the agent notified whatever happens to the visitor's acknowledgement. The cap stores nothing
 * of its own: it counts the outbox's rows, which are kept anyway (one per submission or sign-up).
 */
import { type SQL, sql } from "drizzle-orm";
import type { OutboxKind } from "../../../../db/schema";
import { notificationOutbox as o } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning } from "../../../../platform/db/query";
import type { OutboxNotification } from "./outbox.server";

/**
 * Mails of one kind to one mailbox in RECIPIENT_CAP_HOURS. Three: a person may well send the
 * contact form, the welcome form and a listing question in one day, or sign up again after
 * mistyping a search; nobody needs a fourth acknowledgement or confirmation link that day, and
 * a stranger gets no more than three mails through to anyone.
 */
export const RECIPIENT_CAP = 3;
export const RECIPIENT_CAP_HOURS = 24;

/** The mails a visitor's request sends to an address they typed (the agent's own and the alerts, sent only after a confirmation, are not). */
export const CAPPED_KINDS: readonly OutboxKind[] = ["acknowledgement", "confirmation"];

/** What the outbox row says when it was withheld by the cap (the agent sees it on the person's page). */
export const capReason = (kind: OutboxKind) =>
  `not sent: ${RECIPIENT_CAP} ${kind} mails already went to this address in ${RECIPIENT_CAP_HOURS} hours`;

/**
 * The mailbox an address reaches, so that spellings of one mailbox share one cap: letters in
 * either case, a "+tag" (which most providers deliver to the mailbox without it), and at Gmail
 * the dots of the name, which it ignores.
 */
export function mailboxSql(address: SQL): SQL {
  const plain = sql`regexp_replace(lower(${address}), '\\+[^@]*@', '@')`;
  return sql`(case when split_part(${plain}, '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(${plain}, '@', 1), '.', '') || '@gmail.com' else ${plain} end)`;
}

/**
 * Withholds `n` when RECIPIENT_CAP mails of its kind already went to its mailbox in the last
 * RECIPIENT_CAP_HOURS, counting those still queued ahead of it (pending, or being sent by this
 * or another worker, with a smaller id), so that rows delivered at once cannot all slip under
 * the cap. One statement: the count and the change see the same rows. True when withheld.
 */
export async function withheldPastCap(db: Database, n: Pick<OutboxNotification, "id" | "kind" | "recipient">): Promise<boolean> {
  if (!CAPPED_KINDS.includes(n.kind) || !n.recipient) return false;
  const x = sql.identifier("earlier");
  const col = (c: string) => sql`${x}.${sql.identifier(c)}`;
  const window = sql`now() - ${RECIPIENT_CAP_HOURS}::integer * interval '1 hour'`;
  const rows = await returning(
    db.rows,
    { id: o.id },
    sql`
    update ${o} set ${name(o.status)} = 'withheld', ${name(o.last_error)} = ${capReason(n.kind)}
    where ${o.id} = ${n.id}::integer and ${o.status} = 'sending' and (
      select count(*) from ${o} as ${x}
      where ${col("kind")} = ${n.kind} and ${col("id")} <> ${n.id}::integer
        and ${mailboxSql(col("recipient"))} = ${mailboxSql(sql`${n.recipient}::text`)}
        and ((${col("status")} = 'sent' and ${col("sent_at")} > ${window})
          or (${col("status")} in ('pending', 'sending') and ${col("id")} < ${n.id}::integer))
    ) >= ${RECIPIENT_CAP}::integer`,
  );
  return rows.length > 0;
}
