import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURE_MEMBER_KEY } from "./tests/fixtures/ddf/listings";
import { testOnlyValue } from "./platform/config";

/**
 * End-to-end tests run in Debian's Chromium against the production server, built with the
 * e2e public configuration: the listings script and the form embeds point at the local
 * stand-ins of tests/fixtures (loaded exactly the way production loads the real ones).
 *
 * E2E_PORT (default 3100) and E2E_FIXTURE_PORT (default 3199) let several runs share a machine.
 * A second server of the same build, on E2E_PORT + 2 with its own data folder, has the DDF®
 * listings feed switched on against the fixtures' stand-in (tests/e2e/listings-feed.spec.ts):
 * the feed changes what the area pages serve, so the main server stays without it.
 */
const port = Number(process.env.E2E_PORT || 3100);
const fixturePort = Number(process.env.E2E_FIXTURE_PORT || 3199);
const baseURL = `http://localhost:${port}`;
const fixtureOrigin = `http://127.0.0.1:${fixturePort}`;
// A fresh database and mail folder for every run; tests read mail from E2E_DATA_DIR/mail.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), "agent-site-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_FIXTURE_ORIGIN = fixtureOrigin;
// The fixtures' Web Push stand-in (tests/fixtures/push-handler.ts at /push/): the inbox-push spec's browser subscribes there.
process.env.PUSH_STANDIN_ORIGIN = fixtureOrigin;
const buildDir = `build-e2e-${port}`;
process.env.E2E_BUILD_DIR = buildDir;

export const e2eEnv = {
  SITE_URL: baseURL,
  PORT: String(port),
  BUILD_DIR: buildDir,
  DATA_DIR: dataDir,
  LISTINGS_WIDGET_SCRIPT_URL: `${fixtureOrigin}/realtyvis/js/embed.js`,
  FORM_EMBED_SCRIPT_URL: `${fixtureOrigin}/forms/js/form_embed.js`,
  FORM_EMBED_ORIGIN: fixtureOrigin,
  // The map host's stand-in: a style and vector tiles made from the fixture listings (issue 45).
  MAP_STYLE_URL: `${fixtureOrigin}/map/style.json`,
  E2E_FIXTURE_ORIGIN: fixtureOrigin,
  // The form rate limit counts per client IP; every test claims its own through X-Forwarded-For
  // (trusted from loopback only), so one test using up its quota never blocks another.
  TRUST_PROXY: "loopback",
  // The push stand-in is on loopback over plain http: a test-only switch (decision 052).
  TEST_ONLY: testOnlyValue({ pushLocalHosts: [new URL(fixtureOrigin).host] }),
  // No scheduled backup or health alert in the shared servers: their mail and pushes are counted by
  // the specs. Backups and alerts have tests of their own (platform/backup, app/lib/server/health).
  BACKUP_WORKER: "off",
  HEALTH_ALERTS: "off",
};

const feedPort = port + 2;
const feedDataDir = process.env.E2E_FEED_DATA_DIR || mkdtempSync(path.join(tmpdir(), "agent-site-e2e-feed-"));
process.env.E2E_FEED_DATA_DIR = feedDataDir;
process.env.E2E_FEED_BASE_URL = `http://localhost:${feedPort}`;

/** The feed server: the same build and public configuration (SITE_URL included), another port and database. */
export const e2eFeedEnv = {
  ...e2eEnv,
  PORT: String(feedPort),
  DATA_DIR: feedDataDir,
  DDF_CLIENT_ID: "e2e-ddf-client",
  DDF_CLIENT_SECRET: "e2e-ddf-secret",
  DDF_MEMBER_KEY: FIXTURE_MEMBER_KEY,
  // The stand-in's photos are on loopback: its host allowed by name, as an operator would.
  DDF_MEDIA_HOSTS: new URL(fixtureOrigin).host,
  // Its endpoints, and its photos over plain HTTP: test-only switches (decision 052).
  TEST_ONLY: testOnlyValue(e2eEnv.TEST_ONLY, {
    ddfTokenUrl: `${fixtureOrigin}/ddf/connect/token`,
    ddfApiUrl: `${fixtureOrigin}/ddf/odata/v1`,
    mediaHttp: true,
  }),
  // The City's assessment roll (issue 42), from the fixture server's stand-in.
  ASSESSMENTS: "on",
  ASSESSMENTS_URL: `${fixtureOrigin}/city`,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // In CI a failed test runs once more and is reported "flaky" if it then passes, so one timing
  // loss on a busy machine does not stop a submission. (The race that brought this in, a price
  // typed into the calculator before hydration and then reset by it, is fixed in the calculator,
  // and the early-taps spec now types before hydration on purpose in its first try.)
  // Locally nothing is retried, so a flaky test shows as a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `npx tsx tests/fixtures/server.ts`,
      url: `${fixtureOrigin}/healthz`,
      env: { ...e2eEnv, PORT: String(fixturePort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The server's output is kept in DATA_DIR/server.log: the inbox spec reads the set-up link from it.
      command: `npm run build > /dev/null && npm run serve 2>&1 | tee "${path.join(dataDir, "server.log")}"`,
      url: `${baseURL}/healthz`,
      env: e2eEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
    },
    {
      // Started after the server above, whose command builds: this one only serves that build.
      command: `npm run serve > "${path.join(feedDataDir, "server.log")}" 2>&1`,
      url: `http://localhost:${feedPort}/healthz`,
      env: e2eFeedEnv,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
