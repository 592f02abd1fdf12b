import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { randomBytes } from "node:crypto";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { readPublicConfig } from "./public-config";
import { hydrationLoader } from "./vite-plugins/hydration-loader";
import { inboxServiceWorker } from "./vite-plugins/inbox-service-worker";

/** Made once per build process: the server bundle and the pages it prerenders share it. */
const BUILD_SCRIPT_MARKER = randomBytes(18).toString("base64url");

export default defineConfig(({ isSsrBuild }) => ({
  define: {
    // Public configuration is fixed at build time: see app/lib/public-config.ts.
    __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig()),
    // The marker of the prerendered pages' own scripts, new for each build (app/entry.server.tsx).
    __BUILD_SCRIPT_MARKER__: JSON.stringify(BUILD_SCRIPT_MARKER),
  },
  // The browser's scripts in three kinds of chunk (decision 027): React and React Router; the
  // shell (what the root imports and what many pages share); and Rollup's own split of the rest.
  // Left to itself, Rollup cut the shared code into dozens of chunks of a few hundred bytes, one
  // per set of routes using them: an article loaded 37 files, each with ~340 bytes of headers.
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunk } } },
  // hydrationLoader: the deferred-hydration loader, compiled for the pages (decision 033);
  // inboxServiceWorker: /inbox/sw.js, compiled for its resource route.
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), hydrationLoader(), inboxServiceWorker()],
}));

// React DOM is not in it: it stays in the entry chunk, which the page imports with import() once
// the routes are evaluated, so evaluating React DOM is a task of its own, not part of theirs.
const FRAMEWORK = /\/node_modules\/(react|react-router)\//;
const ROOT_ROUTE = /\/app\/root\.tsx$/;
const ROUTE = /\/app\/routes\//;
/** How React Router names a route module it builds as an entry of the browser bundle. */
const ROUTE_ENTRY = /\?__react-router-build-client-route$/;
/**
 * A module at least this many route modules import joins the shell: the twelve articles' layout,
 * the page header, the formatters. Chosen by measuring every key page's script (decision 027): at
 * 13 an article still loaded 17 files; at 7 the pages that are not articles carried a kilobyte
 * more than at 10. What joins the shell runs on every page, so it must not do work when it loads
 * (the formatters build their Intl objects on first use).
 */
const SHELL_MIN_ROUTES = 10;

interface ChunkMeta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

let shell: Set<string> | undefined;

function clientChunk(id: string, meta: ChunkMeta): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  shell ??= shellModules(meta);
  return shell.has(id) ? "shell" : undefined;
}

/** What the root reaches through static imports, and what SHELL_MIN_ROUTES routes do. */
function shellModules({ getModuleIds, getModuleInfo }: ChunkMeta): Set<string> {
  // Static imports only: what a route loads with import() stays lazy.
  const reach = (from: string): Set<string> => {
    const reached = new Set<string>();
    const pending = [from];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (reached.has(id) || FRAMEWORK.test(id)) continue;
      reached.add(id);
      pending.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return reached;
  };
  const ids = [...getModuleIds()];
  const shell = new Set(ids.filter((id) => ROOT_ROUTE.test(id)).flatMap((id) => [...reach(id)]));
  const routes = ids.filter((id) => ROUTE_ENTRY.test(id));
  if (routes.length === 0) throw new Error("vite.config.ts: no route modules matched ROUTE_ENTRY; React Router renamed them, update it.");
  const routesUsing = new Map<string, number>();
  for (const route of routes) {
    for (const id of reach(route)) routesUsing.set(id, (routesUsing.get(id) ?? 0) + 1);
  }
  for (const [id, count] of routesUsing) if (count >= SHELL_MIN_ROUTES && !ROUTE.test(id)) shell.add(id);
  return shell;
}
