/**
 * The public configuration (the third-party script URLs), read at build time by vite.config.ts
 * and vitest.config.ts, and at start-up by server/index.ts, from the one configuration schema. Defaults
 * come from the site config. The site's address is not part of it: a runtime setting (decision 032).
 */
import { site } from "./app/content/site";
import type { PublicConfig } from "./app/lib/public-config";
import { type Config, readConfig } from "./platform/config";

export function readPublicConfig(config: Config = readConfig()): PublicConfig {
  const formEmbedScriptUrl = config.FORM_EMBED_SCRIPT_URL ?? site.embeds.scriptUrl;
  return {
    listingsWidgetScriptUrl: config.LISTINGS_WIDGET_SCRIPT_URL ?? site.listings.scriptUrl,
    formEmbedScriptUrl,
    formEmbedOrigin: config.FORM_EMBED_ORIGIN ?? (config.FORM_EMBED_SCRIPT_URL ? new URL(formEmbedScriptUrl).origin : site.embeds.origin),
    mapStyleUrl: config.MAP_STYLE_URL ?? site.map.styleUrl,
  };
}
