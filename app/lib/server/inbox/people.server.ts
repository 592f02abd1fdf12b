/**
 * The inbox's people and their timelines. A person is everyone who submitted a form with one
 * e-mail address (trimmed, lower-cased). Each submission's own statement finds or creates its
 * person and links the submission's outbox row to it (`personUpsert` below, used by
 * `recordLead` and `createContact`; decision 035). Their submissions are the outbox rows that
 * announced them: each holds a snapshot of exactly what was submitted and the notification's
 * delivery state.
 */
import { type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { PERSON_SOURCES } from "~/lib/forms";
import { type AcknowledgementState, PEOPLE_PAGE_SIZE, PERSON_STATUSES, type PersonStatus, type Submission } from "../../inbox";
import { SUBMISSION_KINDS, consentEvents, leads, notificationOutbox, people, personEvents } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { type RowOf, name, returning, select } from "../../../../platform/db/query";
import type { Account } from "./accounts.server";

/** A person as the list and their page show them, under the keys the pages read. */
const personFields = {
  id: people.id,
  name: people.name,
  email: people.email,
  phone: people.phone,
  status: people.status,
  sources: people.sources,
  serviceType: people.service_type,
  preview: people.preview,
  submissions: people.submissions,
  firstAt: people.first_at,
  lastActivityAt: people.last_activity_at,
  awaitingReplySince: people.awaiting_reply_since,
  warmingAt: people.warming_at,
  erasedAt: people.erased_at,
};

export type PersonRow = RowOf<typeof personFields>;

export interface PeopleQuery {
  /** A status, or undefined for everyone but spam. */
  status?: PersonStatus;
  source?: string;
  search?: string;
  page?: number;
}

export interface PeoplePage {
  people: PersonRow[];
  /** How many match the query (all pages). */
  total: number;
  /** People per status, over everyone. */
  counts: Record<PersonStatus, number>;
  sources: string[];
}

/**
 * What a submission tells about its person, as its notification's payload holds it (the keys
 * its form's registry entry names: the welcome form's `fullName` and `comments`, the contact form's `name` and `message`).
 */
export interface SubmissionPerson {
  /** The form's source (spec §7, the forms' registry). */
  source: string;
  /** As submitted; the person's key is its trimmed, lower-cased form. */
  email: string | null | undefined;
  name: string | null | undefined;
  phone: string | null | undefined;
  /** The comments or message. */
  said: string | null | undefined;
  serviceType: string | null | undefined;
  /** When it was submitted: the outbox row's `created_at`. Default: the statement's `now()`. */
  at?: Date;
}

/** Which payload keys hold a person's name and words: each form's entry in the forms' registry (`SubmissionEntry.personKeys`). */
export interface PersonKeys {
  name: string;
  said: string;
}

/** The person's fields of a payload written by a form, read by the keys its entry names. */
export function submissionPersonOf(
  form: { source: string; personKeys: PersonKeys },
  payload: Record<string, unknown>,
  at?: Date,
): SubmissionPerson {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    source: form.source,
    email: text(payload.email),
    name: text(payload[form.personKeys.name]),
    phone: text(payload.phone),
    said: text(payload[form.personKeys.said]),
    serviceType: text(payload.serviceType),
    ...(at ? { at } : {}),
  };
}

/**
 * The body of a CTE that finds or creates the submission's person and returns its id: put it in
 * the submission's own statement as `person as (…)` and give the outbox row
 * `(select id from person)` as its person_id. One statement keeps decision 011 (nothing
 * half-written) and makes the inbox never behind the forms; `on conflict (email) do update` makes
 * two first submissions with one e-mail, at the same moment from two servers, one person.
 *
 * The rule (formerly the trigger `inbox_person_for_submission` of migration 0001, unchanged):
 * - no person (person_id null) when the e-mail is empty once trimmed;
 * - the key is `lower(btrim(email))`, computed by the database as the `people` table's check does;
 * - a new person gets the submission's name, phone, form, service type and message, one
 *   submission, and its time as first activity, last activity and start of the reply clock;
 * - a known person keeps their name and phone unless the submission has them, gains the form if
 *   new, takes the service type and message when given, counts one more submission, and their
 *   reply clock starts at this submission only if it was stopped; the search text grows by this
 *   submission's words, capped at 20,000 characters so a person who writes a thousand times stays
 *   searchable without an ever-growing row.
 */
