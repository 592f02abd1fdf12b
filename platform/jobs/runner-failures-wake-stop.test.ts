import { describe, expect, it } from "vitest";
import { type JobContext, JobStopped } from "./runner";
import { job, jobRunnerTestKit, quiet, uniqueName, until } from "../../tests/support/job-runner";

// The one runner of the background jobs, without a database: the pause after a failure (backoff
// with jitter), wake, and stop with a budget (the run's signal aborted, a hung run left behind).

const { runner, silentServer } = jobRunnerTestKit();

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
