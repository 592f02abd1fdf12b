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
import { build } from "esbuild";
import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";

export const HYDRATION_LOADER_MODULE = "virtual:deferred-hydration-loader";
const RESOLVED_ID = `\0${HYDRATION_LOADER_MODULE}`;
const LOADER_SOURCE = "app/lib/html/deferred-hydration.client.ts";

/**
 * The browsers the loader is compiled for. Older than the browser bundle's (Vite's default,
 * Chrome 107 / Safari 16): a browser too old for the page's modules still starts the form
 * frames and the secondary images, which only the loader does.
 */
const LOADER_TARGET = ["chrome61", "edge79", "firefox60", "safari11"];

export interface CompiledLoader {
  /** The loader's minified text, an inline classic script. */
  code: string;
  /** Its CSP source: `'sha256-…'` of the text as UTF-8. */
  hash: string;
  /** The files it was built from, to rebuild when one changes. */
  inputs: string[];
}

/** Compiles the loader (root: the project's directory). */
export async function compileHydrationLoader(root: string): Promise<CompiledLoader> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [LOADER_SOURCE],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: LOADER_TARGET,
    minify: true,
    legalComments: "none",
    charset: "ascii",
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output || result.outputFiles.length !== 1) throw new Error(`${LOADER_SOURCE}: expected one output file from esbuild`);
  const code = output.text.trim();
  // Inside <script>…</script> in the page's HTML: nothing may end or confuse the element.
  if (/<\/script|<!--|<script/i.test(code)) throw new Error(`${LOADER_SOURCE}: the compiled loader contains "</script", "<script" or "<!--"; it cannot be inlined as it is`);
  return {
    code,
    hash: `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`,
    inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)),
  };
}

export function hydrationLoader(): Plugin {
  let root = process.cwd();
  /** The files the last compilation read: a change to one of them recompiles it (dev server, Vitest). */
  let inputs = new Set<string>();
  return {
    name: "deferred-hydration-loader",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.watcher.on("change", (file) => {
        if (!inputs.has(path.resolve(file))) return;
        for (const environment of Object.values(server.environments)) {
          const loader = environment.moduleGraph.getModuleById(RESOLVED_ID);
          if (loader) environment.moduleGraph.invalidateModule(loader);
        }
      });
    },
    resolveId(id) {
      return id === HYDRATION_LOADER_MODULE ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const compiled = await compileHydrationLoader(root);
      inputs = new Set(compiled.inputs);
      for (const input of compiled.inputs) this.addWatchFile(input);
      return `export const code = ${JSON.stringify(compiled.code)};\nexport const hash = ${JSON.stringify(compiled.hash)};\n`;
    },
  };
}
