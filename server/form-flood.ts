/**
 * A flood's refused POSTs answered before React Router (issue 38, decision 042).
 *
 * The form quota is the form routes' own middleware (decision 028): any spelling of a path that
 * reaches a form route meets it. Its bare 429 (past twice the limit, which no person reaches)
 * still cost about a millisecond, nearly all of it React Router's: the request object, matching
 * the path against every route, the single-fetch answer as a stream. A flood of 5,000 took the
 * other visitors' p99 from 55 to 181 ms.
 *
 * So the middleware, when it answers that bare 429, remembers the client's key and the path it
 * refused, as React Router saw it, until the client's window ends (`RefusedClients`); Express
 * answers that client's next POSTs to that same path with the same 429 straight away. It decides
 * nothing on its own: a POST is refused here only where the route's guard refused the same client
 * on the same path, for no longer than the guard would. Two spellings that normalise alike reach
 * the same route (React Router matches the same normalised path); a spelling not yet seen goes on
 * to the guard, which then adds it. Per process: another server on the same PostgreSQL learns the
 * refusal from its own guard.
 */
import type { Request, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { rateLimitMessage } from "../app/content/form-messages";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";

/** Clients remembered at once; past it the oldest leaves, and its POSTs meet the route's guard again. */
export const REFUSED_CLIENTS_KEPT = 10_000;
/** Paths remembered per client: a flood that rotates through more spellings reaches the guard for each, as before. */
export const REFUSED_PATHS_PER_CLIENT = 4;
/** A longer path is not remembered (at most 10,000 × 4 × 200 bytes are kept). */
const MAX_PATH_LENGTH = 200;

/**
 * The path React Router routes a request by: its URL parsed as its Express adapter parses it (the
 * request's path after an origin: dot segments resolved, a leading `//` kept), then the
 * single-fetch `.data` suffix and a trailing slash dropped, as its request handler does. Neither
 * decoded nor lower-cased: equal results are the same path to React Router.
 */
export function routerPathOf(path: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${path}`).pathname;
  } catch {
    return null;
  }
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  return pathname.length <= MAX_PATH_LENGTH ? pathname : null;
}

export class RefusedClients {
  /** Key -> when its window ends (ms since the epoch) and the paths the guard refused it on. */
  private readonly clients = new LRUCache<string, { until: number; paths: string[] }>({ max: REFUSED_CLIENTS_KEPT });

  /** The form quota refused `key` outright on `path` (a request's URL path) for `seconds` more (its Retry-After). */
  remember(key: string, path: string, seconds: number, now = Date.now()): void {
    const routed = routerPathOf(path);
    if (routed === null) return;
    const until = now + seconds * 1000;
    const known = this.clients.get(key);
    const paths = known && known.until > now ? [routed, ...known.paths.filter((p) => p !== routed)].slice(0, REFUSED_PATHS_PER_CLIENT) : [routed];
    this.clients.set(key, { until, paths });
  }

  /** Seconds until `key`'s window ends if the guard refused it on this path (a request's URL path), else null. */
  secondsLeft(key: string, path: string, now = Date.now()): number | null {
    const known = this.clients.get(key);
    if (known === undefined) return null;
    if (known.until <= now) {
      this.clients.delete(key);
      return null;
    }
    const routed = routerPathOf(path);
    return routed !== null && known.paths.includes(routed) ? Math.ceil((known.until - now) / 1000) : null;
  }

  get size(): number {
    return this.clients.size;
  }
}

/**
 * Express middleware: a POST from a client the form quota refused outright, to a path it was
 * refused on, gets the guard's own bare 429 without reaching React Router. Everything else goes
 * on; other visitors pay one map look-up.
 */
export function refuseKnownFlood(refused: RefusedClients, keyOf: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || refused.size === 0) return next();
    const seconds = refused.secondsLeft(keyOf(req), req.path);
    if (seconds === null) return next();
    res.status(429).set({ "Retry-After": String(seconds), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private }).end(rateLimitMessage);
  };
}
