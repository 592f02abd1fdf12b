/**
 * The compiled inbox service worker, served by the inbox-service-worker Vite plugin
 * (vite-plugins/inbox-service-worker.ts) from app/lib/inbox-service-worker.ts.
 */
declare module "virtual:inbox-service-worker" {
  /** The worker's minified text, what /inbox/sw.js answers. */
  export const code: string;
}
