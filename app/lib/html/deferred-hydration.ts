/**
 * Defers React Router's client scripts until the page has loaded.
 *
 * Every page's text is in the HTML, so nothing a visitor sees needs JavaScript. React Router
 * normally preloads all route modules from <head> and imports them from an inline module script,
 * which puts ~120 KB of script on the critical path of a phone on a slow network. Here the
 * modulepreload links are dropped and the inline module is parked in an inert script element;
 * a tiny constant loader turns it back into a module script once the window's `load` event has
 * fired, the browser has reported the first contentful paint, and two more frames have passed (or
 * at the visitor's first interaction, whichever comes first). A small page on a fast link can fire
 * `load` before its first paint reaches the screen: waiting for `load` and two frames alone then
 * started the scripts before the paint, and Lighthouse counted their download in the paint's time
 * (the quick-mortgage article's LCP was 1.8-1.95 s in two runs of three, 0.77 s in the third).
 * Hydration then happens as usual, just after the page's largest image or text has been painted
 * instead of competing with it: the `load` event comes before the frame that paints
 * the last image, and scripts fetched in between delay that paint on a slow phone. A tab opened in
 * the background paints no frames, so a timer boots it a second after `load` in any case.
 *
 * React Router's modulepreload links list every module the page needs (entry, routes and what they
 * import). They come out of <head>, but their addresses go along on the parked script
 * (`data-preload`), and the loader adds them back as it boots: the browser then fetches the whole
 * module graph at once instead of discovering it one import level at a time, each level one more
 * round trip on a phone's network before the page responds. Starting a fetch costs the main thread
 * 0.5 to 3.5 ms on this machine (four times that on a throttled phone), so the links go in three per
 * task, and the module script after the last of them, rather than in one long task.
 *
 * A tap on a scripted button (`<button type="button">`: the menu, share, carousel controls)
 * before hydration would do nothing, so the loader holds the first such tap and root.tsx
 * carries it out once React has hydrated (`PENDING_TAP`). Links, forms and `<details>` work
 * natively and are left alone.
 *
 * Third-party frames (the form host's forms) start after the first paint too: the server renders
 * them with their address in `data-deferred-src` instead of `src`, and the loader sets `src` when
 * the browser reports the page's first contentful paint (two frames after the loader runs in a
 * browser that does not report paints). Two frames alone, or the `load` event, were not enough:
 * Chromium reports a paint when it reaches the screen, which came up to 50 ms later in the
 * end-to-end tests. A tab opened in the background paints nothing, so its frame starts when it is
 * first shown, or when the page has hydrated (form-embed.tsx), whichever comes first. Requested
 * while the page is parsed, a frame on another host competes with the stylesheet for a slow
 * phone's bandwidth and connections, and the page's own text paints later (Lighthouse's simulated
 * phone counted the contact page's first paint at 1.21 s for it, against 0.9 s for pages without
 * one). The frame's own page and scripts take longer than that first paint anyway. Without
 * JavaScript the frame is in a `<noscript>` with its `src` (form-embed.tsx).
 *
 * A page's secondary images (a listing's other photos, listing-photos.tsx) start when the page has
 * loaded, in the same frame as the scripts: their address waits in `data-deferred-src` (and
 * `data-deferred-srcset`). Lazy loading does not hold them back, because they are in view on a
 * phone, and fetched with the first photo they shared a slow phone's bandwidth and connections
 * with it (Lighthouse's simulated phone painted the listing's first photo 150 ms later when they
 * did). The `load` event waits for the first photo, so by then it is on the screen. Without
 * JavaScript they are in a `<noscript>` with their `src`.
 *
 * If a React Router upgrade changes its markup so that the module script is not found, the
 * page is sent as React Router rendered it (it hydrates at once, as React Router intends) and
 * the server logs it once.
 */

/** Inert script type: browsers neither fetch nor run it. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The attribute holding a third-party frame's or a secondary image's address until the loader starts it (see above). */
export const DEFERRED_SRC = "data-deferred-src";

/** The attribute holding a secondary image's `srcset` until the loader starts it (see above). */
export const DEFERRED_SRCSET = "data-deferred-srcset";

/** The window property holding the button tapped before hydration, for root.tsx to click. */
export const PENDING_TAP = "__pendingTap";

/**
 * The loader, the same on every page so its CSP hash is a constant. It copies the nonce of the
 * parked script (server-rendered pages) so the recreated module script passes the CSP.
 */
export const DEFERRED_LOADER_SCRIPT = `(function(){var done=false,painted=false,loaded=false;function frames(){[].forEach.call(document.querySelectorAll("iframe[${DEFERRED_SRC}]"),function(f){if(!f.getAttribute("src"))f.src=f.getAttribute("${DEFERRED_SRC}")})}(function(){try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();paint()}});o.observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(paint)})})();function paint(){painted=true;frames();soon()}function boot(){if(done)return;done=true;var d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!d)return;var list=(d.getAttribute("data-preload")||"").split(" ").filter(Boolean);(function next(){list.splice(0,3).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;if(d.nonce)l.nonce=d.nonce;document.head.appendChild(l)});if(list.length){setTimeout(next,0);return}var s=document.createElement("script");s.type="module";if(d.nonce)s.nonce=d.nonce;s.textContent=d.textContent;d.parentNode.replaceChild(s,d);})();}function images(){[].forEach.call(document.querySelectorAll("img[${DEFERRED_SRC}]"),function(i){if(i.getAttribute("src"))return;var s=i.getAttribute("${DEFERRED_SRCSET}");if(s)i.srcset=s;i.src=i.getAttribute("${DEFERRED_SRC}")})}function soon(){if(!painted||!loaded)return;requestAnimationFrame(function(){requestAnimationFrame(function(){images();setTimeout(boot,0)})})}function load(){loaded=true;setTimeout(function(){images();boot()},1000);soon()}function hold(e){if(document.documentElement.dataset.hydrated)return;var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(!b)return;e.preventDefault();e.stopImmediatePropagation();window.${PENDING_TAP}=b;boot();}if(document.readyState==="complete")load();else addEventListener("load",load,{once:true});["pointerdown","keydown","touchstart"].forEach(function(t){addEventListener(t,boot,{once:true,passive:true,capture:true})});addEventListener("click",hold,true);})();`;

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
  const preloadAttr = preloads.length > 0 ? ` data-preload="${preloads.join(" ")}"` : "";
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
      log.warn("[hydration] React Router's module script was not found: pages are sent as rendered and hydrate at once (app/lib/html/deferred-hydration.ts)");
    }
    return html;
  }
  return parked.replace(MODULEPRELOAD, "");
}
