/**
 * Builds the inbox's service worker (app/lib/inbox-service-worker.ts), a TypeScript module
 * type-checked and linted like the rest, into one minified script with esbuild, and hands its
 * text to the server's code as a virtual module:
 *
 *   import { code } from "virtual:inbox-service-worker";
 *
 * The resource route /inbox/sw.js (app/routes/resources/inbox-sw.ts) answers with it. Only that
 * server-side loader imports it, so no browser bundle carries it and no public page grows: the
 * Account page registers the worker by its address.
 */
import type { Plugin } from "vite";
import { clientModulePlugin, compileClientModule } from "./compile-client-module";
import type { CompiledModule } from "./compile-client-module";

export const INBOX_SERVICE_WORKER_MODULE = "virtual:inbox-service-worker";
const WORKER_SOURCE = "app/lib/inbox-service-worker.ts";

/** Browsers with Web Push in a service worker: Chrome 50, Firefox 44, Safari 16 (16.4 on iOS). */
const WORKER_TARGET = ["chrome80", "edge80", "firefox78", "safari16"];

/** Compiles the worker (root: the project's directory). */
export function compileInboxServiceWorker(root: string): Promise<CompiledModule> {
  return compileClientModule(root, WORKER_SOURCE, WORKER_TARGET);
}

export function inboxServiceWorker(): Plugin {
  return clientModulePlugin(
    "inbox-service-worker",
    INBOX_SERVICE_WORKER_MODULE,
    compileInboxServiceWorker,
    ({ code }) => `export const code = ${JSON.stringify(code)};\n`,
  );
}
