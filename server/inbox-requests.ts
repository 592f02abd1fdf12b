/**
 * What every request to the agent's inbox gets before React Router sees it: no caching anywhere
 * (a lead must never sit in a shared cache or the back-forward cache of a shared phone), no
 * indexing, and for a POST a same-origin check. The session cookie is SameSite=Lax, which already
 * keeps it off other sites' POSTs; the Origin check refuses them outright (403) as well.
 */
import type { RequestHandler } from "express";

/** /inbox, everything under it, and React Router's data requests for them (/inbox.data). */
export function isInboxPath(path: string): boolean {
  return path === "/inbox" || path === "/inbox.data" || path.startsWith("/inbox/");
}

export function inboxRequests(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (!isInboxPath(req.path)) return next();
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    if (req.method === "POST") {
      const origin = req.get("origin");
      const own = `${req.protocol}://${req.get("host") ?? ""}`;
      if (!origin || (origin !== siteOrigin && origin !== own)) {
        res.status(403).type("text/plain").send("This action must come from the inbox's own pages.");
        return;
      }
    }
    next();
  };
}
