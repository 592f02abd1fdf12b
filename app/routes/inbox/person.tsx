/**
 * /inbox/people/:personId: everything one person sent, the agent's timeline with them, one-tap
 * status, notes, one-tap Call, Text and Reply by e-mail, since when they wait and when the reply
 * was due, each notification's delivery (with "Send again" when it failed) and the consent they
 * gave on the welcome form. With listing alerts: their searches and watched homes, the alerts
 * sent, the homes opened from them, the consent ledger, why they are warming up; and their
 * privacy requests: export everything, erase (a form with a required confirmation box, no script needed).
 */
import { Form, Link, data, useNavigation } from "react-router";
import { OverdueBadge, ReplyDue } from "~/components/inbox/overdue";
import { ConsentLedger } from "~/components/inbox/consent-ledger";
import { PersonAlertsSections } from "~/components/inbox/person-alerts";
import { ShowingCard } from "~/components/inbox/showing-card";
import { showingsOfPerson, viewOf } from "~/lib/server/showings/feed.server";
import { PrivacyActions } from "~/components/inbox/privacy-actions";
import { ReplyActions } from "~/components/inbox/reply-actions";
import { SubmissionCard } from "~/components/inbox/submission-card";
import { WarmingBadge } from "~/components/inbox/warming-badge";
import { inboxMeta, InboxSection, Notice, ReplyClock, StatusBadge, Time } from "~/components/inbox/inbox-ui";
import { formError, formSuccess } from "~/lib/form-result";
import { ERASE_CONFIRMATION, PERSON_STATUSES, PERSON_STATUS_LABELS, type PersonStatus } from "~/lib/inbox";
import { isOverdue, replyDueOf } from "~/lib/inbox-overdue";
import { replyDueAt } from "~/lib/working-hours";
import { requirePageSession, requireSession } from "~/lib/server/inbox/guard.server";
import { addNote, personDetail, resendNotification, setStatus } from "~/lib/server/inbox/people.server";
import { personAlerts } from "~/lib/server/inbox/person-alerts.server";
import { eraseAtRequest } from "~/lib/server/inbox/privacy.server";
import * as z from "zod/mini";
import { formText } from "~/lib/schemas/fields";
import { positiveId, readForm } from "~/lib/server/http/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = ({ data }) => inboxMeta(data?.person.name || data?.person.email || "Person");

const NOTE_MAX = 5000;

