/**
 * The pushes queued for the agent's devices, and the text each one shows. A push is queued in the
 * transaction that makes its reason, one row per device, and delivered by the push job
 * (push-job.server.ts) like the mail outbox: claimed with a lease, retried with backoff, never
 * lost when a push service is down for a while.
 */
import { sql } from "drizzle-orm";
import { inboxUsers, pushDevices, pushMessages } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, returning, select } from "../../../../platform/db/query";
import { formatDuration } from "../../format";
import type { WarmingFacts } from "../alerts/warming.server";

/** What a push says about a lead: the person, the form, the home, the first words. Kept as facts so the text follows the lock-screen setting when it is sent. */
export interface LeadFacts {
  name: string;
  /** "Contact form", "Welcome page", "Listing inquiry". */
  form: string;
  /** The home an inquiry is about, its address. */
  home?: string;
  /** The first words of the message or comments. */
  excerpt?: string;
}

export type PushFacts =
  | { kind: "lead"; lead: LeadFacts }
  | { kind: "reminder"; lead: LeadFacts; waitingMinutes: number }
  /** A showing request (issue 44): a tap opens the showing in the inbox, with its Confirm button. */
  | { kind: "showing"; lead: LeadFacts; when: string; showingId: number }
  | WarmingFacts
  | { kind: "test" }
  /** Something protecting the leads stopped working, or works again (app/lib/server/health). */
  | { kind: "health"; label: string; detail: string; cleared: boolean };

