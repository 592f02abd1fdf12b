/**
 * Builds the deferred-hydration loader (decision 033). The loader is a TypeScript module,
 * app/lib/html/deferred-hydration.client.ts, type-checked and linted like the rest; every page
 * carries it as an inline classic script (decision 002 says why inline). This plugin bundles it
 * with esbuild into one minified script and hands the server's code its text and the text's
 * Content-Security-Policy hash as a virtual module:
 *
 *   import { code, hash } from "virtual:deferred-hydration-loader";
 *
 * `code` is what deferHydration (app/lib/html/deferred-hydration.ts) writes between <script> and
 * </script>; `hash` is its `'sha256-…'` source, the one a prerendered page's policy allows it by
 * (server/security-headers.ts hashes each page's inline scripts, so it always agrees; the
 * end-to-end suite checks that it does). The vitest configuration uses the same plugin, so the unit
 * tests see the loader the build ships.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { clientModulePlugin, compileClientModule } from "./compile-client-module";
import type { CompiledModule } from "./compile-client-module";

export const HYDRATION_LOADER_MODULE = "virtual:deferred-hydration-loader";
const LOADER_SOURCE = "app/lib/html/deferred-hydration.client.ts";

/**
 * The browsers the loader is compiled for. Older than the browser bundle's (Vite's default,
 * Chrome 107 / Safari 16): a browser too old for the page's modules still starts the form
 * frames and the secondary images, which only the loader does.
 */
const LOADER_TARGET = ["chrome61", "edge79", "firefox60", "safari11"];

export interface CompiledLoader extends CompiledModule {
  /** Its CSP source: `'sha256-…'` of the text as UTF-8. */
  hash: string;
}

/** Compiles the loader (root: the project's directory). */
export async function compileHydrationLoader(root: string): Promise<CompiledLoader> {
  const compiled = await compileClientModule(root, LOADER_SOURCE, LOADER_TARGET);
  const code = compiled.code.trim();
  // Inside <script>…</script> in the page's HTML: nothing may end or confuse the element.
  if (/<\/script|<!--|<script/i.test(code))
    throw new Error(`${LOADER_SOURCE}: the compiled loader contains "</script", "<script" or "<!--"; it cannot be inlined as it is`);
  return { code, hash: `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`, inputs: compiled.inputs };
}

export function hydrationLoader(): Plugin {
  return clientModulePlugin(
    "deferred-hydration-loader",
    HYDRATION_LOADER_MODULE,
    compileHydrationLoader,
    ({ code, hash }) => `export const code = ${JSON.stringify(code)};\nexport const hash = ${JSON.stringify(hash)};\n`,
  );
}
