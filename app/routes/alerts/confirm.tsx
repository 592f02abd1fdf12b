/**
 * /alerts/confirm/:token, the confirmation mail's link (double opt-in). Opening it changes nothing
 * (mail scanners open links): the page says what will be confirmed and offers one button, a POST,
 * which confirms (confirmSubscription: the person, the subscription active, the express consent)
 * and links to the person's manage page. When the address already has this search, the page and
 * its answer say the button changes how often (issue 38), not that new alerts begin. A wrong token
 * answers 404, an expired one 410.
 *
 * No form quota: the token is the authority, and a page whose only input is our own signed link
 * has nothing to flood. Another site's page cannot post here in a browser either: React Router
 * refuses a POST whose Origin is not this site's (400) before any middleware or action runs.
 */
import { data } from "react-router";
import { AlertPage, LinkProblemPage, alertCrumb, alertPageMeta, linkClass, SearchHomesLink } from "~/components/alerts/alert-pages";
import { Button } from "~/components/ui/button";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency } from "~/lib/alert-values";
import { confirmSubscription, subscriptionToConfirm } from "~/lib/server/alerts/subscriptions.server";
import { PRIVATE_HEADERS, alertsOf, linkProblem, linkRefusal, requestMeta } from "~/lib/server/alerts/link-pages.server";
import type { FormResult } from "~/lib/form-result";
import type { Route } from "./+types/confirm";

export async function loader({ params, context }: Route.LoaderArgs) {
  const alerts = alertsOf(context);
  if (!alerts) return linkProblem("off");
  const found = await subscriptionToConfirm(alerts, params.token, new Date());
  if (typeof found === "string") return linkProblem(found);
  return data({ state: "ask" as const, ...found }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const alerts = alertsOf(context);
  if (!alerts) return linkRefusal("off");
  // The button's form sends nothing: the token in the path is the request. The body is not read.
  const result = await confirmSubscription(alerts, params.token ?? "", requestMeta(request, context), new Date());
  if (typeof result === "string") return linkRefusal(result);
  // The manage page is this site's: its path alone, so the link stays on the origin the visitor is on.
  const made = {
    state: result.status,
    label: result.label,
    frequency: result.frequency,
    managePath: new URL(result.manageUrl, "http://localhost").pathname,
  };
  return data<FormResult<never, never, never, typeof made>>({ status: "success", made }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const handle = alertCrumb("Confirm your alerts");

export const meta: Route.MetaFunction = () => alertPageMeta("Confirm your listing alerts");

export default function ConfirmAlerts({ loaderData, actionData }: Route.ComponentProps) {
  // What the button did, else what the link asks (a refused link's page comes from the loader, which reads the same token).
  const done = (actionData?.status === "success" ? actionData.made : undefined) ?? loaderData;
  if (done.state === "invalid" || done.state === "expired") return <LinkProblemPage state={done.state} />;
  if (done.state === "changed" || done.state === "already-changed") {
    return (
      <AlertPage title={done.state === "changed" ? "How often is changed" : "This change was already confirmed"}>
        <p className="text-lg text-ink">
          Your alerts for <strong className="wrap-anywhere">{done.label}</strong> now come {FREQUENCY_WORDS[done.frequency]}.
        </p>
        <ManageLinks managePath={done.managePath} />
      </AlertPage>
    );
  }
  if (done.state === "confirmed" || done.state === "already") {
    return (
      <AlertPage title={done.state === "confirmed" ? "Your alerts are confirmed" : "Your alerts were already confirmed"}>
        <p className="text-lg text-ink">
          You&apos;re subscribed to <strong className="wrap-anywhere">{done.label}</strong>. The first e-mail comes when something matches.
        </p>
        <ManageLinks managePath={done.managePath} />
      </AlertPage>
    );
  }
  if (done.state !== "ask") return null;
  const what =
    done.kind === "watch"
      ? "updates about this home"
      : done.kind === "home"
        ? "the monthly report on this home"
        : "listing alerts for this search";
  if (done.change || done.status === "changed") {
    return (
      <AlertPage title="Confirm the change to your alerts">
        <p className="text-lg text-ink">
          Press the button to change how often you get {what}: <strong className="wrap-anywhere">{done.label}</strong>
          {done.change ? ` from “${ALERT_FREQUENCY_LABELS[done.change.from]}”` : ""} to “{ALERT_FREQUENCY_LABELS[done.frequency]}”.
        </p>
        {done.status === "changed" && (
          <p className="mt-3 text-ink-muted">This change is already confirmed; pressing the button again changes nothing.</p>
        )}
        <form method="post" className="mt-6">
          <Button type="submit">Confirm the change</Button>
        </form>
        <p className="mt-6 text-sm text-ink-muted">
          Didn&apos;t ask for this? Ignore the e-mail: your alerts stay as they are unless the button is pressed.
        </p>
      </AlertPage>
    );
  }
  return (
    <AlertPage title="Confirm your listing alerts">
      <p className="text-lg text-ink">
        Press the button to start {what}: <strong className="wrap-anywhere">{done.label}</strong>,{" "}
        {ALERT_FREQUENCY_LABELS[done.frequency].toLowerCase()}.
      </p>
      {done.status === "active" && (
        <p className="mt-3 text-ink-muted">These alerts are already confirmed; pressing the button again changes nothing.</p>
      )}
      <form method="post" className="mt-6">
        <Button type="submit">Confirm my listing alerts</Button>
      </form>
      <p className="mt-6 text-sm text-ink-muted">
        Didn&apos;t ask for this? Ignore the e-mail: nothing is sent unless the button is pressed.
      </p>
    </AlertPage>
  );
}

/** How often, after "now come". */
const FREQUENCY_WORDS: Record<AlertFrequency, string> = { instant: "as they happen", daily: "daily", weekly: "weekly", monthly: "monthly" };

function ManageLinks({ managePath }: { managePath: string }) {
  return (
    <p className="mt-6 flex flex-wrap gap-x-6 gap-y-3">
      <a href={managePath} className={linkClass}>
        Manage your alerts
      </a>
      <SearchHomesLink />
    </p>
  );
}
