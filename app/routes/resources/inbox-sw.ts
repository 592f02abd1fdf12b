/**
 * /inbox/sw.js: the inbox's service worker (app/lib/inbox-service-worker.ts, compiled by
 * vite-plugins/inbox-service-worker.ts). Outside the inbox's layout on purpose (app/routes.ts):
 * the script holds nothing private, and the guard's `private, no-store` would replace the `no-cache` the
 * browser's update check wants. Only the Account page registers it; no public page names it.
 */
import { code } from "virtual:inbox-service-worker";

export function loader() {
  return new Response(code, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // Revalidated at every update check, so a new build's worker replaces the old one at once.
      "Cache-Control": "no-cache",
      // The script sits in /inbox/, whose default scope is "/inbox/"; this lets it control "/inbox" itself.
      "Service-Worker-Allowed": "/inbox",
      // A worker's policy is its script's: it loads nothing but its notification icons from here.
      "Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
