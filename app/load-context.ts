/**
 * What the Express server passes to every loader and action (server.ts `getLoadContext`): the one
 * load-context type. The route bundle and the server entry are separate module graphs, so
 * services reach the routes this way rather than through a shared module.
 */
import type { InboxContext } from "./lib/server/inbox/context.server";
import type { ListingsFeed } from "./lib/server/listings/feed.server";
import type { RateDecision, SiteServices } from "./lib/services";

declare module "react-router" {
  interface AppLoadContext {
    services: SiteServices;
    /** The agent's inbox (app/routes/inbox): every loader and action there checks the session first. */
    inbox: InboxContext;
    /** The local copy of the DDF® listings feed; null when the feed is not configured (DDF_CLIENT_ID unset). */
    listings: ListingsFeed | null;
    /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
    clientIp: string;
    /** The request came straight from this machine (a loopback peer, no proxy's forwarding headers). */
    fromThisMachine: boolean;
    /**
     * For a POST to a form page: the visitor's form quota, counted once for this request by the
     * flood guard in front of React Router (server/form-flood-guard.ts).
     */
    formQuota?: RateDecision;
    /** Nonce of this response's Content-Security-Policy; absent while prerendering. */
    cspNonce?: string;
  }
}

export {};