export function personUpsert(person: SubmissionPerson): SQL {
  const at = person.at ? sql`${person.at.toISOString()}::timestamptz` : sql`now()`;
  const p = alias(people, "p");
  return sql`
    insert into ${people} as ${p} (${name(people.email)}, ${name(people.name)}, ${name(people.phone)}, ${name(people.sources)}, ${name(people.service_type)}, ${name(people.preview)},
      ${name(people.search_text)}, ${name(people.submissions)}, ${name(people.first_at)}, ${name(people.last_activity_at)}, ${name(people.awaiting_reply_since)})
    select s.email, s.name, s.phone, array[${person.source}::text], s.service_type, s.said,
      lower(concat_ws(' ', s.name, s.email, s.phone, s.said)), 1, s.at, s.at, s.at
    from (
      select lower(btrim(${person.email ?? null}::text)) as email,
        btrim(coalesce(${person.name ?? null}::text, '')) as name,
        nullif(btrim(coalesce(${person.phone ?? null}::text, '')), '') as phone,
        nullif(${person.said ?? null}::text, '') as said,
        ${person.serviceType ?? null}::text as service_type,
        ${at} as at
    ) as s
    where s.email <> ''
    on conflict (${name(people.email)}) do update set
      ${name(people.name)} = case when excluded.${name(people.name)} <> '' then excluded.${name(people.name)} else ${p.name} end,
      ${name(people.phone)} = coalesce(excluded.${name(people.phone)}, ${p.phone}),
      ${name(people.sources)} = case when ${person.source}::text = any(${p.sources}) then ${p.sources} else ${p.sources} || ${person.source}::text end,
      ${name(people.service_type)} = coalesce(excluded.${name(people.service_type)}, ${p.service_type}),
      ${name(people.preview)} = coalesce(excluded.${name(people.preview)}, ${p.preview}),
      ${name(people.search_text)} = left(${p.search_text} || ' ' || excluded.${name(people.search_text)}, 20000),
      ${name(people.submissions)} = ${p.submissions} + 1,
      ${name(people.last_activity_at)} = greatest(${p.last_activity_at}, excluded.${name(people.last_activity_at)}),
      ${name(people.awaiting_reply_since)} = coalesce(${p.awaiting_reply_since}, excluded.${name(people.awaiting_reply_since)})
    returning ${p.id}`;
}

/** `%`, `_` and `\` typed in the search box are looked for literally. */
function likePattern(search: string): string {
  return `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(query: PeopleQuery): SQL {
  const parts: SQL[] = [query.status ? sql`${people.status} = ${query.status}` : sql`${people.status} <> 'spam'`];
  if (query.source) parts.push(sql`${query.source} = any(${people.sources})`);
  if (query.search?.trim()) parts.push(sql`${people.search_text} like ${likePattern(query.search)}`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of the list. Without a search or form filter the page comes from the activity index
 * and the total from the per-status counts; with one, a single scan returns the page and its
 * total (a window count), so 50,000 submissions stay well under the 200 ms target on PGlite.
 */
export async function listPeople(db: Database, query: PeopleQuery): Promise<PeoplePage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = whereOf(query);
  const filtered = Boolean(query.source || query.search?.trim());
  // The window count is only worth it on a filtered page, which scans its matches anyway.
  const totalField = filtered ? sql<number | null>`count(*) over ()::integer` : sql<number | null>`null::integer`;
  const [rows, counts] = await Promise.all([
    select(
      db.rows,
      { ...personFields, total: totalField },
      sql`
      from ${people} where ${where}
      order by ${people.last_activity_at} desc, ${people.id} desc limit ${PEOPLE_PAGE_SIZE}::integer offset ${(page - 1) * PEOPLE_PAGE_SIZE}::integer`,
    ),
    select(db.rows, { status: people.status, n: sql<number>`count(*)::integer` }, sql`from ${people} group by ${people.status}`),
  ]);
  const byStatus = Object.fromEntries(PERSON_STATUSES.map((s) => [s, 0])) as Record<PersonStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  const unfilteredTotal = query.status
    ? byStatus[query.status]
    : PERSON_STATUSES.filter((s) => s !== "spam").reduce((n, s) => n + byStatus[s], 0);
  // A filtered page past the last match has no row to carry the total: count it then.
  const total = !filtered ? unfilteredTotal : rows[0] ? Number(rows[0].total) : page > 1 ? await countWhere(db, where) : 0;
  return { people: rows.map(({ total: _, ...person }) => person), total, counts: byStatus, sources: [...PERSON_SOURCES] }; // the forms' registry's sources, for the filter
}

async function countWhere(db: Database, where: SQL): Promise<number> {
  const rows = await select(db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${people} where ${where}`);
  return Number(rows[0]?.n ?? 0);
}

