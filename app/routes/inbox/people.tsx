/**
 * /inbox: everyone who wrote, newest activity first, with the 24-hour reply clock. Filters by
 * status and form, a search over name, e-mail, phone and messages, counts per status. Spam is
 * hidden unless asked for. The list refreshes itself when a submission arrives (useLiveInbox)
 * and the tab's title counts the new people. People still New past their reply time stand out
 * as Overdue (in place: the order stays newest activity first); the agent's response time is on top.
 * People warming up (listing alerts: a watched home, a home opened twice, an inquiry about one) carry a badge.
 */
import { Form, Link } from "react-router";
import { ReplyClock, SERVICE_LABELS, StatusBadge, Time, inboxMeta } from "~/components/inbox/inbox-ui";
import { sourceLabel } from "~/lib/inbox";
import { useLiveInbox } from "~/components/inbox/live-inbox";
import { OverdueBadge } from "~/components/inbox/overdue";
import { ResponseTimesSummary } from "~/components/inbox/response-times";
import { WarmingBadge } from "~/components/inbox/warming-badge";
import { PEOPLE_PAGE_SIZE, PERSON_STATUSES, PERSON_STATUS_LABELS, type PersonStatus } from "~/lib/inbox";
import { isOverdue, withReplyDue } from "~/lib/inbox-overdue";
import { replyDueAt } from "~/lib/working-hours";
import { requirePageSession } from "~/lib/server/inbox/guard.server";
import { latestActivity, listPeople } from "~/lib/server/inbox/people.server";
import { responseTimes } from "~/lib/server/inbox/response-times.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = ({ data }) => inboxMeta(data && data.newPeople > 0 ? `(${data.newPeople} new) People` : "People");

function isStatus(value: string | null): value is PersonStatus {
  return (PERSON_STATUSES as readonly string[]).includes(value ?? "");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageSession(request, context);
  const { db, replyMinutes } = serverOf(context).inbox;
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const query = {
    status: isStatus(status) ? status : undefined,
    source: params.get("source")?.slice(0, 100) || undefined,
    search: params.get("q")?.slice(0, 200) || undefined,
    page: Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
  const now = new Date();
  const [list, latest, times] = await Promise.all([listPeople(db, query), latestActivity(db), responseTimes(db, now)]);
  const people = withReplyDue(list.people, replyMinutes, replyDueAt);
  return { ...list, people, query, latest, newPeople: list.counts.new, now, times };
}

function filterHref(query: { status?: string; source?: string; search?: string }, change: Record<string, string | undefined>): string {
  const next = new URLSearchParams();
  const merged = { status: query.status, source: query.source, q: query.search, ...change };
  for (const [k, v] of Object.entries(merged)) if (v) next.set(k, v);
  const s = next.toString();
  return s ? `/inbox?${s}` : "/inbox";
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { people, total, counts, sources, query, latest, now, times } = loaderData;
  useLiveInbox(latest);
  const everyone = PERSON_STATUSES.filter((s) => s !== "spam").reduce((n, s) => n + counts[s], 0);
  const pages = Math.max(1, Math.ceil(total / PEOPLE_PAGE_SIZE));
  return (
    <div>
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold">People</h1>
        <span className="text-sm text-ink-muted" aria-live="polite" data-testid="people-total">
          {total} {total === 1 ? "person" : "people"}
        </span>
        <span className="ml-auto flex gap-3 text-sm">
          <a className="text-brand underline" href="/inbox/export/people.csv" download>
            People CSV
          </a>
          <a className="text-brand underline" href="/inbox/export/submissions.csv" download>
            Submissions CSV
          </a>
        </span>
      </div>

      <ResponseTimesSummary times={times} />

      <nav aria-label="Filter by status" className="mt-4 -mx-1 flex gap-1 overflow-x-auto pb-1 text-sm">
        {[
          { key: undefined, label: "All but spam", n: everyone },
          ...PERSON_STATUSES.map((s) => ({ key: s, label: PERSON_STATUS_LABELS[s], n: counts[s] })),
        ].map((f) => {
          const active = query.status === f.key;
          return (
            <Link
              key={f.key ?? "all"}
              to={filterHref(query, { status: f.key, page: undefined })}
              aria-current={active ? "page" : undefined}
              className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-3 ${active ? "border-brand bg-brand text-on-brand" : "border-line text-ink hover:bg-surface-muted"}`}
            >
              {f.label} <span className="font-bold">{f.n}</span>
            </Link>
          );
        })}
      </nav>

      <Form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-2">
        {query.status && <input type="hidden" name="status" value={query.status} />}
        <label className="min-w-48 flex-1 text-sm font-bold">
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.search ?? ""}
            placeholder="Name, e-mail, phone or message"
            className="mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2.5 text-base text-ink"
          />
        </label>
        <label className="text-sm font-bold">
          Form
          <select
            name="source"
            defaultValue={query.source ?? ""}
            className="mt-1 block min-h-11 rounded-md border border-line bg-surface px-2 text-base text-ink"
          >
            <option value="">Any form</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-md bg-brand px-4 font-bold text-on-brand">
          Search
        </button>
      </Form>

      {people.length === 0 ? (
        <p className="mt-8 text-ink-muted">
          {query.search || query.source || query.status
            ? "Nobody matches these filters."
            : "No leads yet. They appear here the moment someone sends a form."}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line border-y border-line" data-testid="people-list">
          {people.map((p) => {
            const overdue = isOverdue(p.replyDue, now);
            return (
              <li key={p.id} data-overdue={overdue || undefined}>
                <Link
                  to={`/inbox/people/${p.id}`}
                  className={`block py-3 hover:bg-surface-muted focus-visible:bg-surface-muted ${overdue ? "border-l-4 border-danger pr-1 pl-2" : "px-1"}`}
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-bold text-ink break-all">{p.name || p.email}</span>
                    <StatusBadge status={p.status} />
                    {p.warmingAt && <WarmingBadge />}
                    {overdue ? (
                      <OverdueBadge since={p.awaitingReplySince} now={now} />
                    ) : (
                      p.status !== "spam" && <ReplyClock since={p.awaitingReplySince} now={now} />
                    )}
                    <span className="ml-auto text-sm text-ink-muted">
                      <Time date={p.lastActivityAt} />
                    </span>
                  </div>
                  <div className="mt-1 flex flex-wrap gap-x-3 text-sm text-ink-muted">
                    {!p.erasedAt && <span className="break-all">{p.email}</span>}
                    {p.phone && <span>{p.phone}</span>}
                    <span>{p.sources.map(sourceLabel).join(", ")}</span>
                    {p.serviceType && <span>{SERVICE_LABELS[p.serviceType] ?? p.serviceType}</span>}
                    {p.submissions > 1 && <span>{p.submissions} submissions</span>}
                  </div>
                  {p.preview && <p className="mt-1 line-clamp-2 text-sm text-ink">{p.preview}</p>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
          {query.page > 1 ? (
            <Link className="min-h-11 content-center text-brand underline" to={filterHref(query, { page: String(query.page - 1) })}>
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {query.page} of {pages}
          </span>
          {query.page < pages ? (
            <Link className="min-h-11 content-center text-brand underline" to={filterHref(query, { page: String(query.page + 1) })}>
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
