/**
 * Defers React Router's client scripts until the page has loaded.
 *
 * Every page's text is in the HTML, so nothing a visitor sees needs JavaScript. React Router
 * normally preloads all route modules from <head> and imports them from an inline module script,
 * which puts ~120 KB of script on the critical path of a phone on a slow network. Here the
 * modulepreload links are dropped and the inline module is parked in an inert script element;
 * a tiny constant loader turns it back into a module script once the window's `load` event has
 * fired (or at the visitor's first interaction, whichever comes first). Hydration then happens
 * as usual, just after the first paint instead of competing with it.
 */

/** Inert script type: browsers neither fetch nor run it. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * The loader, the same on every page so its CSP hash is a constant. It copies the nonce of the
 * parked script (server-rendered pages) so the recreated module script passes the CSP.
 */
export const DEFERRED_LOADER_SCRIPT = `(function(){var done=false;function boot(){if(done)return;done=true;var d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!d)return;var s=document.createElement("script");s.type="module";if(d.nonce)s.nonce=d.nonce;s.textContent=d.textContent;d.parentNode.replaceChild(s,d);}function soon(){setTimeout(boot,0)}if(document.readyState==="complete")soon();else addEventListener("load",soon,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,boot,{once:true,passive:true,capture:true})});})();`;

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** React Router's module script, whatever the order of its attributes (nonce, type, async). */
const MODULE_SCRIPT = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)>/g;

/** Rewrites a full HTML document produced by React Router (see the module comment). */
export function deferHydration(html: string): string {
  const withoutPreloads = html.replace(MODULEPRELOAD, "");
  let replaced = false;
  return withoutPreloads.replace(MODULE_SCRIPT, (tag, attrs: string) => {
    if (replaced || !/\btype="module"/.test(attrs)) return tag;
    replaced = true;
    const nonce = /\snonce="[^"]*"/.exec(attrs)?.[0] ?? "";
    return `<script${nonce}>${DEFERRED_LOADER_SCRIPT}</script><script type="${DEFERRED_MODULE_TYPE}"${nonce}>`;
  });
}
