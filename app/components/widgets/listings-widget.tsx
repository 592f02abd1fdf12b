import { useEffect, useRef, useState } from "react";
import { WIDGET_ERROR_TEXT, WIDGET_LOADING_TEXT } from "./listings-messages";
import { WIDGET_HEIGHT, WIDGET_TIMEOUT_MS } from "./listings-widget-settings";
import { loadRealtyVis } from "./realtyvis-script";

export { WIDGET_HEIGHT } from "./listings-widget-settings";

export type WidgetStatus = "loading" | "ready" | "error";

export interface ListingsWidgetProps {
  /** The fixed RealtyVis widget id (site.listings.widgetIds or an area's widgetId). */
  widgetId: string;
  /** Accessible name of the widget's region, e.g. "Edmonton listings". */
  label: string;
  /** Reserved height in pixels. */
  height?: number;
  className?: string;
}

/**
 * One embedded RealtyVis listings widget (spec §4): the server renders the box with the loading
 * text; in the browser the shared script is loaded (once per page view) and the widget element
 * is handed to `RealtyVis.init`, then the widget replaces the loading text, or the red error
 * box does when the script cannot be loaded.
 */
export function ListingsWidget({ widgetId, label, height = WIDGET_HEIGHT.search, className = "" }: ListingsWidgetProps) {
  const target = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<WidgetStatus>("loading");

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let active = true;
    let observer: MutationObserver | undefined;
    setStatus("loading");

    const timeout = window.setTimeout(() => {
      if (active && !element.hasChildNodes()) setStatus("error");
    }, WIDGET_TIMEOUT_MS);
    const markReady = () => {
      window.clearTimeout(timeout);
      observer?.disconnect();
      if (active) setStatus("ready");
    };

    loadRealtyVis()
      .then((api) => {
        if (!active) return;
        // The script renders the widgets present when it first loads; any widget mounted later
        // (a client-side navigation) is empty and must be initialised explicitly.
        if (!element.hasChildNodes()) api.init(element.parentElement ?? element);
        if (element.hasChildNodes()) return markReady();
        // Some widgets render after fetching their listings: wait for the first content.
        observer = new MutationObserver(() => {
          if (element.hasChildNodes()) markReady();
        });
        observer.observe(element, { childList: true });
      })
      .catch(() => {
        window.clearTimeout(timeout);
        if (active) setStatus("error");
      });

    return () => {
      active = false;
      window.clearTimeout(timeout);
      observer?.disconnect();
    };
  }, [widgetId]);

  return (
    <section
      aria-label={label}
      aria-busy={status === "loading"}
      data-widget-status={status}
      className={`relative overflow-y-auto rounded-lg border border-line bg-surface ${className}`}
      style={{ height }}
    >
      {/* The third-party script owns this element's content; React never renders into it. */}
      <div ref={target} id={widgetId} data-realtyvis-widget={widgetId} />
      {status === "loading" && (
        <p role="status" className="absolute inset-0 flex items-center justify-center p-6 text-center text-ink-muted">
          {WIDGET_LOADING_TEXT}
        </p>
      )}
      {status === "error" && (
        <div role="alert" className="absolute inset-x-4 top-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          {WIDGET_ERROR_TEXT}
        </div>
      )}
    </section>
  );
}
