import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { randomBytes } from "node:crypto";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { pageIndex } from "./app/content/pages";
import { readPublicConfig } from "./public-config";
import { clientChunks } from "./vite-plugins/client-chunks";
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
    // What the pages need of the page catalogue (app/content/page-index.ts), not the catalogue itself.
    __PAGE_INDEX__: JSON.stringify(pageIndex()),
  },
  // The browser's scripts in a few kinds of chunk (decisions 027 and 061): React and React Router;
  // the shell (what the root imports and what many kinds of page share); shared chunks merged while
  // the pages loading them save more in headers than they pay in bytes; each route's own code.
  // Left to itself, Rollup cut the shared code into dozens of chunks of a few hundred bytes, one
  // per set of routes using them: an article loaded 37 files, each with ~340 bytes of headers.
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: clientChunks() } } },
  // hydrationLoader: the deferred-hydration loader, compiled for the pages (decision 033);
  // inboxServiceWorker: /inbox/sw.js, compiled for its resource route.
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), hydrationLoader(), inboxServiceWorker()],
}));
