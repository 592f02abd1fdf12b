/**
 * The inbox's guard: middleware of its layout route (routes/inbox/layout.tsx), under which every
 * inbox page, action and resource route sits, so any spelling of a path that React Router matches
 * to them (`/INBOX/account.data`, `/%69nbox`) meets it (decision 028). Once per request it
 *  - refuses an action (any method but GET and HEAD) that does not come from the site's own pages
 *    (Origin), 403: the session cookie is SameSite=Lax, which already keeps it off other sites'
 *    POSTs; this refuses them outright as well;
 *  - finds the session, for the loaders and actions to require (`requirePageSession`, `requireSession`);
 *  - marks every answer private and unindexed, under the inbox's own Content-Security-Policy.
 * Without a valid session a page sends the visitor to sign-in (and back afterwards, to an inbox
 * path only), while data and actions answer 401: nothing of a lead ever leaves without one.
 */
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { type MiddlewareFunction, type RouterContextProvider, data, redirect } from "react-router";
import { inboxSessionContext, serverOf } from "~/router-context";
import { type Session, resumeSession, sessionTokenFrom } from "./sessions.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The inbox's Content-Security-Policy (the public pages' is in server/security-headers.ts): its
 * own scripts (by nonce) and styles, images and requests to this origin only; no frames and no
 * other host. Undefined without a nonce (the development server sends none).
 */
export function inboxContentSecurityPolicy(nonce: string | undefined): string | undefined {
  if (!nonce) return undefined;
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join("; ");
}

/** The Origin of a form post or fetch from the inbox's own pages: the site's, or this request's own (a local visit by address). */
function fromOwnPages(request: Request, siteOrigin: string): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && (origin === siteOrigin || origin === new URL(request.url).origin);
}

function privateAnswer(response: Response, nonce: string | undefined): Response {
  // set, not append: one copy of each header whatever the route added.
  response.headers.set("Cache-Control", CACHE_CONTROL.private);
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  const policy = inboxContentSecurityPolicy(nonce);
  if (policy) response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const inboxGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { inbox, cspNonce } = serverOf(context);
  if (request.method !== "GET" && request.method !== "HEAD" && !fromOwnPages(request, inbox.rp.origin)) {
    console.warn(`[inbox] 403 ${request.method} ${new URL(request.url).pathname}: not from the inbox's own pages`);
    return privateAnswer(
      new Response("This action must come from the inbox's own pages.", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      }),
      cspNonce,
    );
  }
  const token = await sessionTokenFrom(request, inbox.secureCookies);
  context.set(inboxSessionContext, token ? await resumeSession(inbox.db, token) : null);
  return privateAnswer(await next(), cspNonce);
};

/**
 * The `headers` of an inbox page whose action or loader can answer 429: React Router takes a
 * document's headers from the deepest route's function, and without one keeps only cookies.
 */
export function retryAfterHeaders({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    const retryAfter = source.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
  return headers;
}

/** The session the guard found for this request, if any. */
export function currentSession(context: Context): Session | null {
  return context.get(inboxSessionContext);
}

/** For a page's loader: the session, or a redirect to sign-in that returns here. */
export function requirePageSession(request: Request, context: Context): Session {
  const session = currentSession(context);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/inbox/sign-in?next=${encodeURIComponent(url.pathname.replace(/\.data$/, "") + url.search)}`);
}

/** For an action or a data/resource route: the session, or 401. */
export function requireSession(context: Context): Session {
  const session = currentSession(context);
  if (session) return session;
  throw data({ message: "Sign in to the inbox first." }, { status: 401, headers: { "Cache-Control": CACHE_CONTROL.private } });
}
