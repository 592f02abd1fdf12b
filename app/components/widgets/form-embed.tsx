import { useEffect, useRef } from "react";
import { site } from "~/content/site";
import { DEFERRED_SRC } from "~/lib/html/deferred-hydration-contract";
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
 * iframe of fixed height, so nothing below it moves. The frame starts after the page's first
 * paint (its address waits in `data-deferred-src` for the page's loader,
 * deferred-hydration.client.ts), so the form host does not delay the page's own text on a slow
 * phone. Without JavaScript the same frame comes from the `<noscript>`, and app.css hides the
 * empty one. The form-embed script, which resizes and tracks the embeds, is loaded once per page
 * view and never blocks rendering.
 */
export function FormEmbed({ src, height, title, id }: FormEmbedProps) {
  const address = formEmbedSrc(src);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    // After a client-side navigation there is no loader to start the frame: start it here.
    if (frame.current && !frame.current.getAttribute("src")) frame.current.src = address;
    void loadFormEmbedScript();
  }, [address]);
  const frameProps = { title, loading: "lazy", height, className: "block h-full w-full border-0", style: { height } } as const;
  return (
    <div className="w-full overflow-hidden rounded-lg border border-line bg-surface" style={{ height }}>
      <iframe ref={frame} id={id} {...{ [DEFERRED_SRC]: address }} data-form-embed-frame="" {...frameProps} />
      <noscript>
        <iframe src={address} {...frameProps} />
      </noscript>
    </div>
  );
}

/**
 * The forms are addressed in site.ts on the production form host; when FORM_EMBED_ORIGIN points
 * elsewhere (a staging host, the end-to-end stand-in) the same form path is served from there.
 */
export function formEmbedSrc(src: string, origin: string = publicConfig.formEmbedOrigin): string {
  if (!src.startsWith(`${site.embeds.origin}/`)) return src;
  return origin.replace(/\/+$/, "") + src.slice(site.embeds.origin.length);
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
      // Let a later embed try again; the frames themselves still show their forms.
      formEmbedScript = undefined;
      script.remove();
      reject(new Error("form embed script failed to load"));
    };
    document.body.appendChild(script);
  }).catch(() => undefined);
  return formEmbedScript;
}
