/**
 * What a shared cache (a CDN, Varnish) may keep, by kind of page: the one place that says it
 * (issue 29, decision 040). The root route's middleware (shared-cache.server.ts) puts these on
 * every answer React Router gives; the prerendered pages (server/prerendered.ts) take `build`.
 *
 * Browsers get `max-age=0` everywhere: they revalidate each visit with the ETag (a 304 when
 * nothing changed), so a visitor never sees a page older than the shared cache's copy.
 */

import { allPages } from "../../content/pages";

/** The Cache-Control values. */
export const CACHE_CONTROL = {
  /**
   * Prerendered pages and articles, /sitemap.xml, /robots.txt and the RSS feed: they change only
   * with a deploy. Ten minutes in the shared cache, served stale for ten more while it refreshes,
   * and for a day while the server is down.
   */
  build: "public, max-age=0, s-maxage=600, stale-while-revalidate=600, stale-if-error=86400",
  /**
   * Pages drawn from the listings' local copy, and every other public page the server renders:
   * a listing change must reach visitors within 60 s of the sync that stored it. The shared copy
   * is fresh for 20 s and may be served stale for 30 s more while it refreshes (50 s); the
   * servers' own render cache follows a sync within 2 s (server/render-cache.ts).
   */
  live: "public, max-age=0, s-maxage=20, stale-while-revalidate=30, stale-if-error=86400",
  /** Anything about one visitor, or that reads a cookie: never stored by anyone but that browser, and not there either. */
  private: "private, no-store",
} as const;

export type CacheKind = keyof typeof CACHE_CONTROL;

/** Routes that set their own caching (photos, the map's neighbourhood boundaries, the inbox app's manifest and service worker), by pattern. */
const OWN_CACHING = new Set([
  "/listings/photos/:key/:file",
  "/neighbourhoods/boundaries.geojson",
  "/inbox/manifest.webmanifest",
  "/inbox/sw.js",
]);
/** Public routes rendered from the build alone. */
const BUILD = new Set(["/sitemap.xml", "/robots.txt", "/blog/rss.xml"]);
/**
 * The public pages the server renders: the catalogue's (the feed's area and property-type pages,
 * "/" and "/about" with the agent's listings, the calculators that read their query, the forms'
 * pages before a submission), the listings' search, pages and sitemap, the neighbourhood pages of
 * the assessment roll and their sitemap, and "not found". Any other
 * route (the inbox, the alerts' pages, health, whatever comes next) is private until it is named here.
 */
const LIVE = new Set([
  ...allPages.map((p) => p.path),
  "/listings",
  "/listings/:slug",
  "/listings/:slug/photos",
  "/sitemap-listings.xml",
  "/neighbourhoods",
  "/neighbourhoods/:slug",
  "/sitemap-neighbourhoods.xml",
  "/home-value/suggest",
  "/home-value/:account",
  "/404",
  "*",
]);

/**
 * The kind of an answer of React Router, from its route's pattern (`/listings/:slug`) and its
 * method; `own` when the route sets its own header. Only GET and HEAD answers are ever shared.
 */
export function cacheKindOf(pattern: string, method: string): CacheKind | "own" {
  if (OWN_CACHING.has(pattern)) return "own";
  if (method !== "GET" && method !== "HEAD") return "private";
  if (BUILD.has(pattern)) return "build";
  return LIVE.has(pattern) ? "live" : "private";
}

/** The statuses a shared cache may repeat to everyone (permanent redirects, "not found", "gone" too); any other answer, an error above all, is private. */
export const SHAREABLE_STATUSES: ReadonlySet<number> = new Set([200, 301, 308, 404, 410]);
