/**
 * What the Express server passes to every loader and action (server.ts getLoadContext).
 */
declare module "react-router" {
  interface AppLoadContext {
    /** Nonce of this response's Content-Security-Policy; absent while prerendering. */
    cspNonce?: string;
  }
}

export {};
