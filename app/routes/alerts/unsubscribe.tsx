/**
 * /alerts/unsubscribe/:token: the unsubscribe link of every alert and its List-Unsubscribe header.
 * Opening it changes nothing (mail scanners open links): the page has one button. A POST, the
 * button's or the RFC 8058 one-click POST a mail program sends (`List-Unsubscribe=One-Click`),
 * ends every subscription of the person at once, writes the withdrawal and withholds mail already
 * queued (unsubscribeAll), and answers 200 with a page that says so.
 *
 * Who may POST here, and why:
 *  - The signed token in the path is the only authority. No session or cookie is used, so a forged
 *    cross-site request has nothing to ride on: without the token it cannot name anyone, and with
 *    it, it only does what the token's owner is entitled to do (stop their own mail).
 *  - A mail provider's one-click POST comes from its servers with no Origin and no cookies. React
 *    Router's own check (throwIfPotentialCSRFAttack) lets a POST without Origin through; nothing
 *    else in the chain (the root's request guard, Express's method and body-size checks) looks at
 *    Origin or cookies. A POST whose Origin names another site is answered 400 by React Router
 *    before any middleware or this action runs: nothing changes, and the person still has this
 *    page's button. That is safe, and it is not ours to loosen for one route.
 *  - No form quota: the one-click POSTs of many people arrive from the same few provider servers,
 *    and a quota per address would refuse some of them; CASL wants every unsubscribe honoured.
 *  - The body must be a form (415 otherwise), as RFC 8058 specifies and the button sends.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { AlertPage, LinkProblemPage, alertCrumb, alertPageMeta, linkClass, SearchHomesLink } from "~/components/alerts/alert-pages";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { readForm, refusalStatus } from "~/lib/server/http/request-body.server";
import { formText } from "~/lib/schemas/fields";
import { unsubscribeAll } from "~/lib/server/alerts/subscriptions.server";
import { PRIVATE_HEADERS, linkProblem, linkRefusal, personOfLink, requestMeta } from "~/lib/server/alerts/link-pages.server";
import { formError, formSuccess } from "~/lib/form-result";
import type { Route } from "./+types/unsubscribe";

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await personOfLink(context, params.token, new Date());
  if (link.problem) return linkProblem(link.problem);
  return data({ state: "ask" as const }, { headers: PRIVATE_HEADERS });
}

/** The one-click body's field (RFC 8058); the page's button sends none. */
const unsubscribeForm = z.object({ "List-Unsubscribe": formText(40) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const now = new Date();
  const link = await personOfLink(context, params.token, now);
  if (link.problem) return linkRefusal(link.problem);
  const { alerts, personId } = link;
  let read;
  try {
    read = await readForm(request, unsubscribeForm);
  } catch (error) {
    return data(formError("That request could not be read. Please use the button below."), {
      status: refusalStatus(error) ?? 400,
      headers: PRIVATE_HEADERS,
    });
  }
  const oneClick = read.ok && read.data["List-Unsubscribe"] === "One-Click";
  await unsubscribeAll(alerts.db, personId, oneClick ? "One-click unsubscribe" : "Unsubscribe page", requestMeta(request, context), now);
  return data(formSuccess, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const handle = alertCrumb("Unsubscribe");

export const meta: Route.MetaFunction = () => alertPageMeta("Unsubscribe from listing e-mails");

export default function Unsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  if (loaderData.state !== "ask") return <LinkProblemPage state={loaderData.state} />;
  if (actionData?.status === "success") {
    return (
      <AlertPage title="You are unsubscribed">
        <p className="text-lg text-ink">
          You will get no more listing alerts or home updates from {site.agent.name}. It took effect at once.
        </p>
        <p className="mt-6 flex flex-wrap gap-x-6 gap-y-3">
          <a href={`/alerts/manage/${encodeURIComponent(params.token)}`} className={linkClass}>
            Your listing alerts
          </a>
          <SearchHomesLink />
        </p>
      </AlertPage>
    );
  }
  return (
    <AlertPage title="Unsubscribe from listing e-mails">
      {actionData?.status === "error" && <p className="mb-4 text-danger">{actionData.message}</p>}
      <p className="text-lg text-ink">
        Press the button to stop every listing alert and home update from {site.agent.name}, {site.brokerage.name}. It takes effect at once.
      </p>
      <form method="post" className="mt-6">
        <Button type="submit">Unsubscribe from all listing e-mails</Button>
      </form>
    </AlertPage>
  );
}