/** When anyone last wrote (the list's first row when unfiltered), as the pulse reports it. */
export async function latestActivity(db: Database): Promise<string | null> {
  const rows = await select(db.rows, { latest: sql<Date | null>`max(${people.last_activity_at})` }, sql`from ${people}`);
  return rows[0]?.latest?.toISOString() ?? null;
}

/** What an open inbox polls: when it last changed and how many people are new (both from indexes). */
export async function inboxPulse(db: Database): Promise<{ latest: string | null; newPeople: number }> {
  const [latest, rows] = await Promise.all([
    latestActivity(db),
    select(db.rows, { n: sql<number>`count(*)::integer` }, sql`from ${people} where ${people.status} = 'new'`),
  ]);
  return { latest, newPeople: Number(rows[0]?.n ?? 0) };
}

export type { Submission };

const eventFields = {
  id: personEvents.id,
  kind: personEvents.kind,
  fromStatus: personEvents.from_status,
  toStatus: personEvents.to_status,
  note: personEvents.note,
  authorName: personEvents.author_name,
  createdAt: personEvents.created_at,
};

export type TimelineEvent = RowOf<typeof eventFields>;

export interface PersonDetail {
  person: PersonRow;
  submissions: Submission[];
  events: TimelineEvent[];
}

export async function personDetail(db: Database, id: number): Promise<PersonDetail | null> {
  const o = notificationOutbox;
  // The visitor's acknowledgement of a submission: queued by the same statement, so with the same
  // person, created_at and contact or lead (a contact's several messages share its contact_id).
  const ack = sql.identifier("ack");
  // The outbox also holds mails that are no submission (acknowledgements, reminders): the timeline shows the submissions.
  const [person, submissions, events] = await Promise.all([
    select(db.rows, personFields, sql`from ${people} where ${people.id} = ${id}`),
    select(
      db.rows,
      {
        id: o.id,
        kind: sql<Submission["kind"]>`${o.kind}`,
        source: o.source,
        fields: o.payload,
        createdAt: o.created_at,
        status: o.status,
        attempts: o.attempts,
        lastError: o.last_error,
        sentAt: o.sent_at,
        consentText: leads.consent_text,
        consentVersion: leads.consent_version,
        address: leads.client_address,
        userAgent: leads.user_agent,
        ackStatus: sql<AcknowledgementState["status"] | null>`${ack}.${sql.identifier("status")}`,
        ackError: sql<string | null>`${ack}.${sql.identifier("last_error")}`,
      },
      sql`
      from ${o} left join ${leads} on ${leads.id} = ${o.lead_id}
      left join ${o} as ${ack} on ${ack}.${sql.identifier("person_id")} = ${o.person_id} and ${ack}.${sql.identifier("created_at")} = ${o.created_at}
        and ${ack}.${sql.identifier("kind")} = 'acknowledgement' and (${ack}.${sql.identifier("lead_id")} = ${o.lead_id} or ${ack}.${sql.identifier("contact_id")} = ${o.contact_id})
      where ${o.person_id} = ${id} and ${o.kind} in ${SUBMISSION_KINDS} order by ${o.created_at} desc, ${o.id} desc`,
    ),
    select(
      db.rows,
      eventFields,
      sql`
      from ${personEvents} where ${personEvents.person_id} = ${id} order by ${personEvents.created_at} desc, ${personEvents.id} desc`,
    ),
  ]);
  if (!person[0]) return null;
  return {
    person: person[0],
    // The notification's state and the lead's consent record are nested in a submission.
    submissions: submissions.map(
      ({ fields, status, attempts, lastError, sentAt, consentText, consentVersion, address, userAgent, ackStatus, ackError, ...s }) => ({
        ...s,
        fields: fields as Record<string, unknown>,
        notification: { status, attempts, lastError, sentAt },
        acknowledgement: ackStatus ? { status: ackStatus, lastError: ackError } : null,
        consent: consentText ? { text: consentText, version: consentVersion ?? "", address, userAgent } : null,
      }),
    ),
    events,
  };
}

