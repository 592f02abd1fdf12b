/**
 * The root route's middleware that gives every answer of React Router its Cache-Control, from
 * the one table of app/lib/http/cache-policy.ts (issue 29, decision 040):
 *  - a public page (GET or HEAD of a route named there) is rendered without the request's CSP
 *    nonce (`sharedRenderContext`, read by entry.server.tsx): the same bytes can then go to
 *    everyone, its inline scripts allowed by hash; the server's render cache gives it its ETag,
 *    answers a 304 when the client holds it, and keeps it (server/render-cache.ts);
 *  - an answer that sets a cookie, or whose status a cache may not repeat (an error), is private
 *    whatever its route, and so is every route not named public.
 * It sits outside every other middleware, so their own answers (a refused URL, a form's quota)
 * get their header here too. Every `.data` answer gets one (server/react-router-handler.ts makes
 * sure of it for those React Router gives without running any middleware).
 */
import type { MiddlewareFunction } from "react-router";
import { ownScriptHashesContext, serverContext, sharedRenderContext } from "~/router-context";
import { CACHE_CONTROL, SHAREABLE_STATUSES, cacheKindOf } from "~/lib/http/cache-policy";

export const sharedCache: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const kind = cacheKindOf(pattern, request.method);
  // A route with its own caching sets it on its own answer (a photo, the service worker); its
  // loader data (`/inbox/sw.js.data`, what a client-side navigation would fetch) is not that
  // answer, and gets the table's default like any route not named public (issue 38: it had none).
  if (kind === "own") return isDataRequest(request) ? privately(await next()) : next();
  if (kind === "private") return privately(await next());
  context.set(sharedRenderContext, true);
  const response = await next();
  const shareable = SHAREABLE_STATUSES.has(response.status) && !response.headers.has("Set-Cookie");
  response.headers.set("Cache-Control", shareable ? CACHE_CONTROL[kind] : CACHE_CONTROL.private);
  // Rendered without a nonce either way: the ticket allows its scripts by hash (and keeps it when shareable).
  const ticket = context.get(serverContext)?.renderTicket;
  return ticket ? ticket.finish(request, response, { keep: shareable, ownScripts: context.get(ownScriptHashesContext) }) : response;
};

/** A single-fetch request for a route's loader or action data (`/about.data`, `/_root.data`). */
function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

function privately(response: Response): Response {
  response.headers.set("Cache-Control", CACHE_CONTROL.private);
  return response;
}
