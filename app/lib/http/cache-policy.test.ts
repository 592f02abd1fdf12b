import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { CACHE_CONTROL, cacheKindOf } from "./cache-policy";

/** Every route's pattern as React Router reports it to middleware (its paths joined; index routes "/"). */
function patternsOf(entries: readonly { path?: string; children?: readonly unknown[] }[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = [parent, entry.path].filter(Boolean).join("/").replace(/\/\/+/g, "/") || "/";
    return [own, ...patternsOf((entry.children ?? []) as { path?: string }[], own === "/" ? "" : own)];
  });
}

describe("cache kinds", () => {
  it("shares the listings' pages, search, sitemap and not-found for GET and HEAD, briefly", () => {
    for (const pattern of [
      "/listings",
      "/listings/:slug",
      "/sitemap-listings.xml",
      "/edmonton-listings",
      "/",
      "/about",
      "/open-house",
      "*",
      "/404",
    ]) {
      expect(cacheKindOf(pattern, "GET"), pattern).toBe("live");
      expect(cacheKindOf(pattern, "HEAD"), pattern).toBe("live");
    }
    expect(CACHE_CONTROL.live).toMatch(/^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=(\d+)/);
    const [, fresh, stale] = /s-maxage=(\d+), stale-while-revalidate=(\d+)/.exec(CACHE_CONTROL.live)!;
    // A sync's change reaches visitors within 60 s: the shared copy's life, its stale time and the servers' 2 s.
    expect(Number(fresh) + Number(stale) + 2).toBeLessThanOrEqual(60);
  });

  it("shares what only a deploy changes for longer", () => {
    for (const pattern of ["/sitemap.xml", "/robots.txt", "/blog/rss.xml"]) expect(cacheKindOf(pattern, "GET")).toBe("build");
    expect(CACHE_CONTROL.build).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
  });

  it("keeps private every answer to a POST, the inbox, the alerts' pages, health and any route it does not name", () => {
    expect(cacheKindOf("/contact", "POST")).toBe("private");
    expect(cacheKindOf("/listings/:slug", "POST")).toBe("private");
    const all = patternsOf(routes as never);
    const inbox = all.filter((p) => p.startsWith("inbox") || p.startsWith("/inbox"));
    expect(inbox.length).toBeGreaterThan(8);
    for (const pattern of [
      ...inbox.filter((p) => !/manifest|sw\.js/.test(p)),
      "/alerts",
      "/alerts/confirm/:token",
      "/alerts/manage/:token",
      "/alerts/unsubscribe/:token",
      "/alerts/open/:token/:key",
      "/alerts/home/:token/:account",
      "/healthz",
      "/some/new/route",
    ]) {
      expect(cacheKindOf(pattern, "GET"), pattern).toBe("private");
    }
    expect(CACHE_CONTROL.private).toBe("private, no-store");
  });

  it("names a kind for every route, and leaves photos, the map's boundaries and the inbox app's files their own", () => {
    const all = patternsOf(routes as never);
    expect(all).toContain("/listings/:slug");
    expect(all).toContain("*");
    for (const pattern of [
      "/listings/photos/:key/:file",
      "/neighbourhoods/boundaries.geojson",
      "/inbox/manifest.webmanifest",
      "/inbox/sw.js",
    ]) {
      expect(all).toContain(pattern);
      expect(cacheKindOf(pattern, "GET")).toBe("own");
    }
  });
});
