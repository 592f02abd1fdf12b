/**
 * The site's public address (SITE_URL), a runtime setting (decision 032): one build serves any
 * address.
 *
 * - On the server, the address the server was started with: server/index.ts calls `setSiteUrl` on the
 *   route bundle (re-exported by app/entry.server.tsx) before it answers anything.
 * - While prerendering at build time there is no server: pages are written with
 *   `BUILD_SITE_URL`, a placeholder that server/prerendered.ts replaces with the real address
 *   when it loads the files into memory.
 * - In the browser, the address the page itself was rendered with (its canonical link), so
 *   hydration and client-side navigations use exactly what the server wrote; a page without one
 *   falls back to the address in the location bar.
 */

/**
 * The address prerendered pages are built with. `.invalid` can never be a real host (RFC 6761),
 * so the name cannot occur in the site's own content, and a page still holding it is found.
 */
export const BUILD_SITE_URL = "https://prerendered-site-address.invalid";

let current: string | undefined;

/** Sets the address (an origin such as `https://www.example.com`; trailing slashes are dropped). */
export function setSiteUrl(url: string): void {
  current = url.replace(/\/+$/, "");
}

/** The public origin of the site, without a trailing slash. */
export function siteUrl(): string {
  current ??= typeof document === "undefined" ? BUILD_SITE_URL : siteUrlOfDocument();
  return current;
}

function siteUrlOfDocument(): string {
  const href =
    document.querySelector('link[rel="canonical"]')?.getAttribute("href") ??
    document.querySelector('meta[property="og:url"]')?.getAttribute("content");
  try {
    if (href) return new URL(href).origin;
  } catch {
    // not an absolute URL: the location bar's
  }
  return window.location.origin;
}

/** Absolute URL of a path on this site; query strings and fragments are never part of it. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const bare = path.split(/[?#]/)[0] ?? "/";
  return `${siteUrl()}${bare.startsWith("/") ? bare : `/${bare}`}`;
}
