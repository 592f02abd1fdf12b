/**
 * The inbox's people and their timelines. A person is everyone who submitted a form with one
 * e-mail address (trimmed, lower-cased). Each submission's own statement finds or creates its
 * person and links the submission's outbox row to it (`personUpsert` below, used by
 * `recordLead` and `createContact`; decision 035). Their submissions are the outbox rows that
 * announced them: each holds a snapshot of exactly what was submitted and the notification's
 * delivery state.
 */
import { type SQL, sql } from "drizzle-orm";
import { CONTACT_SOURCE, LEAD_SOURCE } from "~/lib/schema-values";
import { PEOPLE_PAGE_SIZE, PERSON_STATUSES, type PersonStatus, type Submission } from "../../inbox";
import type { Lead, OutboxRow, Person, PersonEvent } from "../../../../db/schema";
import type { Database } from "../db.server";
import type { Account } from "./accounts.server";

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  status: PersonStatus;
  sources: string[];
  serviceType: string | null;
  preview: string | null;
  submissions: number;
  firstAt: Date;
  lastActivityAt: Date;
  awaitingReplySince: Date | null;
}

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

type RawPerson = Pick<
  Person,
  "id" | "name" | "email" | "phone" | "status" | "sources" | "service_type" | "preview" | "submissions" | "first_at" | "last_activity_at" | "awaiting_reply_since"
>;

const personColumns = sql`id, name, email, phone, status, sources, service_type, preview, submissions, first_at, last_activity_at, awaiting_reply_since`;

function toPerson(r: RawPerson): PersonRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    status: r.status,
    sources: r.sources,
    serviceType: r.service_type,
    preview: r.preview,
    submissions: r.submissions,
    firstAt: r.first_at,
    lastActivityAt: r.last_activity_at,
    awaitingReplySince: r.awaiting_reply_since,
  };
}

/**
 * What a submission tells about its person, as its notification's payload holds it: the
 * welcome form's `fullName` and `comments`, the contact form's `name` and `message`.
 */
