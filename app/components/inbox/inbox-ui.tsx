/**
 * Small pieces the inbox's pages share: their meta, times in Edmonton, the status badge and the
 * 24-hour reply clock. Times are computed against the loader's `now`, so the server's HTML and
 * the hydrated page agree.
 */
import type { ReactNode } from "react";
import { formatDuration } from "~/lib/format";
import { PERSON_STATUS_LABELS, type PersonStatus, REPLY_PROMISE_HOURS } from "~/lib/inbox";

/** Every inbox page: its title and noindex (the server also sends X-Robots-Tag and no-store). */
export function inboxMeta(title: string) {
  return [{ title: `${title} · Inbox` }, { name: "robots", content: "noindex, nofollow" }];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The UTC instant of the nth Sunday of a month at 2:00 local time, given the offset in force before the change. */
function nthSunday2am(year: number, month: number, n: number, offsetHours: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((7 - first) % 7) + (n - 1) * 7;
  return Date.UTC(year, month, day, 2 - offsetHours);
}

/**
 * Edmonton's local time, computed here rather than by Intl: browsers' and Node's time-zone data
 * can disagree, and the server's HTML must match the hydrated page. Mountain Time is UTC-7, and
 * UTC-6 from the second Sunday of March to the first Sunday of November (Canada's rule since 2007).
 */
export function edmontonTime(date: Date): Date {
  const year = date.getUTCFullYear();
  const summer = date.getTime() >= nthSunday2am(year, 2, 2, -7) && date.getTime() < nthSunday2am(year, 10, 1, -6);
  return new Date(date.getTime() + (summer ? -6 : -7) * 3_600_000);
}

/** "Nov 22, 2026, 9:51 p.m." in Edmonton time. */
export function formatWhen(date: Date): string {
  const t = edmontonTime(date);
  const h = t.getUTCHours();
  const minutes = String(t.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[t.getUTCMonth()]} ${t.getUTCDate()}, ${t.getUTCFullYear()}, ${h % 12 || 12}:${minutes} ${h < 12 ? "a.m." : "p.m."}`;
}

export function Time({ date }: { date: Date }) {
  return <time dateTime={date.toISOString()}>{formatWhen(date)}</time>;
}

/** "Reply within 5 h 12 min", or, past the promise, "Overdue by 2 h 3 min" in the danger colour. */
export function ReplyClock({ since, now }: { since: Date | null; now: Date }) {
  if (!since) return null;
  const left = since.getTime() + REPLY_PROMISE_HOURS * 3_600_000 - now.getTime();
  if (left <= 0) {
    return (
      <span
        className="inline-flex items-center rounded bg-danger-soft px-2 py-0.5 text-sm font-bold text-danger"
        data-testid="reply-clock"
        data-overdue="true"
      >
        Overdue by {formatDuration(-left)}
      </span>
    );
  }
  return (
    <span className="text-sm text-ink-muted" data-testid="reply-clock">
      Reply within {formatDuration(left)}
    </span>
  );
}

const badgeTone: Record<PersonStatus, string> = {
  new: "bg-brand text-on-brand",
  contacted: "bg-brand-soft text-ink",
  appointment: "bg-brand-soft text-ink",
  client: "bg-brand-soft text-ink",
  closed: "bg-surface-muted text-ink-muted",
  not_interested: "bg-surface-muted text-ink-muted",
  spam: "bg-surface-muted text-ink-muted line-through",
};

export function StatusBadge({ status }: { status: PersonStatus }) {
  return <span className={`inline-flex rounded px-2 py-0.5 text-xs font-bold ${badgeTone[status]}`}>{PERSON_STATUS_LABELS[status]}</span>;
}

export const SERVICE_LABELS: Record<string, string> = {
  buying: "Buying",
  selling: "Selling",
  buying_and_selling: "Buying and selling",
};

export function Notice({ tone, children }: { tone: "error" | "info"; children: React.ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${tone === "error" ? "border-danger bg-danger-soft text-danger" : "border-line bg-surface-muted text-ink"}`}
    >
      {children}
    </p>
  );
}

/** The Account page's parts: each ruled off from the one above. */
export const RULED = "mt-8 border-t border-line pt-6";

/** A part of an inbox page, named by its heading (id `${name}-heading`); `large`: the heading of a part of the Account page. */
export function InboxSection({
  name,
  title,
  className,
  large = false,
  anchor,
  testId,
  children,
}: {
  name: string;
  title: ReactNode;
  className: string;
  large?: boolean;
  /** The section's own id, for a link to it. */
  anchor?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} className={className} aria-labelledby={`${name}-heading`} data-testid={testId}>
      <h2 id={`${name}-heading`} className={large ? "text-xl font-bold" : "text-lg font-bold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}
