/**
 * Test support (not a test) shared by the job runner tests (runner-failures-wake-stop.test.ts and
 * runner-lease.test.ts): jobs with names of their own, runners and local servers that are
 * stopped after each test whatever happens, and waiting for a condition.
 */
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { Database } from "../../platform/db/database";
import { type Job, JobRunner } from "../../platform/jobs/runner";

export const quiet = { info() {}, warn() {}, error() {} };

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A job name of its own per test: the lease rows are not emptied between tests. */
let jobCount = 0;
export const uniqueName = (what: string) => `${what}-${process.pid}-${++jobCount}`;

export function job(overrides: Partial<Job> & Pick<Job, "run">): Job {
  return { name: uniqueName("job"), intervalMs: 60_000, retry: { baseMs: 1_000, maxMs: 60_000 }, lease: "own", ...overrides };
}

/** For a test file, at its top: what its tests start (runners, servers) is stopped after each test. */
export function jobRunnerTestKit() {
  let cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const clean of cleanups.reverse()) await clean();
    cleanups = [];
  });

  /** A runner stopped after the test whatever happens. */
  function runner(db: Database | undefined, log: Pick<Console, "info" | "warn" | "error"> = quiet, random?: () => number): JobRunner {
    const r = new JobRunner({ db, log, random });
    cleanups.push(() => r.stop(2_000));
    return r;
  }

  /** A local HTTP server that accepts requests and never answers them. */
  async function silentServer(): Promise<{ url: string; received: () => number }> {
    let received = 0;
    const server: Server = createServer(() => {
      received += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received: () => received };
  }

  return { runner, silentServer };
}
