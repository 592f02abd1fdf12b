/**
 * What the three sides of deferred hydration (decisions 002 and 033) agree on, in one place:
 *  - the server's rewrite of each document (deferred-hydration.ts),
 *  - the loader every page carries inline (deferred-hydration.client.ts, compiled into the page
 *    by the hydration-loader Vite plugin),
 *  - the React side: root.tsx, and the components whose frames and images the loader starts
 *    (form-embed.tsx, listing-photos.tsx).
 *
 * The loader and the page's React bundle are separate scripts, so the one thing they hand each
 * other at run time (the button tapped before hydration) goes through a window property. Only the
 * two functions below touch it, and its type is declared here, once.
 */

/** Inert script type: browsers neither fetch nor run it. The parked module script waits in it. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** On the parked script: the addresses of the modules React Router preloaded, space-separated. */
export const DEFERRED_PRELOAD = "data-preload";

/** The attribute holding a third-party frame's or a secondary image's address until the loader starts it. */
export const DEFERRED_SRC = "data-deferred-src";

/** The attribute holding a secondary image's `srcset` until the loader starts it. */
export const DEFERRED_SRCSET = "data-deferred-srcset";

/** The window property holding the button tapped before hydration (see `holdTap`). */
const HELD_TAP = "deferredHydrationHeldTap";

declare global {
  interface Window {
    /** The button the loader held because it was tapped before React had hydrated (`holdTap`). */
    [HELD_TAP]?: HTMLButtonElement;
  }
}

/**
 * The loader: a scripted button (`<button type="button">`) was tapped before React had hydrated,
 * when the tap would have done nothing. It is kept for root.tsx to click once React is ready;
 * a later tap replaces an earlier one.
 */
export function holdTap(button: HTMLButtonElement): void {
  window[HELD_TAP] = button;
}

/** root.tsx, once hydrated: the button the loader held, if any, handed over once. */
export function takeHeldTap(): HTMLButtonElement | undefined {
  const held = window[HELD_TAP];
  delete window[HELD_TAP];
  return held;
}

/** root.tsx, once React has hydrated: tests and styles can tell, and the loader stops holding taps. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = "true";
}

/** Whether root.tsx has marked the document hydrated. */
export function isHydrated(): boolean {
  return Boolean(document.documentElement.dataset.hydrated);
}