export interface SubmissionPerson {
  /** The form (spec §7: 'Welcome Page Form' or 'contact_form'). */
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

/** The person's fields of a payload written by either form (`LeadPayload`, `ContactPayload`). */
export function submissionPersonOf(
  source: string,
  payload: { email?: string | null; fullName?: string | null; name?: string | null; phone?: string | null; comments?: string | null; message?: string | null; serviceType?: string | null },
  at?: Date,
): SubmissionPerson {
  return {
    source,
    email: payload.email,
    name: payload.fullName ?? payload.name,
    phone: payload.phone,
    said: payload.comments ?? payload.message,
    serviceType: payload.serviceType,
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
  return sql`
    insert into people as p (email, name, phone, sources, service_type, preview, search_text, submissions, first_at, last_activity_at, awaiting_reply_since)
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
    on conflict (email) do update set
      name = case when excluded.name <> '' then excluded.name else p.name end,
      phone = coalesce(excluded.phone, p.phone),
      sources = case when ${person.source}::text = any(p.sources) then p.sources else p.sources || ${person.source}::text end,
      service_type = coalesce(excluded.service_type, p.service_type),
      preview = coalesce(excluded.preview, p.preview),
      search_text = left(p.search_text || ' ' || excluded.search_text, 20000),
      submissions = p.submissions + 1,
      last_activity_at = greatest(p.last_activity_at, excluded.last_activity_at),
      awaiting_reply_since = coalesce(p.awaiting_reply_since, excluded.awaiting_reply_since)
    returning p.id`;
}

/** `%`, `_` and `\` typed in the search box are looked for literally. */
function likePattern(search: string): string {
  return `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(query: PeopleQuery): SQL {
  const parts: SQL[] = [query.status ? sql`status = ${query.status}` : sql`status <> 'spam'`];
  if (query.source) parts.push(sql`${query.source} = any(sources)`);
  if (query.search?.trim()) parts.push(sql`search_text like ${likePattern(query.search)}`);
  return sql.join(parts, sql` and `);
}

/** The forms a person can come from (spec §7), for the source filter. */
export const PERSON_SOURCES = [LEAD_SOURCE, CONTACT_SOURCE] as const;

/**
 * One page of the list. Without a search or form filter the page comes from the activity index
 * and the total from the per-status counts; with one, a single scan returns the page and its
 * total (a window count), so 50,000 submissions stay well under the 200 ms target on PGlite.
 */
export async function listPeople(db: Database, query: PeopleQuery): Promise<PeoplePage> {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = whereOf(query);
  const filtered = Boolean(query.source || query.search?.trim());
  const [rows, counts] = await Promise.all([
    db.rows<RawPerson & { total?: number }>(sql`
      select ${personColumns}${filtered ? sql`, count(*) over ()::integer as total` : sql``} from people where ${where}
      order by last_activity_at desc, id desc limit ${PEOPLE_PAGE_SIZE}::integer offset ${(page - 1) * PEOPLE_PAGE_SIZE}::integer`),
    db.rows<{ status: PersonStatus; n: number }>(sql`select status, count(*)::integer as n from people group by status`),
  ]);
  const byStatus = Object.fromEntries(PERSON_STATUSES.map((s) => [s, 0])) as Record<PersonStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  const unfilteredTotal = query.status ? byStatus[query.status] : PERSON_STATUSES.filter((s) => s !== "spam").reduce((n, s) => n + byStatus[s], 0);
  // A filtered page past the last match has no row to carry the total: count it then.
  const total = !filtered ? unfilteredTotal : rows[0] ? Number(rows[0].total) : page > 1 ? await countWhere(db, where) : 0;
  return { people: rows.map(toPerson), total, counts: byStatus, sources: [...PERSON_SOURCES] };
}

async function countWhere(db: Database, where: SQL): Promise<number> {
  const rows = await db.rows<{ n: number }>(sql`select count(*)::integer as n from people where ${where}`);
  return Number(rows[0]?.n ?? 0);
}

/** When anyone last wrote (the list's first row when unfiltered), as the pulse reports it. */
export async function latestActivity(db: Database): Promise<string | null> {
  const rows = await db.rows<{ latest: Date | null }>(sql`select max(last_activity_at) as latest from people`);
  return rows[0]?.latest?.toISOString() ?? null;
}

/** What an open inbox polls: when it last changed and how many people are new (both from indexes). */
export async function inboxPulse(db: Database): Promise<{ latest: string | null; newPeople: number }> {
  const [latest, rows] = await Promise.all([latestActivity(db), db.rows<{ n: number }>(sql`select count(*)::integer as n from people where status = 'new'`)]);
  return { latest, newPeople: Number(rows[0]?.n ?? 0) };
}

export type { Submission };

export interface TimelineEvent {
  id: number;
  kind: "status" | "note";
  fromStatus: PersonStatus | null;
  toStatus: PersonStatus | null;
  note: string | null;
  authorName: string;
  createdAt: Date;
}

export interface PersonDetail {
  person: PersonRow;
  submissions: Submission[];
  events: TimelineEvent[];
}

export async function personDetail(db: Database, id: number): Promise<PersonDetail | null> {
  const [people, submissions, events] = await Promise.all([
    db.rows<RawPerson>(sql`select ${personColumns} from people where id = ${id}`),
    db.rows<
      Pick<OutboxRow, "id" | "kind" | "source" | "payload" | "created_at" | "status" | "attempts" | "last_error" | "sent_at"> &
        Pick<Lead, "consent_text" | "consent_version" | "client_address" | "user_agent">
    >(sql`
      select o.id, o.kind, o.source, o.payload, o.created_at, o.status, o.attempts, o.last_error, o.sent_at,
        l.consent_text, l.consent_version, l.client_address, l.user_agent
      from notification_outbox o left join leads l on l.id = o.lead_id
      where o.person_id = ${id} order by o.created_at desc, o.id desc`),
    db.rows<Pick<PersonEvent, "id" | "kind" | "from_status" | "to_status" | "note" | "author_name" | "created_at">>(sql`
      select id, kind, from_status, to_status, note, author_name, created_at from person_events where person_id = ${id} order by created_at desc, id desc`),
  ]);
  if (!people[0]) return null;
  return {
    person: toPerson(people[0]),
    submissions: submissions.map((s) => ({
      id: s.id,
      kind: s.kind,
      source: s.source,
      fields: s.payload as Record<string, unknown>,
      createdAt: s.created_at,
      notification: { status: s.status, attempts: s.attempts, lastError: s.last_error, sentAt: s.sent_at },
      consent: s.consent_text ? { text: s.consent_text, version: s.consent_version ?? "", address: s.client_address, userAgent: s.user_agent } : null,
    })),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      note: e.note,
      authorName: e.author_name,
      createdAt: e.created_at,
    })),
  };
}

/**
 * Changes a person's status and puts the change on their timeline. Any step the agent takes
 * answers the person, so it also ends the 24-hour reply clock.
 */
export async function setStatus(db: Database, personId: number, status: PersonStatus, by: Account): Promise<boolean> {
  return db.transaction(async (rows) => {
    const current = await rows<{ status: PersonStatus }>(sql`select status from people where id = ${personId} for update`);
    if (!current[0]) return false;
    if (current[0].status === status) return true;
    await rows(sql`update people set status = ${status}, awaiting_reply_since = null where id = ${personId}`);
    await rows(sql`
      insert into person_events (person_id, kind, from_status, to_status, author_id, author_name)
      values (${personId}, 'status', ${current[0].status}, ${status}, ${by.id}, ${by.name})`);
    return true;
  });
}

/** A note on the timeline; like a status change it ends the reply clock (the agent has acted). */
export async function addNote(db: Database, personId: number, note: string, by: Account): Promise<boolean> {
  const rows = await db.rows(sql`
    with person as (update people set awaiting_reply_since = null where id = ${personId} returning id)
    insert into person_events (person_id, kind, note, author_id, author_name)
    select id, 'note', ${note}, ${by.id}, ${by.name} from person returning id`);
  return rows.length === 1;
}

/** Puts one failed notification back in the queue ("send again"). */
export async function resendNotification(db: Database, notificationId: number, personId: number): Promise<boolean> {
  const rows = await db.rows(sql`
    update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
    where id = ${notificationId} and person_id = ${personId} and status = 'failed' returning id`);
  return rows.length === 1;
}
