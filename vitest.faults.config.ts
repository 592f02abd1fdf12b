import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * npm run test:faults: crash, outage, shutdown, start-up and bad-input tests against the real
 * production server (child processes of a production build), a real SMTP server and, for the
 * PostgreSQL scenarios, a PostgreSQL server the suite starts itself. Loopback only.
 * One file at a time: they are heavy, and the machine has two cores.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/faults/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
