/**
 * Loading the third-party RealtyVis listings script (spec §7 call 3).
 *
 * The script is added to the page at most once per page view, only when a widget mounts, and
 * only after the browser is idle, so it never competes with the first paint. It scans the page
 * once when it loads and never again: after a client-side navigation the new widget element has
 * to be handed to `RealtyVis.init(root)` explicitly, which the widget component does every time.
 */
import { publicConfig } from "~/lib/public-config";

/** What the script exposes on `window`. */
export interface RealtyVisApi {
  /** Renders every widget element (an element carrying a widget id) found inside `root`. */
  init(root: Element): void;
}

declare global {
  interface Window {
    RealtyVis?: RealtyVisApi;
  }
}

/** Marks the script element, so tests and the loader itself can find it. */
export const SCRIPT_MARKER = "data-realtyvis-script";

let pending: Promise<RealtyVisApi> | undefined;

/**
 * Resolves with the RealtyVis API once the script has loaded; rejects when it fails to load
 * (network error, 404) or loads without exposing `init`. After a failure the next widget to
 * mount tries again, so one bad moment does not break every later page of the visit.
 */
export function loadRealtyVis(): Promise<RealtyVisApi> {
  if (typeof window === "undefined") return Promise.reject(new Error("RealtyVis loads in the browser only"));
  const ready = window.RealtyVis;
  if (ready && typeof ready.init === "function") return Promise.resolve(ready);
  pending ??= afterIdle()
    .then(injectScript)
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

function injectScript(): Promise<RealtyVisApi> {
  return new Promise<RealtyVisApi>((resolve, reject) => {
    document.querySelector(`script[${SCRIPT_MARKER}]`)?.remove();
    const script = document.createElement("script");
    script.src = publicConfig.listingsWidgetScriptUrl;
    script.async = true;
    script.setAttribute(SCRIPT_MARKER, "");
    script.onload = () => {
      const api = window.RealtyVis;
      if (api && typeof api.init === "function") resolve(api);
      else reject(new Error("RealtyVis script loaded without RealtyVis.init"));
    };
    script.onerror = () => reject(new Error(`RealtyVis script failed to load: ${script.src}`));
    document.body.appendChild(script);
  });
}

/** Waits for an idle moment (at most two seconds), so the page's own work goes first. */
function afterIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 1);
  });
}
