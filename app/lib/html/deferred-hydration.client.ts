/**
 * The deferred-hydration loader: the inline script every page carries in place of React Router's
 * module script (decisions 002 and 033). It is never imported: the hydration-loader Vite plugin
 * (vite-plugins/hydration-loader.ts) bundles this file and what it imports into one minified
 * classic script, and deferHydration (deferred-hydration.ts) writes that text into each page.
 * Prerendered pages allow it by its hash, server-rendered ones by the response's nonce.
 *
 * It turns the parked module script (deferred-hydration.ts) back into a module script once the
 * window's `load` event has fired, the browser has reported the first contentful paint, and two
 * more frames have passed, or at the visitor's first interaction, whichever comes first. A small
 * page on a fast link can fire `load` before its first paint reaches the screen: waiting for
 * `load` and two frames alone then started the scripts before the paint, and Lighthouse counted
 * their download in the paint's time (the quick-mortgage article's LCP was 1.8-1.95 s in two runs
 * of three, 0.77 s in the third). Hydration then happens as usual, just after the page's largest
 * image or text has been painted instead of competing with it: the `load` event comes before the
 * frame that paints the last image, and scripts fetched in between delay that paint on a slow
 * phone. A tab opened in the background paints no frames, so a timer boots it a second after
 * `load` in any case.
 *
 * React Router's modulepreload links come out of <head>, but their addresses go along on the
 * parked script (`data-preload`), and the loader adds them back as it boots: the browser then
 * fetches the whole module graph at once instead of discovering it one import level at a time,
 * each level one more round trip on a phone's network before the page responds. Starting a fetch
 * costs the main thread 0.5 to 3.5 ms on this machine (four times that on a throttled phone), so
 * the links go in three per task, and the module script after the last of them, rather than in one
 * long task. Links and module script copy the parked script's nonce (server-rendered pages), so
 * they pass the CSP; on a prerendered page the module script's text has the parked script's hash.
 *
 * A tap on a scripted button (`<button type="button">`: the menu, share, carousel controls)
 * before hydration would do nothing, so the loader holds the first such tap (`holdTap`) and
 * root.tsx carries it out once React has hydrated (`takeHeldTap`). Links, forms and `<details>`
 * work natively and are left alone.
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
 * It runs as soon as it is parsed, at the end of <body>, and stays small: it is part of every
 * page's HTML (about 2 KB before compression).
 */
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD, DEFERRED_SRC, DEFERRED_SRCSET, holdTap, isHydrated } from "./deferred-hydration-contract";

/** How many modulepreload links go in per task (see above). */
const PRELOADS_PER_TASK = 3;
/** A tab in the background paints nothing: it boots this long after `load` in any case. */
const BOOT_AFTER_LOAD_MS = 1000;

let booted = false;
let painted = false;
let loaded = false;

/** Starts the third-party frames (form-embed.tsx). */
function startFrames(): void {
  document.querySelectorAll<HTMLIFrameElement>(`iframe[${DEFERRED_SRC}]`).forEach((frame) => {
    if (!frame.getAttribute("src")) frame.src = frame.getAttribute(DEFERRED_SRC) || "";
  });
}

/** Starts the secondary images (listing-photos.tsx). */
function startImages(): void {
  document.querySelectorAll<HTMLImageElement>(`img[${DEFERRED_SRC}]`).forEach((image) => {
    if (image.getAttribute("src")) return;
    const srcset = image.getAttribute(DEFERRED_SRCSET);
    if (srcset) image.srcset = srcset;
    image.src = image.getAttribute(DEFERRED_SRC) || "";
  });
}

/** Calls `then` when the browser reports the first contentful paint, or after two frames if it reports no paints. */
function onFirstPaint(then: () => void): void {
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf("paint") >= 0) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) {
          observer.disconnect();
          then();
        }
      });
      observer.observe({ type: "paint", buffered: true });
      return;
    }
  } catch {
    // No PerformanceObserver, or no paint entries: two frames instead.
  }
  requestAnimationFrame(() => requestAnimationFrame(then));
}

/** Preloads the page's modules three per task, then runs the parked module script. Once. */
function boot(): void {
  if (booted) return;
  booted = true;
  const parked = document.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`);
  if (!parked) return;
  const preloads = (parked.getAttribute(DEFERRED_PRELOAD) || "").split(" ").filter(Boolean);
  const next = (): void => {
    for (const href of preloads.splice(0, PRELOADS_PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      if (parked.nonce) link.nonce = parked.nonce;
      document.head.appendChild(link);
    }
    if (preloads.length) {
      setTimeout(next, 0);
      return;
    }
    const script = document.createElement("script");
    script.type = "module";
    if (parked.nonce) script.nonce = parked.nonce;
    script.textContent = parked.textContent;
    parked.replaceWith(script);
  };
  next();
}

/** Once the page has both loaded and painted: two frames, then the images and the scripts. */
function bootWhenPaintedAndLoaded(): void {
  if (!painted || !loaded) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      startImages();
      setTimeout(boot, 0);
    }),
  );
}

function onPaint(): void {
  painted = true;
  startFrames();
  bootWhenPaintedAndLoaded();
}

function onLoad(): void {
  loaded = true;
  setTimeout(() => {
    startImages();
    boot();
  }, BOOT_AFTER_LOAD_MS);
  bootWhenPaintedAndLoaded();
}

/** A click on a scripted button before hydration: held for root.tsx, and the scripts start now. */
function holdEarlyTap(event: MouseEvent): void {
  if (isHydrated()) return;
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[type="button"]') : null;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  holdTap(button);
  boot();
}

onFirstPaint(onPaint);
if (document.readyState === "complete") onLoad();
else window.addEventListener("load", onLoad, { once: true });
for (const type of ["pointerdown", "keydown", "touchstart"] as const)
  window.addEventListener(type, boot, { once: true, passive: true, capture: true });
window.addEventListener("click", holdEarlyTap, true);
