import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { readConfig } from "./platform/config";
import { pageIndex } from "./app/content/pages";
import { readPublicConfig } from "./public-config";
import { hydrationLoader } from "./vite-plugins/hydration-loader";

// Unit and integration tests live beside the code as *.test.ts(x).
// The React Router plugin is left out on purpose: tests import modules directly. The
// deferred-hydration loader is compiled as for the build (vite-plugins/hydration-loader.ts).
export default defineConfig({
  plugins: [tsconfigPaths(), hydrationLoader()],
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig(readConfig({ SITE_URL: "https://www.averyhomes.example" }))),
    __BUILD_SCRIPT_MARKER__: JSON.stringify("test-build-marker"),
    __PAGE_INDEX__: JSON.stringify(pageIndex()),
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "platform/**/*.test.ts",
      "tests/fixtures/**/*.test.ts",
      "tests/*.test.ts",
      "tools/*.test.ts",
    ],
    environment: "node",
    // One migrated PGlite database per run, which each test file's database is copied from
    // (tests/support/test-database-template.ts).
    globalSetup: ["tests/support/test-database-template.ts"],
    // Vitest's default in a run is one worker fewer than the cores: a single worker on CI's two.
    // A test file spends much of its time waiting on PGlite's own thread or on PostgreSQL, so
    // one worker per core keeps both cores busy (each file has its own database either way).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
