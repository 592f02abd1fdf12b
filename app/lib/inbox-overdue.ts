/**
 * Who is overdue in the inbox (browser-safe, pure): a person still New whose reply was due
 * `minutes` of opening hours after the oldest submission still waiting (the same rule as the
 * reminder the agent is sent, LEAD_REMINDER_MINUTES, decision 038).
 *
 * The working-hours arithmetic (`replyDueAt` of app/lib/working-hours.ts) is a parameter, so the
 * routes pass the real one and tests their own.
 */
import type { PersonStatus } from "./inbox";

export type ReplyDueAt = (since: Date, minutes: number) => Date;

/** When the agent's reply to this person is (or was) due; null when no reply is owed: they are not New, or nothing of theirs is waiting. */
export function replyDueOf(
  person: { status: PersonStatus; awaitingReplySince: Date | null },
  minutes: number,
  replyDueAt: ReplyDueAt,
): Date | null {
  if (person.status !== "new" || !person.awaitingReplySince) return null;
  return replyDueAt(person.awaitingReplySince, minutes);
}

export function isOverdue(replyDue: Date | null, now: Date): boolean {
  return replyDue !== null && replyDue.getTime() <= now.getTime();
}

/** The list's people, each with `replyDue` added (its order kept). */
export function withReplyDue<P extends { status: PersonStatus; awaitingReplySince: Date | null }>(
  people: P[],
  minutes: number,
  replyDueAt: ReplyDueAt,
): (P & { replyDue: Date | null })[] {
  return people.map((p) => ({ ...p, replyDue: replyDueOf(p, minutes, replyDueAt) }));
}
