/**
 * /inbox/showings: the agent's showings (issue 44) as a day view (?day=YYYY-MM-DD, Edmonton's
 * today by default) beside the requests still waiting for a confirmation and the RSVPs of the
 * open houses from today on ("I'll be there", per open house); /inbox/showings/:id:
 * one showing, what a push's tap opens. Confirm sends the buyer the invitation with its .ics;
 * Cancel sends the cancellation. Both are one-tap forms that need no script.
 */
import { TZDate } from "@date-fns/tz";
import { Link, data } from "react-router";
import { Notice, inboxMeta } from "~/components/inbox/inbox-ui";
import { SITE_TIME_ZONE, edmontonDate } from "~/lib/dates";
import { type FormResult, formDone, formError } from "~/lib/form-result";
import { slotDayLabel } from "~/lib/showing-slots";
import { requirePageSession, requireSession } from "~/lib/server/inbox/guard.server";
import { positiveId } from "~/lib/server/http/request-body.server";
import { showingsBetween, viewOf } from "~/lib/server/showings/feed.server";
import { type OpenHouseRsvps, openHouseRsvps } from "~/lib/server/leads/open-house-rsvp.server";
import { cancelShowing, confirmShowing, showingById } from "~/lib/server/showings/manage.server";
import { ShowingCard } from "~/components/inbox/showing-card";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/showings";

export const meta: Route.MetaFunction = () => inboxMeta("Showings");

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayBounds(day: string): [Date, Date] {
  const [, y, m, d] = DAY.exec(day)!;
  const start = new TZDate(Number(y), Number(m) - 1, Number(d), 0, 0, 0, SITE_TIME_ZONE);
  const end = new TZDate(Number(y), Number(m) - 1, Number(d) + 1, 0, 0, 0, SITE_TIME_ZONE);
  return [new Date(start.getTime()), new Date(end.getTime())];
}

/**
 * A day the view can show: a real calendar date (2026-13-01 or 2026-02-31 would roll over into another
 * day) in a sensible span of years (9999-12-31's next midnight is past what the database reads as a
 * timestamp). Any other `?day=` shows today, as no `?day=` does.
 */
function isShowingsDay(day: string): boolean {
  const year = Number(DAY.exec(day)?.[1]);
  return year >= 2000 && year <= 2100 && edmontonDate(dayBounds(day)[0]) === day;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePageSession(request, context);
  const { db } = serverOf(context).inbox;
  const now = new Date();
  if (params.showingId !== undefined) {
    const id = positiveId(params.showingId);
    const one = id === null ? null : await showingById(db, id);
    if (!one) throw data("Not found", { status: 404 });
    return {
      day: edmontonDate(new Date(Date.parse(one.start))),
      dayLabel: "",
      one: viewOf(one, now),
      list: [],
      waiting: [],
      rsvps: [] as OpenHouseRsvps[],
    };
  }
  const asked = new URL(request.url).searchParams.get("day") ?? "";
  const day = isShowingsDay(asked) ? asked : edmontonDate(now);
  const [from, to] = dayBounds(day);
  const [list, ahead, rsvps] = await Promise.all([
    showingsBetween(db, from, to),
    showingsBetween(db, now, new Date(now.getTime() + 60 * 24 * 60 * 60 * 1000)),
    openHouseRsvps(db, edmontonDate(now)),
  ]);
  return {
    day,
    dayLabel: slotDayLabel(from.getTime()),
    one: null,
    list: list.map((x) => viewOf(x, now)),
    waiting: ahead.filter((x) => x.status === "requested").map((x) => viewOf(x, now)),
    rsvps,
  };
}