/**
 * Changes a person's status and puts the change on their timeline. Any step the agent takes
 * answers the person, so it also ends the 24-hour reply clock. A deal Closed gives implied
 * consent (CASL: an existing business relationship) for 2 years, written in the same transaction;
 * an erased person gets none.
 */
export async function setStatus(db: Database, personId: number, status: PersonStatus, by: Account): Promise<boolean> {
  return db.transaction(async (rows) => {
    const current = await select(
      rows,
      { status: people.status, erasedAt: people.erased_at },
      sql`from ${people} where ${people.id} = ${personId} for update`,
    );
    if (!current[0]) return false;
    if (current[0].status === status) return true;
    await rows(
      sql`update ${people} set ${name(people.status)} = ${status}, ${name(people.awaiting_reply_since)} = null where ${people.id} = ${personId}`,
    );
    await rows(sql`
      insert into ${personEvents} (${name(personEvents.person_id)}, ${name(personEvents.kind)}, ${name(personEvents.from_status)}, ${name(personEvents.to_status)}, ${name(personEvents.author_id)}, ${name(personEvents.author_name)})
      values (${personId}, 'status', ${current[0].status}, ${status}, ${by.id}, ${by.name})`);
    if (status === "closed" && !current[0].erasedAt) {
      // The agent's click, not the person's: no address or browser of theirs to record. 2 years: IMPLIED_CLOSED_YEARS (alerts/consent.server.ts).
      await rows(sql`
        insert into ${consentEvents} (${name(consentEvents.person_id)}, ${name(consentEvents.kind)}, ${name(consentEvents.basis)}, ${name(consentEvents.given_at)}, ${name(consentEvents.expires_at)})
        values (${personId}, 'implied', 'Closed', now(), now() + interval '2 years')`);
    }
    return true;
  });
}

/** A note on the timeline; like a status change it ends the reply clock (the agent has acted). */
export async function addNote(db: Database, personId: number, note: string, by: Account): Promise<boolean> {
  const rows = await returning(
    db.rows,
    { id: personEvents.id },
    sql`
    with person as (update ${people} set ${name(people.awaiting_reply_since)} = null where ${people.id} = ${personId} returning ${people.id})
    insert into ${personEvents} (${name(personEvents.person_id)}, ${name(personEvents.kind)}, ${name(personEvents.note)}, ${name(personEvents.author_id)}, ${name(personEvents.author_name)})
    select id, 'note', ${note}, ${by.id}, ${by.name} from person`,
  );
  return rows.length === 1;
}

/** Puts one failed notification back in the queue ("send again"). */
export async function resendNotification(db: Database, notificationId: number, personId: number): Promise<boolean> {
  const o = notificationOutbox;
  const rows = await returning(
    db.rows,
    { id: o.id },
    sql`
    update ${o} set ${name(o.status)} = 'pending', ${name(o.attempts)} = 0, ${name(o.next_attempt_at)} = now(), ${name(o.last_error)} = null
    where ${o.id} = ${notificationId} and ${o.person_id} = ${personId} and ${o.status} = 'failed'`,
  );
  return rows.length === 1;
}
