import { useEffect } from "react";
import { publicConfig } from "~/lib/public-config";

export interface FormEmbedProps {
  /** URL of the third-party form, served from the form-embed host. */
  src: string;
  /** Fixed height in pixels (spec §9: 720, 781 or 584). */
  height: number;
  /** Accessible title of the frame. */
  title: string;
  id?: string;
}

/**
 * A third-party form (valuation, instant updates, buyer search, message) in a lazily loaded
 * iframe of fixed height, so nothing below it moves. The form-embed script, which resizes
 * and tracks the embeds, is loaded once per page view and never blocks rendering.
 */
export function FormEmbed({ src, height, title, id }: FormEmbedProps) {
  useEffect(() => {
    loadFormEmbedScript();
  }, []);
  return (
    <div className="w-full overflow-hidden rounded-lg border border-line bg-surface" style={{ height }}>
      <iframe id={id} src={src} title={title} loading="lazy" height={height} className="block h-full w-full border-0" style={{ height }} />
    </div>
  );
}

let formEmbedScript: Promise<void> | undefined;

/** Adds the form-embed script to the page once; later calls reuse the same promise. */
export function loadFormEmbedScript(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  formEmbedScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = publicConfig.formEmbedScriptUrl;
    script.async = true;
    script.dataset.formEmbed = "true";
    script.onload = () => resolve();
    script.onerror = () => {
      formEmbedScript = undefined;
      reject(new Error("form embed script failed to load"));
    };
    document.body.appendChild(script);
  }).catch(() => undefined);
  return formEmbedScript;
}
