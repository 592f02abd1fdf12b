/**
 * Public configuration baked into the build (client bundle and prerendered HTML alike).
 * `npm start` builds and then serves, so these follow the environment of that command.
 * See vite.config.ts for the variables and their defaults. The site's address (SITE_URL) is not
 * among them: it is read when the server starts (app/lib/site-url.ts, decision 032).
 */
export interface PublicConfig {
  /** LISTINGS_WIDGET_SCRIPT_URL: the RealtyVis embed script. */
  listingsWidgetScriptUrl: string;
  /** FORM_EMBED_SCRIPT_URL: the third-party form-embed script. */
  formEmbedScriptUrl: string;
  /** FORM_EMBED_ORIGIN: where the embedded forms are served from (frame-src). */
  formEmbedOrigin: string;
  /** MAP_STYLE_URL: the map's style (MapLibre style JSON), whose host serves its tiles, sprites and glyphs. */
  mapStyleUrl: string;
}

declare const __PUBLIC_CONFIG__: PublicConfig;

export const publicConfig: PublicConfig = __PUBLIC_CONFIG__;
