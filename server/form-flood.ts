/**
 * A flood's refused POSTs answered before React Router (issue 38).
 *
 * The form quota is the form routes' own middleware (decision 028): any spelling of a path that
 * reaches a form route meets it. Its bare 429 (past twice the limit, which no person reaches)
 * still cost about a millisecond, nearly all of it React Router's: the request object, matching
 * the path against every route twice, the single-fetch answer as a stream. A flood of 5,000 took
 * the other visitors' p99 from 55 to 181 ms.
 *
 * So the middleware, when it answers that bare 429, remembers the client's key until its window
 * ends (`RefusedClients`), and Express answers that client's next POSTs to a form route with the
 * same 429 straight away. It decides nothing on its own: a client is refused here only after the
 * route's guard refused it, for no longer than the guard would, and only on a path React Router's
 * own matching (`matchRoutes` over the build's routes) sends to a route with the guard, so a path
 * it misses goes on to the guard as before. Per process: another server on the same PostgreSQL
 * learns the refusal from its own guard.
 */
import type { Request, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { type MiddlewareFunction, type RouteObject, type ServerBuild, matchRoutes } from "react-router";
import { rateLimitMessage } from "../app/content/form-messages";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";

/**
 * Clients past twice the form limit, each until its window ends. Bounded: a flood from more
 * networks than this at once pushes the oldest out, whose POSTs then meet the route's guard again.
 */
export const REFUSED_CLIENTS_KEPT = 10_000;

export class RefusedClients {
  /** Key -> when its window ends (ms since the epoch). */
  private readonly until = new LRUCache<string, number>({ max: REFUSED_CLIENTS_KEPT });

  /** The form quota refused `key` outright for `seconds` more (its Retry-After). */
  remember(key: string, seconds: number, now = Date.now()): void {
    this.until.set(key, now + seconds * 1000);
  }

  /** Seconds until `key`'s window ends, or null when it is not (or no longer) refused. */
  secondsLeft(key: string, now = Date.now()): number | null {
    const until = this.until.get(key);
    if (until === undefined) return null;
    if (until <= now) {
      this.until.delete(key);
      return null;
    }
    return Math.ceil((until - now) / 1000);
  }

  get size(): number {
    return this.until.size;
  }
}

/** The route tree of a server build, as React Router matches it (its manifest lists each route with its parent's id). */
function routeTreeOf(build: Pick<ServerBuild, "routes">): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const route = { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive } as RouteObject;
    children.set(r.parentId, [...(children.get(r.parentId) ?? []), route]);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) => (r.index ? r : ({ ...r, children: attach(children.get(r.id) ?? []) } as RouteObject)));
  return attach(children.get(undefined) ?? []);
}

/** The path React Router answers for a request path: dot segments resolved, the single-fetch `.data` suffix and a trailing slash dropped. */
function routerPathOf(path: string): string {
  let pathname: string;
  try {
    pathname = new URL(path, "http://localhost").pathname;
  } catch {
    return path;
  }
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  return pathname !== "/" && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/**
 * Whether a request path reaches a route whose middleware includes `guard`, matched as React
 * Router matches it (case-insensitive, decoded, the build's own route tree).
 */
export function guardedPaths(build: Pick<ServerBuild, "routes">, guard: MiddlewareFunction<Response>): (path: string) => boolean {
  const tree = routeTreeOf(build);
  const guarded = new Set(
    Object.values(build.routes)
      .filter((r) => (r?.module as { middleware?: unknown[] } | undefined)?.middleware?.includes(guard))
      .map((r) => r!.id),
  );
  return (path) => matchRoutes(tree, routerPathOf(path))?.some((m) => guarded.has(m.route.id!)) ?? false;
}

/**
 * Express middleware: a POST from a client the form quota refused outright, to a path of a form
 * route, gets the guard's own bare 429 without reaching React Router. Everything else goes on.
 * The path is matched only for a refused client, so other visitors pay one map look-up.
 */
export function refuseKnownFlood(refused: RefusedClients, keyOf: (req: Request) => string, isFormPath: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || refused.size === 0) return next();
    const seconds = refused.secondsLeft(keyOf(req));
    if (seconds === null || !isFormPath(req.path)) return next();
    res.status(429).set({ "Retry-After": String(seconds), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private }).end(rateLimitMessage);
  };
}
