/**
 * Serves the HTML files React Router prerendered at build time (build/client/<path>/index.html)
 * for GET and HEAD, before the request reaches the SSR handler.
 *
 * The files never change while the server runs, so each is read once at start-up and kept in
 * memory (server/prepared-body.ts: ETags, brotli at maximum quality and gzip made once) with the
 * Content-Security-Policy that allows by hash exactly the inline scripts the site wrote in it (those
 * carrying the build's marker, which is then removed: app/lib/server/html/own-scripts.server.ts), and the `build` kind of
 * Cache-Control (app/lib/http/cache-policy.ts): a shared cache keeps them for minutes.
 *
 * The pages are built with a placeholder for the site's address (BUILD_SITE_URL, decision 032);
 * it is replaced with the address the server was started with (SITE_URL) as each file is read,
 * before its ETag, its compressed forms and its inline scripts' hashes are computed.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";
import { BUILD_SITE_URL } from "../app/lib/site-url";
import { type PreparedBody, prepareBody, sendPrepared } from "./prepared-body";
import { ownScripts } from "../app/lib/server/html/own-scripts.server";
import { type CspSources, publicCsp } from "./security-headers";
import { StartupError } from "./startup-check";

export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  walkPrerendered(clientDir, (file, urlPath) => {
    if (path.basename(file) === "index.html") pages.set(urlPath || "/", file);
  });
  return pages;
}

/** Every file of the client build outside assets/, with the URL path of its folder. */
function walkPrerendered(clientDir: string, visit: (file: string, urlPath: string) => void): void {
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (urlPath === "" && entry.name === "assets") continue;
        walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      } else {
        visit(path.join(dir, entry.name), urlPath);
      }
    }
  };
  if (existsSync(clientDir)) walk(clientDir, "");
}

/** The placeholder's host: whatever form a page writes the address in (escaped, encoded), it contains this. */
const BUILD_SITE_HOST = new URL(BUILD_SITE_URL).host;

/**
 * A prerendered page with the site's address in place of the build's placeholder, in both forms
 * the pages write it: as is (links, Open Graph, JSON-LD) and percent-encoded (share links).
 * `siteUrl` is an origin (platform/config.ts refuses anything else), so it needs no escaping in
 * HTML, JSON or a URL. A placeholder left in any other form stops start-up: the page would
 * publish an address that does not exist.
 */
export function withSiteUrl(html: string, siteUrl: string, file: string): string {
  const replaced = html.replaceAll(BUILD_SITE_URL, siteUrl).replaceAll(encodeURIComponent(BUILD_SITE_URL), encodeURIComponent(siteUrl));
  if (replaced.includes(BUILD_SITE_HOST)) {
    throw new StartupError(
      `The prerendered page ${file} holds the build's placeholder address (${BUILD_SITE_HOST}) in a form the server cannot replace with SITE_URL; fix the page's markup and rebuild.`,
    );
  }
  return replaced;
}

/**
 * A prerendered page's loader data (`<page>.data`, what a client-side navigation fetches) is
 * served as built: it must not name the site's address (a loader of a prerendered page returns
 * paths, not absolute URLs). Checked once at start-up, so a build that breaks the rule is refused.
 */
export function checkPrerenderedData(clientDir: string): void {
  walkPrerendered(clientDir, (file) => {
    if (file.endsWith(".data") && readFileSync(file, "latin1").includes(BUILD_SITE_HOST)) {
      throw new StartupError(
        `The prerendered data ${file} holds the build's placeholder address (${BUILD_SITE_HOST}), which the server does not replace; its loader must return paths, not absolute URLs. Fix it and rebuild.`,
      );
    }
  });
}

interface PreparedPage {
  body: PreparedBody;
  headers: [string, string][];
}

function prepare(
  file: string,
  sources: CspSources,
  siteUrl: string,
  baseHeaders: readonly [string, string][],
  marker: string,
): PreparedPage {
  const own = ownScripts(withSiteUrl(readFileSync(file, "utf8"), siteUrl, file), marker);
  const html = own.html;
  return {
    body: prepareBody(Buffer.from(html, "utf8")),
    headers: [
      ...baseHeaders,
      ["Cache-Control", CACHE_CONTROL.build],
      ["Content-Type", "text/html; charset=utf-8"],
      ["Content-Security-Policy", publicCsp(own.hashes, sources)],
    ],
  };
}

/**
 * Returns a plain node:http handler that answers GET and HEAD for prerendered pages and
 * returns false for anything else. It runs before Express on purpose: these are the most
 * requested responses and they need none of Express's machinery (see server/index.ts).
 *
 * `siteUrl`: the site's address (SITE_URL as an origin), put in place of the build's placeholder.
 * `marker`: the build's marker of the scripts the site wrote (BUILD_SCRIPT_MARKER of the server build).
 * `skip`: paths whose file is left to the server to render per request instead (the listing
 * pages while the DDF® feed is on: their files were built without the feed's listings).
 * Throws a StartupError when a page or its data holds the placeholder in a form it cannot replace.
 */
export function prerenderedPages(
  clientDir: string,
  sources: CspSources,
  baseHeaders: readonly [string, string][],
  { siteUrl, marker, skip = new Set() }: { siteUrl: string; marker: string; skip?: ReadonlySet<string> },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  checkPrerenderedData(clientDir);
  const found = [...findPrerenderedPages(clientDir)].filter(([urlPath]) => !skip.has(urlPath));
  const pages = new Map(found.map(([urlPath, file]) => [urlPath, prepare(file, sources, siteUrl, baseHeaders, marker)]));
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = pages.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!page) return false;
    sendPrepared(req, res, page.body, page.headers);
    return true;
  };
}
