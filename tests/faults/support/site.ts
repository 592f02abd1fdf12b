/**
 * The production server as a real child process, compiled as `npm start` runs it
 * (`node build-faults/server.js`, NODE_ENV=production), on loopback, with settings that make
 * faults quick to observe (TEST_ONLY, decision 052):
 * the outbox polls every 200 ms, retries after 200 ms to 1 s, and takes over a dead process's
 * claim after 3 s.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { HOST } from "./ports";
import { buildDir, repoRoot } from "./paths";
import { track } from "./children";
import { SERVER_NODE_OPTIONS } from "../../../server/node-options";
import { type TestOnlySettings, testOnlyValue } from "../../../platform/config";

export interface SiteOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  env?: Record<string, string>;
  /** TEST_ONLY settings over the suite's own below (and over a TEST_ONLY in `env`). */
  testOnly?: TestOnlySettings;
}

/** The suite's clocks: faults show in seconds. */
const SUITE_TEST_ONLY: TestOnlySettings = {
  // The suites claim a client address per submission (X-Forwarded-For); this only caps a runaway.
  formRateLimitMax: 1000,
  outboxPollMs: 200,
  outboxBackoffBaseMs: 200,
  outboxBackoffMaxMs: 1000,
  outboxLeaseMs: 3000,
  shutdownGraceMs: 5000,
};

export interface SiteProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then the exit status. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: a crash, nothing cleaned up. */
  kill(): Promise<void>;
}

export function siteEnv(options: SiteOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: "production",
    HOST,
    PORT: String(options.port),
    BUILD_DIR: buildDir,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SMTP_URL: options.smtpUrl ?? "",
    TRUST_PROXY: "loopback",
    // The suites count the agent's notification of each submission, one mail each; the visitor's
    // acknowledgement would be a second mail per submission (its queueing is proven by
    // app/lib/server/leads/follow-ups.server.test.ts, its delivery is the same outbox's).
    ACKNOWLEDGE_SUBMISSIONS: "off",
    // No scheduled backup or health alert in the middle of a fault (a full or read-only DATA_DIR,
    // mails counted one per submission); backup-restore.test.ts drives the backups itself.
    BACKUP_WORKER: "off",
    HEALTH_ALERTS: "off",
    ...options.env,
    TEST_ONLY: testOnlyValue(SUITE_TEST_ONLY, options.env?.TEST_ONLY, options.testOnly),
  };
}

/** Starts the server; does not wait for it (see `waitHealthy`). */
export function spawnSite(options: SiteOptions): SiteProcess {
  const child = track(
    spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(buildDir, "server.js")], {
      cwd: repoRoot,
      env: siteEnv(options),
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    origin: `http://${HOST}:${options.port}`,
    child,
    output: () => log,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Waits until /healthz answers 200; fails with the server's output if it exits or takes too long. */
export async function waitHealthy(site: SiteProcess, timeoutMs = 60_000): Promise<SiteProcess> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (site.child.exitCode !== null || site.child.signalCode !== null) throw new Error(`server exited early:\n${site.output()}`);
    try {
      const res = await fetch(`${site.origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return site;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${site.output()}`);
}

export async function startSite(options: SiteOptions): Promise<SiteProcess> {
  return waitHealthy(spawnSite(options));
}

export interface Health {
  ok: boolean;
  notifications?: { pending: number; sending: number; sent: number; failed: number };
}

export async function health(origin: string): Promise<Health | null> {
  try {
    const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
    return (await res.json()) as Health;
  } catch {
    return null;
  }
}

/** Polls `check` until it returns true or `timeoutMs` passes; returns whether it did. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
