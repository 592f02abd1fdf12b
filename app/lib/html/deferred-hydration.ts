/**
 * Defers React Router's client scripts until the page has loaded (decisions 002 and 033).
 *
 * Every page's text is in the HTML, so nothing a visitor sees needs JavaScript. React Router
 * normally preloads all route modules from <head> and imports them from an inline module script,
 * which puts ~120 KB of script on the critical path of a phone on a slow network. Here the
 * modulepreload links are dropped and the inline module is parked in an inert script element,
 * with the links' addresses along on it (`data-preload`); a small constant loader, written just
 * before it, turns it back into a module script once the page has loaded and painted, or at the
 * visitor's first interaction. What the loader does, and why, is in its own module,
 * deferred-hydration.client.ts; it is compiled at build time (vite-plugins/hydration-loader.ts)
 * and reaches this module as `virtual:deferred-hydration-loader`. The names the server, the loader
 * and the components share are in deferred-hydration-contract.ts.
 *
 * The loader is the same on every page, so its CSP hash is one constant of the build. It copies
 * the nonce of the parked script (server-rendered pages) so the recreated module script passes
 * the CSP; on a prerendered page the server allows the parked script's text by its hash.
 *
 * If a React Router upgrade changes its markup so that the module script is not found, the
 * page is sent as React Router rendered it (it hydrates at once, as React Router intends) and
 * the server logs it once.
 */
import { code as loaderCode, hash as loaderHash } from "virtual:deferred-hydration-loader";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD } from "./deferred-hydration-contract";

/** The loader's text, written inline before the parked script on every page. */
export const DEFERRED_LOADER_SCRIPT: string = loaderCode;

/** The loader's Content-Security-Policy source (`'sha256-…'`), computed when it was built. */
export const DEFERRED_LOADER_HASH: string = loaderHash;

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ASSET_PATH = /^\/[\w./-]+\.js$/;
/** React Router's module script, whatever the order of its attributes (nonce, type, async). */
const MODULE_SCRIPT = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>/g;

let warnedMissingScript = false;

/** Rewrites a full HTML document produced by React Router (see the module comment). */
export function deferHydration(html: string, log: Pick<Console, "warn"> = console): string {
  let replaced = false;
  // Asset paths only (React Router's own, hashed), so they are safe inside the attribute as they are.
  const preloads = [...html.matchAll(MODULEPRELOAD)]
    .map((link) => /\shref="([^"]+)"/.exec(link[0])?.[1] ?? "")
    .filter((href) => ASSET_PATH.test(href));
  const preloadAttr = preloads.length > 0 ? ` ${DEFERRED_PRELOAD}="${preloads.join(" ")}"` : "";
  const parked = html.replace(MODULE_SCRIPT, (tag, attrs: string) => {
    if (replaced || !/\btype="module"/.test(attrs)) return tag;
    replaced = true;
    const nonce = /\snonce="[^"]*"/.exec(attrs)?.[0] ?? "";
    return `<script${nonce}>${DEFERRED_LOADER_SCRIPT}</script><script type="${DEFERRED_MODULE_TYPE}"${nonce}${preloadAttr}>`;
  });
  if (!replaced) {
    // Only a document with React Router's scripts is expected here; without them, leave it be.
    if (/<link rel="modulepreload"/.test(html) && !warnedMissingScript) {
      warnedMissingScript = true;
      log.warn(
        "[hydration] React Router's module script was not found: pages are sent as rendered and hydrate at once (app/lib/html/deferred-hydration.ts)",
      );
    }
    return html;
  }
  return parked.replace(MODULEPRELOAD, "");
}
