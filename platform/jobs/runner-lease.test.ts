import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForThisFile, usingPostgres } from "../../tests/support/test-database";
import type { Database } from "../db/database";
import { select } from "../db/query";
import { jobLeases } from "../../db/schema";
import { type Job, JobLeaseLost, busyPause } from "./runner";
import { takeLease } from "./lease";
import { job, jobRunnerTestKit, uniqueName, until } from "../../tests/support/job-runner";

// The lease that keeps two servers from running one job of the job runner at once.

const t = testDatabaseForThisFile();
const { runner } = jobRunnerTestKit();

describe(`JobRunner: one lease per job (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  /** One job on two runners sharing the database (two servers), started, counting its runs on each and the most at once. */
  async function onTwoRunners(what: string, lease: Job["lease"]) {
    const dbB: Database = usingPostgres ? await t.openAnother() : t.db;
    const name = uniqueName(what);
    const runs = { a: 0, b: 0, active: 0, most: 0 };
    const counted = (who: "a" | "b"): Job =>
      job({
        name,
        intervalMs: 5,
        lease,
        async run() {
          runs.active += 1;
          runs.most = Math.max(runs.most, runs.active);
          runs[who] += 1;
          await new Promise((resolve) => setTimeout(resolve, 15));
          runs.active -= 1;
        },
      });
    const a = runner(t.db).add(counted("a"));
    const b = runner(dbB).add(counted("b"));
    a.start();
    b.start();
    return { name, runs, stop: () => Promise.all([a.stop(2_000), b.stop(2_000)]) };
  }

  it("never runs one job on two runners sharing the database at once, and both take turns", async () => {
    const { runs, stop } = await onTwoRunners("exclusive", { ms: 2_000 });
    await until(() => runs.a + runs.b >= 40 && runs.a > 0 && runs.b > 0, 20_000);
    await stop();
    expect(runs.most).toBe(1);
  });

  it("runs a job of each server on every runner at once, with no lease taken", async () => {
    const { name, runs, stop } = await onTwoRunners("each-server", "each server");
    await until(() => runs.a >= 10 && runs.b >= 10, 20_000);
    await stop();
    expect(runs.most).toBe(2);
    const [row] = await select(t.db.rows, { n: sql<number>`count(*)::int` }, sql`from ${jobLeases} where ${jobLeases.name} = ${name}`);
    expect(row!.n).toBe(0);
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
