/**
 * /alerts/open/:token/:key: a home's link in an alert. Records the open (recordOpen: a log, and a
 * second open of the same home marks the person warming up) and sends the visitor on to the home's
 * page with a 303. The target is only ever the on-site path recordOpen found for the listing key,
 * never anything from the request, so the link cannot be turned into a redirect to another site.
 * A wrong or expired token records nothing and still leads to the home. The links take a quota per
 * address like the forms' (openLinkQuota, issue 38): past it, a 429.
 */
import { redirect } from "react-router";
import { recordOpen } from "~/lib/server/alerts/opens.server";
import { formQuotaContext } from "~/router-context";
import { PRIVATE_HEADERS, alertsOf, openLinkQuota } from "~/lib/server/alerts/link-pages.server";
import type { Route } from "./+types/open";

export const middleware: Route.MiddlewareFunction[] = [openLinkQuota];

const LISTING_KEY = /^[A-Za-z0-9_]{1,64}$/;

/** A path on this site: one leading slash, not "//" or "/\" (which browsers read as another host). */
const onSite = (path: string) => /^\/(?![/\\])/.test(path) && !/[\s\\]/.test(path);

export async function loader({ params, context }: Route.LoaderArgs) {
  const alerts = alertsOf(context);
  if (!alerts)
    throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_HEADERS } });
  const token = params.token ?? "";
  const key = params.key ?? "";
  let path = "/listings";
  // No quota counted (the middleware missing): nothing is read or recorded, and the visitor goes to /listings.
  if (context.get(formQuotaContext)?.allowed && token.length <= 512 && LISTING_KEY.test(key)) {
    const found = await recordOpen(alerts, token, key, new Date());
    if (onSite(found)) path = found;
  }
  return redirect(path, { status: 303, headers: PRIVATE_HEADERS });
}
