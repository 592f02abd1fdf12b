import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import type { Database } from "../db.server";
import { backoffDelay } from "./backoff.server";
import { type Job, type JobContext, JobLeaseLost, JobRunner, JobStopped, busyPause } from "./runner.server";
import { takeLease } from "./lease.server";

// The one runner of the background jobs: the pause after a failure (backoff with jitter), wake,
// stop with a budget (the run's signal aborted, a hung run left behind), and the lease that keeps
// two servers from running one job at once.

const t = testDatabaseForThisFile();
const quiet = { info() {}, warn() {}, error() {} };
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

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A job name of its own per test: the lease rows are not emptied between tests. */
let jobCount = 0;
const uniqueName = (what: string) => `${what}-${process.pid}-${++jobCount}`;

function job(overrides: Partial<Job> & Pick<Job, "run">): Job {
  return { name: uniqueName("job"), intervalMs: 60_000, retry: { baseMs: 1_000, maxMs: 60_000 }, lease: "own", ...overrides };
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

describe("backoffDelay", () => {
  it("stays within 20 % of the doubled delay, capped, whatever the randomness", () => {
    for (let failures = 1; failures <= 12; failures++) {
      const exponential = Math.min(60_000, 1_000 * 2 ** (failures - 1));
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(failures, 1_000, 60_000);
        expect(d).toBeGreaterThanOrEqual(Math.floor(exponential * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(exponential * 1.2));
      }
    }
    // The jitter really spreads the delays.
    expect(new Set(Array.from({ length: 50 }, () => backoffDelay(3, 1_000, 60_000))).size).toBeGreaterThan(10);
  });
});

describe("JobRunner: failures, wake, stop", () => {
  it("backs a failing job off, doubling with jitter within bounds, and starts over after a success", async () => {
    const starts: number[] = [];
    const failuresSeen: number[] = [];
    const warnings: string[] = [];
    const runs = runner(undefined, { ...quiet, warn: (line: string) => warnings.push(line) });
    runs.add(
      job({
        name: "flaky",
        retry: { baseMs: 100, maxMs: 400 },
        intervalMs: 50,
        async run({ failures }: JobContext) {
          starts.push(performance.now());
          failuresSeen.push(failures);
          if (starts.length <= 5) throw new Error(`feed down (${starts.length})`);
        },
      }),
    );
    runs.start();
    await until(() => starts.length >= 7);
    await runs.stop(1_000);
    // Pauses after failures 1 to 5: 100, 200, then 400 ms (the cap), each +-20 %.
    const gaps = starts.slice(1, 6).map((s, i) => s - starts[i]!);
    [100, 200, 400, 400, 400].forEach((exponential, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(exponential * 0.8 - 2);
      expect(gaps[i]).toBeLessThanOrEqual(exponential * 1.2 + 150);
    });
    // Then the interval (50 ms) after the success, and the count starts again.
    expect(starts[6]! - starts[5]!).toBeLessThan(50 + 150);
    expect(failuresSeen.slice(0, 7)).toEqual([0, 1, 2, 3, 4, 5, 0]);
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toMatch(/^\[jobs\] flaky failed \(1 in a row\), next try in \d+ s: feed down \(1\)$/);
  });

  it("takes its jitter from the random source it is given", async () => {
    const starts: number[] = [];
    const runs = runner(undefined, quiet, () => 1);
    runs.add(
      job({
        retry: { baseMs: 100, maxMs: 1_000 },
        async run() {
          starts.push(performance.now());
          throw new Error("down");
        },
      }),
    );
    runs.start();
    await until(() => starts.length >= 3);
    await runs.stop(1_000);
    // random() = 1: the top of the band, 120 then 240 ms.
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(120 - 2);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(240 - 2);
  });

  it("runs a job at once when woken, and again straight after a run it was woken during", async () => {
    let runs = 0;
    const gate = { release: () => {} };
    const r = runner(undefined);
    const name = uniqueName("woken");
    r.add(
      job({
        name,
        intervalMs: 60_000,
        async run() {
          runs += 1;
          if (runs === 2) await new Promise<void>((resolve) => (gate.release = resolve));
        },
      }),
    );
    r.start();
    await until(() => runs === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    const woken = performance.now();
    expect(r.wake(name)).toBe(true);
    await until(() => runs === 2, 1_000);
    expect(performance.now() - woken).toBeLessThan(200);
    // Woken while running: one more run as soon as this one ends, not an interval later.
    r.wake(name);
    gate.release();
    await until(() => runs === 3, 1_000);
    expect(r.wake("no-such-job")).toBe(false);
  });

  it("on stop, aborts the signal of the run in flight, whose fetch to a server that never answers ends at once", async () => {
    const silent = await silentServer();
    const seen: { signal?: AbortSignal; outcome?: unknown } = {};
    const r = runner(undefined);
    r.add(
      job({
        async run({ signal }) {
          seen.signal = signal;
          seen.outcome = await fetch(silent.url, { signal }).then(
            () => "answered",
            (e: unknown) => e,
          );
        },
      }),
    );
    r.start();
    await until(() => silent.received() === 1);
    const asked = performance.now();
    await r.stop(5_000);
    expect(performance.now() - asked).toBeLessThan(1_000);
    expect(seen.signal!.aborted).toBe(true);
    expect(seen.signal!.reason).toBeInstanceOf(JobStopped);
    expect(seen.outcome).toBeInstanceOf(JobStopped);
  });

  it("returns within the budget when a run's I/O hangs and ignores the signal, and reports it", async () => {
    const silent = await silentServer();
    const warnings: string[] = [];
    const r = runner(undefined, { ...quiet, warn: (line: string) => warnings.push(line) });
    const name = uniqueName("hung");
    r.add(
      job({
        name,
        async run() {
          await fetch(silent.url).catch(() => undefined);
        },
      }),
    );
    r.start();
    await until(() => silent.received() === 1);
    const asked = performance.now();
    await r.stop(300);
    const took = performance.now() - asked;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_000);
    expect(warnings.join("\n")).toContain(`[jobs] ${name} still running 300 ms after the stop: left behind`);
  });

  it("starts nothing after stop, and a run cut short by it is not counted a failure", async () => {
    let runs = 0;
    const warnings: string[] = [];
    const r = runner(undefined, { ...quiet, warn: (line: string) => warnings.push(line) });
    r.add(
      job({
        intervalMs: 10,
        async run({ signal }) {
          runs += 1;
          await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
        },
      }),
    );
    r.start();
    await until(() => runs === 1);
    await r.stop(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    expect(warnings).toEqual([]);
  });
});

describe(`JobRunner: one lease per job (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("never runs one job on two runners sharing the database at once, and both take turns", async () => {
    const dbB: Database = usingPostgres ? await t.openAnother() : t.db;
    const name = uniqueName("exclusive");
    let active = 0;
    let most = 0;
    const byRunner = { a: 0, b: 0 };
    const sharedJob = (who: "a" | "b"): Job =>
      job({
        name,
        intervalMs: 5,
        lease: { ms: 2_000 },
        async run() {
          active += 1;
          most = Math.max(most, active);
          byRunner[who] += 1;
          await new Promise((resolve) => setTimeout(resolve, 15));
          active -= 1;
        },
      });
    const a = runner(t.db).add(sharedJob("a"));
    const b = runner(dbB).add(sharedJob("b"));
    a.start();
    b.start();
    await until(() => byRunner.a + byRunner.b >= 40 && byRunner.a > 0 && byRunner.b > 0, 20_000);
    await Promise.all([a.stop(2_000), b.stop(2_000)]);
    expect(most).toBe(1);
  });

  it("skips the run while another server holds the lease, and takes the job over when a dead server's lease runs out", async () => {
    const name = uniqueName("orphaned");
    // A server took the lease for 600 ms and died: it never renews nor gives it back.
    expect(await takeLease(t.db, name, "dead-server", 600)).toEqual({ held: true });
    const busy = await takeLease(t.db, name, "someone-else", 600);
    expect(busy.held).toBe(false);
    expect(!busy.held && busy.msLeft).toBeGreaterThan(400);

    let firstRunAt = 0;
    const started = performance.now();
    const r = runner(t.db);
    // Interval 300 ms: the runner looks again at most that often while the lease is held.
    r.add(
      job({
        name,
        intervalMs: 300,
        lease: { ms: 2_000 },
        async run() {
          firstRunAt ||= performance.now();
        },
      }),
    );
    r.start();
    await until(() => firstRunAt > 0, 5_000);
    expect(firstRunAt - started).toBeGreaterThanOrEqual(450);
    // Given back after the run: another server may take it at once.
    await r.stop(1_000);
    expect((await takeLease(t.db, name, "next-server", 1_000)).held).toBe(true);
  });

  it("keeps the lease while a long run lasts, and aborts the run when another server takes it over", async () => {
    const name = uniqueName("renewed");
    const seen: { signal?: AbortSignal } = {};
    const r = runner(t.db);
    r.add(
      job({
        name,
        lease: { ms: 600 },
        async run(context) {
          seen.signal = context.signal;
          await new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason)));
        },
      }),
    );
    r.start();
    await until(() => seen.signal !== undefined);
    // Three lease lengths later the run still holds it: renewed every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect(seen.signal!.aborted).toBe(false);
    expect((await takeLease(t.db, name, "intruder", 600)).held).toBe(false);
    // Another server takes the row over (as it would after this one failed to renew in time).
    await t.db.rows(sql`update job_leases set lease_owner = 'intruder', lease_until = now() + interval '1 minute' where name = ${name}`);
    await until(() => seen.signal!.aborted, 2_000);
    expect(seen.signal!.reason).toBeInstanceOf(JobLeaseLost);
  });

  it("looks again when the other server's lease ends: at least a second, at most an interval later", () => {
    expect(busyPause(90_000, 900_000)).toBe(90_000);
    expect(busyPause(0, 900_000)).toBe(1_000);
    expect(busyPause(9_000_000, 900_000)).toBe(900_000);
  });
});
