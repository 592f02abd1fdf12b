/**
 * /alerts: what listing alerts are (GET), and where every "Save this search" and "Watch this home"
 * form posts (app/lib/server/alerts/sign-up-post.server.ts): the form again with its messages, "Check your
 * e-mail", or why nothing was saved. With the feed off there are no alerts: 404.
 */
import { data } from "react-router";
import { AlertPage, alertCrumb, alertPageMeta, SearchHomesLink } from "~/components/alerts/alert-pages";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { FormNotice } from "~/components/forms/fields";
import { NotFoundContent } from "~/components/not-found-content";
import { checkFieldsMessage } from "~/content/form-messages";
import { site } from "~/content/site";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { PRIVATE_HEADERS, alertsOf } from "~/lib/server/alerts/link-pages.server";
import { answerSignUp } from "~/lib/server/alerts/sign-up-post.server";
import type { Route } from "./+types/sign-up";

/** Every POST here takes one unit of the visitor's form quota, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export function loader({ context }: Route.LoaderArgs) {
  return data({ on: alertsOf(context) !== null }, { status: alertsOf(context) ? 200 : 404, headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerSignUp(request, context);
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const handle = alertCrumb("Listing alerts");

export const meta: Route.MetaFunction = () => alertPageMeta("Listing alerts");

export default function AlertsSignUp({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.status === "success") {
    return (
      <AlertPage title="Check your e-mail">
        <p className="text-lg text-ink">
          We have sent a link to the address you gave. Open it and press the button on its page to start your alerts.
        </p>
        <p className="mt-4 text-ink-muted">
          Nothing else is sent until you do. The link works for 7 days; if you cannot find the e-mail, look in your spam or junk folder.
        </p>
        <p className="mt-6">
          <SearchHomesLink>Back to homes for sale</SearchHomesLink>
        </p>
      </AlertPage>
    );
  }
  if (actionData?.status === "error") {
    return (
      <AlertPage title={actionData.title ?? "We could not save this"}>
        <p className="text-lg text-ink">{actionData.message}</p>
        <p className="mt-6">
          <SearchHomesLink />
        </p>
      </AlertPage>
    );
  }
  if (actionData?.status === "invalid" && actionData.form) {
    return (
      <AlertPage title={actionData.form.title}>
        <FormNotice tone="error" title="Nothing was saved yet">
          {checkFieldsMessage}
        </FormNotice>
        <AlertSignUp form={actionData.form} values={actionData.values} errors={actionData.fieldErrors} open className="mt-6" />
      </AlertPage>
    );
  }
  if (!loaderData.on) return <NotFoundContent />;
  return (
    <AlertPage
      title="Listing alerts"
      subtitle={`New listings and price changes by e-mail, from ${site.agent.name}, ${site.brokerage.name}.`}
    >
      <p className="text-lg text-ink">
        Save a search and get an e-mail when a new listing matches it or a matching home&apos;s price drops: as they happen, once a day or
        once a week, as you choose. Watching a home tells you when its price changes, when it sells and when it leaves the market.
      </p>
      <p className="mt-4 text-ink">
        Each sign-up is confirmed from the e-mail we send you first, and every alert has a link to change or stop your alerts at once. To
        start, search for homes and use &ldquo;Save this search&rdquo; under the results, or &ldquo;Watch this home&rdquo; on a
        listing&apos;s page.
      </p>
      <p className="mt-6">
        <SearchHomesLink />
      </p>
    </AlertPage>
  );
}
