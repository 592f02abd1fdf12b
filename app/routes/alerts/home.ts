/**
 * /alerts/home/:token/:account: the monthly home report's button (issue 43). Records the return
 * (recordHomeReturn: a log, and the person marked warming up) and sends the visitor on to the
 * home's page with a 303. The target is only ever /home-value/<digits> or /home-value, never
 * anything else from the request. The links take the same quota per address as the alerts' open
 * links (openLinkQuota): past it, a 429.
 */
import { redirect } from "react-router";
import { recordHomeReturn } from "~/lib/server/alerts/opens.server";
import { PRIVATE_HEADERS, alertsOf, openLinkQuota } from "~/lib/server/alerts/link-pages.server";
import { formQuotaContext } from "~/router-context";
import type { Route } from "./+types/home";

export const middleware: Route.MiddlewareFunction[] = [openLinkQuota];

const ACCOUNT = /^\d{1,12}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const account = params.account ?? "";
  const fallback = ACCOUNT.test(account) ? `/home-value/${account}` : "/home-value";
  const alerts = alertsOf(context);
  if (!alerts) return redirect(fallback, { status: 303, headers: PRIVATE_HEADERS });
  const token = params.token ?? "";
  let path = fallback;
  // No quota counted (the middleware missing): nothing is read or recorded.
  if (context.get(formQuotaContext)?.allowed && token.length <= 512 && ACCOUNT.test(account)) {
    path = await recordHomeReturn(alerts, token, account, new Date());
  }
  return redirect(/^\/home-value(\/\d{1,12})?$/.test(path) ? path : "/home-value", { status: 303, headers: PRIVATE_HEADERS });
}
