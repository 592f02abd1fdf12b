/**
 * The one build step behind the plugins that ship a TypeScript module of app/ to browsers as a
 * script of its own (the deferred-hydration loader, the inbox's service worker): esbuild bundles it
 * into one minified classic script, and a virtual module hands its text to the server's code,
 * rebuilt when a file it was built from changes.
 */
import { build } from "esbuild";
import path from "node:path";
import type { Plugin } from "vite";

export interface CompiledModule {
  /** The minified text, a classic script. */
  code: string;
  /** The files it was built from, to rebuild when one changes. */
  inputs: string[];
}

/** Compiles source (a path from root, the project's directory) for the browsers of target. */
export async function compileClientModule(root: string, source: string, target: string[]): Promise<CompiledModule> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [source],
    bundle: true,
    write: false,
    // Classic, not an ES module: an inline script runs before any module, and module service workers are not in every browser the inbox runs in.
    format: "iife",
    platform: "browser",
    target,
    minify: true,
    legalComments: "none",
    charset: "ascii",
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output || result.outputFiles.length !== 1) throw new Error(`${source}: expected one output file from esbuild`);
  return { code: output.text, inputs: Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)) };
}

/**
 * A plugin answering `import … from moduleId` with moduleText of what compile gives; a change to a
 * file the last compilation read invalidates the module (dev server, Vitest).
 */
export function clientModulePlugin<T extends CompiledModule>(
  name: string,
  moduleId: string,
  compile: (root: string) => Promise<T>,
  moduleText: (compiled: T) => string,
): Plugin {
  const resolvedId = `\0${moduleId}`;
  let root = process.cwd();
  let inputs = new Set<string>();
  return {
    name,
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.watcher.on("change", (file) => {
        if (!inputs.has(path.resolve(file))) return;
        for (const environment of Object.values(server.environments)) {
          const compiled = environment.moduleGraph.getModuleById(resolvedId);
          if (compiled) environment.moduleGraph.invalidateModule(compiled);
        }
      });
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const compiled = await compile(root);
      inputs = new Set(compiled.inputs);
      for (const input of compiled.inputs) this.addWatchFile(input);
      return moduleText(compiled);
    },
  };
}