function personIdOf(param: string | undefined): number {
  const id = positiveId(param);
  if (id === null) throw data("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePageSession(request, context);
  const { db, replyMinutes } = serverOf(context).inbox;
  const id = personIdOf(params.personId);
  const detail = await personDetail(db, id);
  if (!detail) throw data("Not found", { status: 404 });
  const alerts = await personAlerts(db, id, Boolean(detail.person.warmingAt));
  const showings = (await showingsOfPerson(db, id)).map((x) => viewOf(x));
  return { ...detail, alerts, showings, now: new Date(), replyDue: replyDueOf(detail.person, replyMinutes, replyDueAt) };
}

/** A person's page's forms, one per intent. The note is measured in the action, for its own message. */
const personForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: formText(20) }),
  z.object({ intent: z.literal("note"), note: formText(Number.POSITIVE_INFINITY) }),
  z.object({ intent: z.literal("resend"), notificationId: formText(20) }),
  z.object({ intent: z.literal("erase"), confirm: formText(10) }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { account } = requireSession(context);
  const id = personIdOf(params.personId);
  const { db, kickOutbox } = serverOf(context).inbox;
  const read = await readForm(request, personForms);
  if (!read.ok) return data(formError("Unknown action."), { status: 400 });
  const form = read.data;
  switch (form.intent) {
    case "status": {
      const { status } = form;
      if (!(PERSON_STATUSES as readonly string[]).includes(status)) return data(formError("Choose one of the statuses."), { status: 400 });
      if (!(await setStatus(db, id, status as PersonStatus, account))) throw data("Not found", { status: 404 });
      return formSuccess;
    }
    case "note": {
      // Measured here for its own message; a note over the limit is refused, never cut short.
      const { note } = form;
      if (!note) return data(formError("Write something in the note first."), { status: 400 });
      if ([...note].length > NOTE_MAX) return data(formError(`A note holds at most ${NOTE_MAX} characters.`), { status: 400 });
      if (!(await addNote(db, id, note, account))) throw data("Not found", { status: 404 });
      return formSuccess;
    }
    case "resend": {
      const notificationId = positiveId(form.notificationId);
      const ok = notificationId !== null && (await resendNotification(db, notificationId, id));
      if (ok) kickOutbox();
      return ok ? formSuccess : data(formError("That e-mail is not waiting to be sent again."), { status: 409 });
    }
    case "erase": {
      // The checkbox is required in the page; a post without it (a replayed or hand-made one) is refused all the same.
      if (form.confirm !== "yes") return data(formError(`Tick “${ERASE_CONFIRMATION}” to erase this person.`), { status: 400 });
      const result = await eraseAtRequest(db, id, account);
      if (result === "not-found") throw data("Not found", { status: 404 });
      return result === "erased" ? formSuccess : data(formError("This person was already erased."), { status: 409 });
    }
  }
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const { person, submissions, events, alerts, now, replyDue } = loaderData;
  const overdue = isOverdue(replyDue, now);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The note form starts empty again once a new note is saved, and only then: keyed on every
  // event, it was remounted by a status change too, and wiped a note typed while that was saved.
  const newestNoteId = events.find((e) => e.kind === "note")?.id ?? 0;
  return (
    <div>
      <p className="text-sm">
        <Link to="/inbox" className="text-brand underline">
          ← All people
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all">{person.name || person.email}</h1>
        <StatusBadge status={person.status} />
        {person.warmingAt && <WarmingBadge />}
        {overdue ? (
          <OverdueBadge since={person.awaitingReplySince} now={now} />
        ) : (
          <ReplyClock since={person.awaitingReplySince} now={now} />
        )}
      </div>
      <p className="mt-1 text-ink-muted">
        {person.submissions > 0 ? (
          <>
            First wrote <Time date={person.firstAt} />, {person.submissions} submission{person.submissions === 1 ? "" : "s"}.
          </>
        ) : (
          // Someone who only confirmed listing alerts has written nothing: the alerts below say what they follow.
          <>
            Signed up for listing alerts <Time date={person.firstAt} />; no messages yet.
          </>
        )}
      </p>
      <ReplyDue since={person.awaitingReplySince} due={replyDue} now={now} />
      {person.erasedAt && (
        <div className="mt-3" data-testid="erased">
          <Notice tone="info">
            This person&apos;s personal data was erased <Time date={person.erasedAt} /> (the timeline says why). Nothing of theirs is left
            to export, and they are never mailed again.
          </Notice>
        </div>
      )}
      {person.warmingAt && (
        <div className="mt-3 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm" data-testid="warming">
          <p>
            <strong>Warming up</strong> since <Time date={person.warmingAt} />
            {alerts.warmingReasons.length === 0 ? "." : ":"}
          </p>
          {alerts.warmingReasons.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {alerts.warmingReasons.map((reason) => (
                <li key={reason} className="break-words">
                  {reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {!person.erasedAt && <ReplyActions person={person} latest={submissions[0]} />}

      {actionData?.status === "error" && (
        <div className="mt-4">
          <Notice tone="error">{actionData.message}</Notice>
        </div>
      )}

      <InboxSection name="status" title="Status" className="mt-6">
        <Form method="post" className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="status" />
          {PERSON_STATUSES.map((s) => (
            <button
              key={s}
              type="submit"
              name="status"
              value={s}
              disabled={busy}
              aria-pressed={person.status === s}
              className={`min-h-11 rounded-full border px-3 text-sm font-bold ${person.status === s ? "border-brand bg-brand text-on-brand" : "border-line text-ink hover:bg-surface-muted"}`}
            >
              {PERSON_STATUS_LABELS[s]}
            </button>
          ))}
        </Form>
      </InboxSection>

      <InboxSection name="note" title="Add a note" className="mt-6">
        <Form method="post" className="mt-2 space-y-2" key={newestNoteId}>
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="sr-only">
            Note
          </label>
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            required
            className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink"
            placeholder="Called, left a voicemail..."
          />
          <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-brand px-4 font-bold text-on-brand">
            Save note
          </button>
        </Form>
      </InboxSection>

      <InboxSection name="timeline" title="Timeline" className="mt-8">
        {events.length + submissions.length === 0 && (
          <p className="mt-3 text-ink-muted">Nothing yet: no messages, notes or status changes.</p>
        )}
        <ol className="mt-3 space-y-4" data-testid="timeline">
          {[
            ...events.map((e) => ({ at: e.createdAt, key: `e${e.id}`, event: e })),
            ...submissions.map((s) => ({ at: s.createdAt, key: `s${s.id}`, submission: s })),
          ]
            .sort((a, b) => b.at.getTime() - a.at.getTime())
            .map((item) => (
              <li key={item.key}>
                {"submission" in item && item.submission ? (
                  <SubmissionCard submission={item.submission} />
                ) : "event" in item && item.event ? (
                  <div className="rounded-md border-l-4 border-brand bg-surface-muted px-3 py-2">
                    <p className="text-sm text-ink-muted">
                      <Time date={item.event.createdAt} /> · {item.event.authorName}
                    </p>
                    {item.event.kind === "privacy" ? (
                      <p className="break-words">
                        <strong>Privacy:</strong> {item.event.note}
                      </p>
                    ) : item.event.kind === "status" ? (
                      <p>
                        Status: {item.event.fromStatus ? PERSON_STATUS_LABELS[item.event.fromStatus] : "—"} →{" "}
                        <strong>{item.event.toStatus ? PERSON_STATUS_LABELS[item.event.toStatus] : "—"}</strong>
                      </p>
                    ) : (
                      <p className="whitespace-pre-wrap break-words">{item.event.note}</p>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
        </ol>
      </InboxSection>

      {loaderData.showings.length > 0 && (
        <InboxSection name="showings" title="Showings" className="mt-8" large>
          <ul className="mt-3 space-y-3">
            {loaderData.showings.map((s) => (
              <ShowingCard key={s.id} s={s} />
            ))}
          </ul>
        </InboxSection>
      )}
      <PersonAlertsSections alerts={alerts} />
      <ConsentLedger entries={alerts.consent} now={now} />
      {!person.erasedAt && <PrivacyActions personId={person.id} busy={busy} />}
    </div>
  );
}
