/**
 * The compiled deferred-hydration loader, served by the hydration-loader Vite plugin
 * (vite-plugins/hydration-loader.ts) from app/lib/html/deferred-hydration.client.ts.
 */
declare module "virtual:deferred-hydration-loader" {
  /** The loader's minified text, written inline into every page. */
  export const code: string;
  /** Its Content-Security-Policy source, `'sha256-…'`. */
  export const hash: string;
}
