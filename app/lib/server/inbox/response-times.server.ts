/**
 * The agent's response time, as the inbox list shows it: for each submission of the last 30 days,
 * the time until the agent's first step on that person after it (a status change or a note, the
 * same steps that stop the reply clock), as median and 90th percentile, overall and per form.
 *
 * Every submission counts, a second one from someone already waiting included (each visitor
 * waited that long). Submissions not answered yet are counted apart (`waiting`), not as a time.
 * People marked spam are left out: marking them is no reply.
 */
import { type SQL, sql } from "drizzle-orm";
import { PUBLIC_FORMS } from "~/lib/forms";
import { SUBMISSION_KINDS, notificationOutbox, people, personEvents } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import { RESPONSE_FORMS, RESPONSE_WINDOW_DAYS, type ResponseForm, type ResponseStat, type ResponseTimes } from "~/lib/response-times";

/**
 * The form of an outbox row, in SQL, from the registry: its kind, and among the forms of one kind
 * the one whose payload object it carries (a listing page's inquiry: `ContactPayload.listing`), tried first.
 */
export function formOfRowSql(): SQL {
  const o = notificationOutbox;
  const byObject = [...PUBLIC_FORMS].sort((a, b) => Number("payloadObject" in b) - Number("payloadObject" in a));
  const whens = byObject.map((f) => {
    const object = "payloadObject" in f ? sql` and jsonb_typeof(${o.payload} -> ${f.payloadObject}::text) = 'object'` : sql``;
    return sql`when ${o.kind} = ${f.kind}::text${object} then ${f.form}::text`;
  });
  return sql`case ${sql.join(whens, sql` `)} end`;
}

const statFields = {
  /** Null on the row over all forms. */
  form: sql<ResponseForm | null>`w.form`,
  replies: sql<number>`count(w.seconds)::integer`,
  waiting: sql<number>`(count(*) - count(w.seconds))::integer`,
  medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by w.seconds)`,
  p90Seconds: sql<number | null>`percentile_cont(0.9) within group (order by w.seconds)`,
};

/** Median and 90th percentile of the reply times of the submissions of the `days` before `now`. */
export async function responseTimes(db: Database, now: Date = new Date(), days = RESPONSE_WINDOW_DAYS): Promise<ResponseTimes> {
  const o = notificationOutbox;
  const e = personEvents;
  const until = sql`${now.toISOString()}::timestamptz`;
  // The first step per submission comes from the events' (person_id, created_at) index.
  const rows = await select(
    db.rows,
    statFields,
    sql`
    from (
      select ${formOfRowSql()} as form,
        extract(epoch from (answered.at - ${o.created_at}))::float8 as seconds
      from ${o} join ${people} on ${people.id} = ${o.person_id}
      left join lateral (select min(${e.created_at}) as at from ${e} where ${e.person_id} = ${o.person_id} and ${e.created_at} > ${o.created_at}) as answered on true
      where ${o.kind} in ${SUBMISSION_KINDS} and ${people.status} <> 'spam'
        and ${o.created_at} > ${until} - make_interval(days => ${days}::integer) and ${o.created_at} <= ${until}
    ) as w
    group by grouping sets ((w.form), ())`,
  );
  const overall = rows.find((r) => r.form === null) ?? { form: null, replies: 0, waiting: 0, medianSeconds: null, p90Seconds: null };
  const forms = RESPONSE_FORMS.flatMap((form) => rows.filter((r): r is ResponseStat & { form: ResponseForm } => r.form === form));
  return { days, overall, forms };
}
