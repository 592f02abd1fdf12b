/**
 * Reads the public configuration from the environment at build time (vite.config.ts and
 * vitest.config.ts use it). Defaults come from the site config.
 */
import { site } from "./app/content/site";
import type { PublicConfig } from "./app/lib/public-config";

export function readPublicConfig(env: NodeJS.ProcessEnv = process.env): PublicConfig {
  const formEmbedScriptUrl = env.FORM_EMBED_SCRIPT_URL || site.embeds.scriptUrl;
  return {
    siteUrl: env.SITE_URL || `http://localhost:${env.PORT || 3000}`,
    listingsWidgetScriptUrl: env.LISTINGS_WIDGET_SCRIPT_URL || site.listings.scriptUrl,
    formEmbedScriptUrl,
    formEmbedOrigin: env.FORM_EMBED_ORIGIN || (env.FORM_EMBED_SCRIPT_URL ? new URL(formEmbedScriptUrl).origin : site.embeds.origin),
  };
}