/** What the service worker shows (app/inbox-sw): a title, a line, the inbox page a tap opens. */
export interface PushNotification {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The first words of a message, at most `max` characters, cut at a word. */
export function firstWords(text: string | null | undefined, max = 80): string | undefined {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (!flat) return undefined;
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  // No comma or full stop before the ellipsis.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** A stored fact as one line of text, whatever the row holds. */
function oneLineOf(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

/** The notification for a queued push; `hide`: the account's "New lead only" setting. */
export function notificationOf(facts: PushFacts, personId: number | null, messageId: number, hide: boolean): PushNotification {
  const url = personId ? `/inbox/people/${personId}` : "/inbox";
  const tag = personId ? `person-${personId}` : `push-${messageId}`;
  if (facts.kind === "health") {
    // Says nothing about a lead: the same text with the lock-screen setting on.
    return {
      title: facts.cleared ? `Working again: ${oneLineOf(facts.label)}` : `Needs attention: ${oneLineOf(facts.label)}`,
      body: oneLineOf(facts.detail),
      url: "/inbox/account#health",
      tag: `health-${oneLineOf(facts.label)}`,
    };
  }
  if (facts.kind === "showing") {
    const showingUrl =
      Number.isSafeInteger(facts.showingId) && facts.showingId > 0 ? `/inbox/showings/${facts.showingId}` : "/inbox/showings";
    if (hide) return { title: "New showing request", body: "Open the inbox to confirm it.", url: showingUrl, tag };
    const body = [oneLineOf(facts.when), oneLineOf(facts.lead?.home), "Tap to confirm."].filter(Boolean).join("\n");
    return {
      title: `Showing request: ${oneLineOf(facts.lead?.name) || "a buyer"}`,
      body,
      url: showingUrl,
      tag: `showing-${facts.showingId}`,
    };
  }
  if (facts.kind === "test") return { title: "Test notification", body: "Notifications work on this device.", url: "/inbox/account", tag };
  if (facts.kind === "warming")
    return hide
      ? { title: "A lead is warming up", body: "Open the inbox to see who.", url, tag }
      : { title: `Warming up: ${oneLineOf(facts.name) || "a lead"}`, body: oneLineOf(facts.reason), url, tag };
  const waiting = facts.kind === "reminder" ? `Still New after ${formatDuration(facts.waitingMinutes * 60_000)}` : null;
  if (hide) return { title: waiting ? "A lead is waiting" : "New lead", body: waiting ?? "Open the inbox to see it.", url, tag };
  const { lead } = facts;
  const about = [lead.form, lead.home].filter(Boolean).join(" · ");
  const body = [waiting, about, lead.excerpt ? `“${lead.excerpt}”` : null].filter(Boolean).join("\n");
  return { title: waiting ? `Waiting: ${lead.name}` : `New lead: ${lead.name}`, body, url, tag };
}

/** One push per subscribed device, in the caller's transaction (`rows`). */
export async function queuePushes(rows: Database["rows"], facts: PushFacts, personId: number | null): Promise<number> {
  const queued = await returning(
    rows,
    { id: pushMessages.id },
    sql`
    insert into ${pushMessages} (${name(pushMessages.device_id)}, ${name(pushMessages.kind)}, ${name(pushMessages.person_id)}, ${name(pushMessages.payload)})
    select ${pushDevices.id}, ${facts.kind}, ${personId}, ${JSON.stringify(facts)}::jsonb from ${pushDevices}`,
  );
  return queued.length;
}

/** A test push to one of the account's devices; false when the device is not theirs. */
export async function queueTestPush(db: Database, accountId: number, deviceId: number): Promise<boolean> {
  const facts: PushFacts = { kind: "test" };
  const queued = await returning(
    db.rows,
    { id: pushMessages.id },
    sql`
    insert into ${pushMessages} (${name(pushMessages.device_id)}, ${name(pushMessages.kind)}, ${name(pushMessages.payload)})
    select ${pushDevices.id}, 'test', ${JSON.stringify(facts)}::jsonb from ${pushDevices}
    where ${pushDevices.id} = ${deviceId} and ${pushDevices.account_id} = ${accountId}`,
  );
  return queued.length > 0;
}

/**
 * Claims up to `limit` due pushes for `leaseMs` (FOR UPDATE SKIP LOCKED: servers sharing the
 * database never claim the same one) with what sending needs: the device's subscription and its
 * account's lock-screen setting. A push whose claim ran out after its last attempt (the server
 * stopped before recording an outcome) is marked failed instead of being claimed once more, so no
 * push, whatever it does to a server, is tried more than `maxAttempts` times.
 */
export async function claimDuePushes(db: Database, limit: number, leaseMs: number, maxAttempts: number) {
  await db.rows(sql`
    update ${pushMessages} set ${name(pushMessages.status)} = 'failed',
      ${name(pushMessages.last_error)} = left(coalesce(${pushMessages.last_error} || ' / ', '') || 'no outcome was recorded for the last attempt', 1000)
    where ${pushMessages.status} = 'sending' and ${pushMessages.next_attempt_at} <= now() and ${pushMessages.attempts} >= ${maxAttempts}::integer`);
  return select(
    db.rows,
    {
      id: sql<number>`claimed.id`,
      attempts: sql<number>`claimed.attempts`,
      personId: sql<number | null>`claimed.person_id`,
      payload: sql<PushFacts>`claimed.payload`,
      deviceId: pushDevices.id,
      endpoint: pushDevices.endpoint,
      p256dh: pushDevices.p256dh,
      auth: pushDevices.auth,
      hide: inboxUsers.push_hide_details,
    },
    sql`
    from claimed
    join ${pushDevices} on ${pushDevices.id} = claimed.device_id
    join ${inboxUsers} on ${inboxUsers.id} = ${pushDevices.account_id}`,
    {
      with: sql`claimed as (
        update ${pushMessages} set ${name(pushMessages.status)} = 'sending', ${name(pushMessages.attempts)} = ${pushMessages.attempts} + 1,
          ${name(pushMessages.next_attempt_at)} = now() + ${leaseMs}::integer * interval '1 millisecond'
        where ${pushMessages.id} in (
          select ${pushMessages.id} from ${pushMessages}
          where ${pushMessages.status} in ('pending', 'sending') and ${pushMessages.next_attempt_at} <= now() and ${pushMessages.attempts} < ${maxAttempts}::integer
          order by ${pushMessages.next_attempt_at} limit ${limit} for update skip locked)
        returning ${pushMessages.id} as id, ${pushMessages.attempts} as attempts, ${pushMessages.payload} as payload, ${pushMessages.device_id} as device_id, ${pushMessages.person_id} as person_id)`,
    },
  );
}

export type ClaimedPush = Awaited<ReturnType<typeof claimDuePushes>>[number];

export async function markPushSent(db: Database, push: ClaimedPush): Promise<void> {
  await db.rows(sql`
    with sent as (
      update ${pushMessages} set ${name(pushMessages.status)} = 'sent', ${name(pushMessages.sent_at)} = now(), ${name(pushMessages.last_error)} = null
      where ${pushMessages.id} = ${push.id})
    update ${pushDevices} set ${name(pushDevices.last_push_at)} = now() where ${pushDevices.id} = ${push.deviceId}`);
}

export async function markPushForRetry(db: Database, id: number, delayMs: number, error: string): Promise<void> {
  await db.rows(sql`
    update ${pushMessages} set ${name(pushMessages.status)} = 'pending', ${name(pushMessages.last_error)} = ${error},
      ${name(pushMessages.next_attempt_at)} = now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'
    where ${pushMessages.id} = ${id}`);
}

export async function markPushFailed(db: Database, id: number, error: string): Promise<void> {
  await db.rows(
    sql`update ${pushMessages} set ${name(pushMessages.status)} = 'failed', ${name(pushMessages.last_error)} = ${error} where ${pushMessages.id} = ${id}`,
  );
}