/** What Confirm and Cancel answer: the result, and the showing's day when one was changed. */
type ShowingActionResult = FormResult<never> & { showingDay: { day: string; label: string } | null };

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const { db, kickOutbox } = serverOf(context).inbox;
  const form = await request.formData().catch(() => null);
  const id = positiveId(String(form?.get("showingId") ?? ""));
  const intent = form?.get("intent");
  if (id === null || (intent !== "confirm" && intent !== "cancel"))
    return data<ShowingActionResult>({ ...formError("Unknown action."), showingDay: null }, { status: 400 });
  const done = intent === "confirm" ? await confirmShowing(db, id) : await cancelShowing(db, id, "agent");
  if (!done)
    return data<ShowingActionResult>(
      {
        ...formError(intent === "confirm" ? "This showing is not waiting for a confirmation." : "This showing is already cancelled."),
        showingDay: null,
      },
      { status: 409 },
    );
  kickOutbox();
  const at = Date.parse(done.start);
  return data<ShowingActionResult>({
    ...formDone(intent === "confirm" ? "Confirmed: the buyer gets the invitation." : "Cancelled: the buyer is told."),
    // Its day, for a link to it: a request confirmed from the waiting list is usually on another day than the one shown.
    showingDay: { day: edmontonDate(new Date(at)), label: slotDayLabel(at) },
  });
}

export default function Showings({ loaderData, actionData }: Route.ComponentProps) {
  const { day, dayLabel, one, list, waiting, rsvps } = loaderData;
  const result = actionData ?? null;
  const [y, m, d] = day.split("-").map(Number);
  const shift = (n: number) => edmontonDate(new Date(Date.UTC(y!, m! - 1, d! + n, 18)));
  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">Showings</h1>
      {result && (
        <div className="mt-4" role={result.status === "success" ? "status" : "alert"} data-testid="showing-result">
          <Notice tone={result.status === "success" ? "info" : "error"}>{result.message}</Notice>
          {result.showingDay && result.showingDay.day !== day && (
            <p className="mt-2">
              <Link to={`?day=${result.showingDay.day}`} className="font-bold text-brand underline" data-testid="showing-day-link">
                {`See ${result.showingDay.label}`}
              </Link>
            </p>
          )}
        </div>
      )}
      {one ? (
        <ul className="mt-4 space-y-3">
          <ShowingCard s={one} />
        </ul>
      ) : (
        <>
          {waiting.length > 0 && (
            <section className="mt-6" aria-labelledby="waiting-heading">
              <h2 id="waiting-heading" className="text-lg font-bold text-ink">
                Waiting for your confirmation
              </h2>
              <ul className="mt-3 space-y-3">
                {waiting.map((s) => (
                  <ShowingCard key={s.id} s={s} />
                ))}
              </ul>
            </section>
          )}
          <section className="mt-8" aria-labelledby="day-heading">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="day-heading" className="text-lg font-bold text-ink">
                {dayLabel}
              </h2>
              <Link to={`?day=${shift(-1)}`} className="text-brand underline">
                Previous day
              </Link>
              <Link to={`?day=${shift(1)}`} className="text-brand underline">
                Next day
              </Link>
            </div>
            {list.length === 0 ? (
              <p className="mt-3 text-ink-muted">No showings this day.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {list.map((s) => (
                  <ShowingCard key={s.id} s={s} />
                ))}
              </ul>
            )}
          </section>
          {rsvps.length > 0 && <OpenHouseRsvpList groups={rsvps} />}
        </>
      )}
    </div>
  );
}

/** The open houses ahead with who said "I'll be there" (their words as data: React escapes them). */
function OpenHouseRsvpList({ groups }: { groups: OpenHouseRsvps[] }) {
  return (
    <section className="mt-8" aria-labelledby="rsvps-heading" data-testid="open-house-rsvps">
      <h2 id="rsvps-heading" className="text-lg font-bold text-ink">
        Open house RSVPs
      </h2>
      <ul className="mt-3 space-y-3">
        {groups.map((g) => (
          <li key={g.openHouse.key} className="rounded-lg border border-line p-4 wrap-anywhere">
            <p className="font-bold text-ink">{g.openHouse.address}</p>
            <p className="text-sm text-ink-muted">
              {g.openHouse.when} · {g.rsvps.length} {g.rsvps.length === 1 ? "person" : "people"}
            </p>
            <ul className="mt-2 space-y-1 text-sm text-ink">
              {g.rsvps.map((r) => (
                <li key={r.email}>
                  {r.name} · {r.email}
                  {r.phone ? ` · ${r.phone}` : ""}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
