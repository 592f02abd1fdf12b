/**
 * The root route's middleware: what every request React Router answers gets, whichever route.
 *  - A URL whose decoded path or query holds NUL or a lone surrogate is refused (400) before any
 *    loader reads it: no route could store or search for it (PostgreSQL refuses NUL in text).
 *  - The public pages' Content-Security-Policy goes on the response unless a route's own
 *    middleware set a stricter one (the inbox's), so each response carries exactly one.
 */
import type { MiddlewareFunction } from "react-router";
import { serverContext } from "~/router-context";
import { isStorableText } from "~/lib/schemas/fields";

function storableUrl(url: URL): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (!isStorableText(path)) return false;
  for (const [name, value] of url.searchParams) if (!isStorableText(name) || !isStorableText(value)) return false;
  return true;
}

export const requestGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const server = context.get(serverContext);
  if (!storableUrl(new URL(request.url))) {
    return new Response("That address could not be read.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const response = await next();
  if (server?.contentSecurityPolicy && !response.headers.has("Content-Security-Policy"))
    response.headers.set("Content-Security-Policy", server.contentSecurityPolicy);
  return response;
};
