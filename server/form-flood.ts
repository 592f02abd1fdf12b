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
 * refused, as React Router saw it, until the client's window ends (`RefusedClients`, platform/refused-clients.ts); Express
 * answers that client's next POSTs to that same path with the same 429 straight away. It decides
 * nothing on its own: a POST is refused here only where the route's guard refused the same client
 * on the same path, for no longer than the guard would. Two spellings that normalise alike reach
 * the same route (React Router matches the same normalised path); a spelling not yet seen goes on
 * to the guard, which then adds it. Per process: another server on the same PostgreSQL learns the
 * refusal from its own guard.
 */
import type { Request, RequestHandler } from "express";
import { rateLimitMessage } from "../app/content/form-messages";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";
import type { RefusedClients } from "../platform/refused-clients";

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
    res
      .status(429)
      .set({ "Retry-After": String(seconds), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private })
      .end(rateLimitMessage);
  };
}
