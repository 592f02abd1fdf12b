import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { readConfig } from "./platform/config";
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
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
