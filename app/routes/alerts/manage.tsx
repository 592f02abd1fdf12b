/**
 * /alerts/manage/:token, linked from every alert: the person's active saved searches and watched
 * homes, each with its frequency to change and a button to remove it, and one button to stop every
 * listing e-mail. The signed manage token names the person and is the only authority here (no
 * session); every change is a POST and only ever touches that person's rows. A wrong token answers
 * 404, an expired one 410, neither with anyone's data. No form quota, as on the confirmation page.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { AlertPage, LinkProblemPage, alertCrumb, alertPageMeta, SearchHomesLink } from "~/components/alerts/alert-pages";
import { FormNotice } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { ALERT_FREQUENCY_LABELS, CHOSEN_FREQUENCIES } from "~/lib/alert-values";
import { positiveId, readForm, refusalStatus } from "~/lib/server/http/request-body.server";
import { formText } from "~/lib/schemas/fields";
import { endSubscription, setFrequency, subscriptionsOf, unsubscribeAll } from "~/lib/server/alerts/subscriptions.server";
import { PRIVATE_HEADERS, linkProblem, linkRefusal, personOfLink, requestMeta } from "~/lib/server/alerts/link-pages.server";
import { type FormResult, formDone, formError } from "~/lib/form-result";
import type { Route } from "./+types/manage";

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await personOfLink(context, params.token, new Date());
  if (link.problem) return linkProblem(link.problem);
  const subscriptions = (await subscriptionsOf(link.alerts.db, link.personId))
    .filter((s) => s.status === "active")
    .map(({ id, kind, label, frequency }) => ({ id, kind, label, frequency }));
  return data({ state: "list" as const, subscriptions }, { headers: PRIVATE_HEADERS });
}

const manageForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("frequency"), id: formText(12), frequency: z.enum(CHOSEN_FREQUENCIES) }),
  z.object({ intent: z.literal("remove"), id: formText(12) }),
  z.object({ intent: z.literal("unsubscribe-all") }),
]);

const answer = (result: FormResult<never>, status = 200) => data(result, { status, headers: PRIVATE_HEADERS });
const UNREADABLE = "That request could not be read. Please use the buttons on this page.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const now = new Date();
  const link = await personOfLink(context, params.token, now);
  if (link.problem) return linkRefusal(link.problem);
  const { alerts, personId } = link;
  let read;
  try {
    read = await readForm(request, manageForms);
  } catch (error) {
    return answer(formError(UNREADABLE), refusalStatus(error) ?? 400);
  }
  if (!read.ok) return answer(formError(UNREADABLE), 400);
  const form = read.data;
  const { db } = alerts;
  if (form.intent === "unsubscribe-all") {
    await unsubscribeAll(db, personId, "Unsubscribe from all (manage page)", requestMeta(request, context), now);
    return answer(formDone("You are unsubscribed from all listing e-mails. Nothing more will be sent."));
  }
  const id = positiveId(form.id);
  // Each of these touches only this person's rows: another person's id changes nothing.
  const changed =
    id !== null &&
    (form.intent === "frequency" ? await setFrequency(db, personId, id, form.frequency) : await endSubscription(db, personId, id, now));
  if (!changed) return answer(formError("That alert is no longer active."), 404);
  return answer(
    formDone(
      form.intent === "frequency"
        ? `Saved: ${ALERT_FREQUENCY_LABELS[form.frequency].toLowerCase()}.`
        : "Removed. You will get no more e-mails for it.",
    ),
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const handle = alertCrumb("Your listing alerts");

export const meta: Route.MetaFunction = () => alertPageMeta("Your listing alerts");

const selectClass = "block min-h-11 rounded-md border border-line bg-surface px-3 text-ink";

export default function ManageAlerts({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "list") return <LinkProblemPage state={loaderData.state} />;
  const { subscriptions } = loaderData;
  // A refused link's answer never shows: the loader's problem page does.
  const result = actionData?.message
    ? { tone: actionData.status === "success" ? ("success" as const) : ("error" as const), text: actionData.message }
    : null;
  return (
    <AlertPage title="Your listing alerts">
      {result && (
        <FormNotice tone={result.tone} title={result.tone === "success" ? "Done" : "Nothing changed"}>
          {result.text}
        </FormNotice>
      )}
      {subscriptions.length === 0 ? (
        <p className="mt-6 text-lg text-ink">
          You have no active listing alerts. <SearchHomesLink /> to save a search.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Your saved searches and watched homes">
          {subscriptions.map((s) => (
            <li key={s.id} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
              <p className="text-sm font-bold uppercase tracking-wide text-ink-muted">
                {s.kind === "watch" ? "Watched home" : s.kind === "home" ? "Monthly home report" : "Saved search"}
              </p>
              <p className="mt-1 text-lg font-bold text-ink wrap-anywhere">{s.label}</p>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                {s.kind === "home" ? (
                  <p className="text-ink">On the first weekday of each month</p>
                ) : (
                  <form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="frequency" />
                    <input type="hidden" name="id" value={s.id} />
                    <label className="text-sm font-bold text-ink">
                      How often
                      <select name="frequency" defaultValue={s.frequency} className={`mt-1 ${selectClass}`}>
                        {CHOSEN_FREQUENCIES.map((f) => (
                          <option key={f} value={f}>
                            {ALERT_FREQUENCY_LABELS[f]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <Button type="submit" variant="secondary">
                      Save
                    </Button>
                  </form>
                )}
                <form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={s.id} />
                  <Button type="submit" variant="ghost" aria-label={`Remove: ${s.label}`}>
                    Remove
                  </Button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form method="post" className="mt-8 rounded-xl border border-line bg-surface-muted p-5">
        <input type="hidden" name="intent" value="unsubscribe-all" />
        <p className="text-ink">Stop every listing alert and home update from {site.agent.name} at once.</p>
        <Button type="submit" className="mt-3">
          Unsubscribe from all listing e-mails
        </Button>
      </form>
    </AlertPage>
  );
}
