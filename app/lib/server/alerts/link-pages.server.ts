/**
 * What the pages a mail's links open share (decision 039): the signed token read once, a wrong or
 * expired one answered with its own page (404, 410) and never anyone's data, and every answer
 * private and uncached (the pages show a person's searches; a shared cache must never keep them).
 */
import { type MiddlewareFunction, type RouterContextProvider, data } from "react-router";
import { rateLimitMessage } from "~/content/form-messages";
import { formError } from "~/lib/form-result";
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import type { AlertsContext } from "~/lib/server/alerts/context.server";
import { readLink } from "~/lib/server/alerts/links.server";
import { formQuotaContext, serverContext, serverOf } from "~/router-context";
import { clientKeyOf } from "../../../../platform/client-key";

export const PRIVATE_HEADERS = { "Cache-Control": CACHE_CONTROL.private, "X-Robots-Tag": "noindex" } as const;

/** The alerts' context, or null with the feed off (and while prerendering): then nothing of alerts shows anywhere. */
export function alertsOf(context: Readonly<RouterContextProvider>): AlertsContext | null {
  return context.get(serverContext)?.alerts ?? null;
}

/** What a link page's data says when its token cannot be used, with the page's status. */
export function linkProblem(problem: "invalid" | "expired" | "off") {
  return data(
    { state: problem === "expired" ? ("expired" as const) : ("invalid" as const) },
    { status: problem === "expired" ? 410 : 404, headers: PRIVATE_HEADERS },
  );
}

/**
 * The same refusal as an action's answer (a FormResult), with the same status: the page itself
 * shows the problem's page from its loader, which reads the same token.
 */
export function linkRefusal(problem: "invalid" | "expired" | "off") {
  const expired = problem === "expired";
  return data(formError(expired ? "This link has expired." : "This link is not valid."), {
    status: expired ? 410 : 404,
    headers: PRIVATE_HEADERS,
  });
}

/** The alerts' context and the person a manage link names; or why not, when the feed is off or the token cannot be used. */
export async function personOfLink(context: Readonly<RouterContextProvider>, token: string | undefined, now: Date) {
  const alerts = alertsOf(context);
  if (!alerts) return { problem: "off" as const };
  const link = await readLink(alerts, "manage", token, now);
  return typeof link === "string" ? { problem: link } : { alerts, personId: link.id };
}

/** Where a link's POST came from, for the consent ledger: the client's address and browser. */
export function requestMeta(request: Request, context: Readonly<RouterContextProvider>) {
  return { address: serverOf(context).clientIp || null, userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null };
}

/**
 * The home links' quota (issue 38): the visitors' form limiter and its limit, counted apart from
 * the forms (its own key per client, an IPv4 address or an IPv6 /64 as for the forms, so opening
 * homes never uses up a visitor's form posts).
 * Every GET or HEAD of /alerts/open counts, before its token is read; past the limit the answer
 * is a 429 and nothing is read or written. The count is left in formQuotaContext: the loader
 * records an open only when one was counted, so a route without this middleware writes nothing.
 */
export const openLinkQuota: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { forms, clientIp } = serverOf(context);
  const decision = await forms.limiter.consume(`alert-open ${clientKeyOf(clientIp)}`);
  if (!decision.allowed) {
    return new Response(rateLimitMessage, {
      status: 429,
      headers: { "Retry-After": String(decision.retryAfterSeconds), "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_HEADERS },
    });
  }
  context.set(formQuotaContext, decision);
  return next();
};
