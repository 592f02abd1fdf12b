/**
 * A person still New whose reply is due: the list's "Overdue" badge (a word, not a colour alone)
 * and the person page's line saying since when they wait and when the reply was due.
 */
import { formatDuration } from "~/lib/format";
import { isOverdue } from "~/lib/inbox-overdue";
import { Time } from "./inbox-ui";

export function OverdueBadge({ since, now }: { since: Date | null; now: Date }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded bg-danger-soft px-2 py-0.5 text-sm font-bold whitespace-nowrap text-danger"
      data-testid="overdue"
    >
      <span aria-hidden="true">!</span> Overdue
      {since && <span className="font-normal">{` · waiting ${formatDuration(now.getTime() - since.getTime())}`}</span>}
    </span>
  );
}

/** The person page: since when they wait, and when the reply is or was due. */
export function ReplyDue({ since, due, now }: { since: Date | null; due: Date | null; now: Date }) {
  if (!since || !due) return null;
  const overdue = isOverdue(due, now);
  return (
    <p className={`mt-1 text-sm ${overdue ? "font-bold text-danger" : "text-ink-muted"}`} data-testid="reply-due">
      Waiting since <Time date={since} />; {overdue ? "your reply was due" : "a reminder comes at"} <Time date={due} />
      {overdue ? "" : " if they are still New"}
    </p>
  );
}
