/**
 * The typed router context (React Router middleware, decision 028): what every loader, action and
 * middleware may read with `context.get(…)`.
 *
 * `serverContext` is filled by the Express server for each request (server/index.ts `getLoadContext`).
 * The server entry and the route bundle are separate module graphs, so the server takes this very
 * key from the route bundle (`build.entry.module.serverContext`, re-exported by entry.server.tsx)
 * rather than importing its own copy: a context is found by identity.
 *
 * The other keys are set by route middleware: the inbox layout's session check and the public form
 * routes' quota. Types only from server modules: nothing here runs in the browser.
 */
import { type RouterContext, createContext } from "react-router";
import type { InboxContext } from "./lib/server/inbox/context.server";
import type { Session } from "./lib/server/inbox/sessions.server";
import type { ListingsFeed } from "./lib/server/listings/feed.server";
import type { RateDecision, RateLimiter } from "../platform/rate-limit";
import type { RefusedClients } from "../platform/refused-clients";
import type { LeadsContext } from "./lib/server/leads/context.server";
import type { AlertsContext } from "./lib/server/alerts/context.server";
import type { RenderTicket } from "./lib/server/http/render-ticket.server";
import type { AssessmentsContext } from "./lib/server/assessments/context.server";

export interface ServerContext {
  /** The public forms' store and the health check: the database and the outbox's wake-up. */
  leads: LeadsContext;
  /** The agent's inbox: every loader and action there reads the session its layout's middleware found. */
  inbox: InboxContext;
  /** The local copy of the DDF® listings feed; null when the feed is not configured (DDF_CLIENT_ID unset). */
  listings: ListingsFeed | null;
  /** Listing alerts and watched homes (issue 32); null with the feed off, when nothing of them shows. */
  alerts: AlertsContext | null;
  /** The City's assessment roll (issue 42); null or absent with ASSESSMENTS off, when nothing of it shows. */
  assessments?: AssessmentsContext | null;
  /**
   * The visitors' form quota (FORM_QUOTA.max per window per client key, server/runtime.ts: an IPv4 address or an
   * IPv6 /64), taken by each form route's middleware; `refused`: the clients it refused outright,
   * whose next POSTs Express answers (server/form-flood.ts).
   */
  forms: { limiter: RateLimiter; max: number; refused?: RefusedClients };
  /** The client's address: a valid IP address from a trusted proxy's X-Forwarded-For, else the connection's. */
  clientIp: string;
  /** The request came straight from this machine (a loopback peer, no proxy's forwarding headers). */
  fromThisMachine: boolean;
  /** Nonce of this response's Content-Security-Policy. */
  cspNonce: string | undefined;
  /** The public pages' Content-Security-Policy for this response (the inbox sets its own). */
  contentSecurityPolicy: string | undefined;
  /** Where a shareable render of this request is finished and kept (server/render-cache.ts); absent under `npm run dev`. */
  renderTicket: RenderTicket | undefined;
}

/** Null only while prerendering at build time, which has no server. */
export const serverContext = createContext<ServerContext | null>(null);

/** The inbox session of this request, resolved once by the inbox layout's middleware (null: signed out). */
export const inboxSessionContext = createContext<Session | null>(null);

/**
 * This request's answer may be shared by a cache (app/lib/server/http/shared-cache.server.ts): it is
 * rendered without the per-request nonce, so the same bytes can go to every visitor.
 */
export const sharedRenderContext = createContext<boolean>(false);

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts the site wrote in this request's public
 * page, set by entry.server.tsx once it is rendered (app/lib/server/html/own-scripts.server.ts); null
 * until then, and for a private page (its scripts carry the request's nonce).
 */
export const ownScriptHashesContext = createContext<string[] | null>(null);

/** The form quota counted for this POST by the form route's middleware; null: none was counted, and the action refuses. */
export const formQuotaContext = createContext<RateDecision | null>(null);

type Readable = { get<T>(key: RouterContext<T>): T };

/** The server's context for a loader or action that only ever runs on the server (never prerendered). */
export function serverOf(context: Readable): ServerContext {
  const server = context.get(serverContext);
  if (!server) throw new Error("No server context: this route cannot be prerendered.");
  return server;
}
