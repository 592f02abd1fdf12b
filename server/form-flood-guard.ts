/**
 * The form rate limit, counted before the request reaches React Router, so that a flood costs
 * the server next to nothing.
 *
 * Every POST to a form route takes one unit of the client's quota here (once: the route
 * action reads this decision through the load context instead of counting again). A visitor
 * just past the limit still gets the page's own answer (the form with the spec's rate-limit
 * message, or the toast); past twice the limit in one window, which no person does, the answer
 * is a bare 429 with the same text, without rendering anything.
 */
import type { Request, RequestHandler, Response } from "express";
import type { RateDecision, RateLimiter } from "../app/lib/server/rate-limit.server";

export interface FloodGuardOptions {
  /** Form routes (pathnames, with or without the `.data` suffix of JavaScript submissions). */
  formPaths: readonly string[];
  /** Path prefixes whose every page takes a form (the listing pages' "Ask about this home", /listings/…). */
  formPathPrefixes?: readonly string[];
  /** The limit per window (FORM_RATE_LIMIT_MAX): past this many extra attempts, the cheap answer. */
  max: number;
  limiter: RateLimiter;
  clientIpOf: (req: Request) => string;
  message: string;
}

export function formFloodGuard(options: FloodGuardOptions): RequestHandler {
  const paths = new Set(options.formPaths.flatMap((p) => [p, `${p}.data`]));
  const prefixes = options.formPathPrefixes ?? [];
  const isFormPath = (path: string) => paths.has(path) || prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length);
  return async (req, res, next) => {
    if (req.method !== "POST" || !isFormPath(req.path)) return next();
    const decision = await options.limiter.consume(options.clientIpOf(req));
    res.locals.formQuota = decision;
    if (decision.allowed || (decision.excess ?? 0) <= options.max) return next();
    res.status(429).set("Retry-After", String(decision.retryAfterSeconds)).type("text/plain").send(options.message);
  };
}

/** The decision taken by the guard for this request, if it counted one. */
export function formQuotaOf(res: Response): RateDecision | undefined {
  return res.locals.formQuota as RateDecision | undefined;
}
