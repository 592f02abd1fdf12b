import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { generateListings } from "../../../../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../../../../tests/fixtures/ddf/stand-in";
import { testDatabaseForThisFile, usingPostgres } from "../../../../tests/support/test-database";
import { JobRunner } from "../../../../platform/jobs/runner";
import { createDdfClient } from "./ddf-client.server";
import { DdfAuthError, DdfRateLimited, DdfUnavailable } from "./ddf-errors.server";
import { ListingsSyncJob, workerDelay } from "./sync-worker.server";
import { type SyncResult, nextSyncDelay } from "./sync.server";

// The worker's schedule (the delay after a run, success or failure) and its start and stop.

const t = testDatabaseForThisFile();
const schedule = { intervalMs: 900_000, backoffMaxMs: 3_600_000 };
const middle = () => 0.5; // no jitter
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

describe("nextSyncDelay", () => {
  it("waits the interval after a success, and 30 s doubling (capped) after failures", () => {
    expect(nextSyncDelay(0, null, schedule)).toBe(900_000);
    const unavailable = new DdfUnavailable(503, "");
    expect([1, 2, 3, 4].map((n) => nextSyncDelay(n, unavailable, { ...schedule, random: middle }))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(nextSyncDelay(20, unavailable, { ...schedule, random: middle })).toBe(3_600_000);
    // +-20 % jitter.
    expect(nextSyncDelay(1, unavailable, { ...schedule, random: () => 0 })).toBe(24_000);
    expect(nextSyncDelay(1, unavailable, { ...schedule, random: () => 1 })).toBe(36_000);
  });

  it("lets a 429's Retry-After win when it is longer than the backoff", () => {
    expect(nextSyncDelay(1, new DdfRateLimited(300_000), { ...schedule, random: middle })).toBe(300_000);
    expect(nextSyncDelay(3, new DdfRateLimited(5_000), { ...schedule, random: middle })).toBe(120_000);
    expect(nextSyncDelay(1, new DdfRateLimited(null), { ...schedule, random: middle })).toBe(30_000);
  });

  it("waits the longest when the credentials are refused", () => {
    expect(nextSyncDelay(1, new DdfAuthError("refused"), schedule)).toBe(3_600_000);
  });
});

describe("workerDelay", () => {
  const base: SyncResult = { ran: true, fetched: 0, upserted: 0, removed: 0, stored: 0, durationMs: 0, nextRunAt: null };
  it("sleeps until the recorded next run, never less than a second", () => {
    expect(workerDelay({ ...base, nextRunAt: new Date(1_000_000 + 600_000) }, 900_000, 1_000_000)).toBe(600_000);
    expect(workerDelay({ ...base, nextRunAt: new Date(0) }, 900_000, 1_000_000)).toBe(1_000);
    expect(workerDelay(base, 900_000)).toBe(900_000);
  });
  it("checks back when another server's lease ends, at most an interval later", () => {
    expect(workerDelay({ ...base, ran: false, skipped: "busy", nextRunAt: new Date(1_000_000 + 90_000) }, 900_000, 1_000_000)).toBe(90_000);
    expect(workerDelay({ ...base, ran: false, skipped: "busy", nextRunAt: new Date(1_000_000 + 9_000_000) }, 900_000, 1_000_000)).toBe(
      900_000,
    );
  });
});

describe(`ListingsSyncJob (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("syncs soon after start, logs one line per run, and stops cleanly", async () => {
    const standIn = await startDdfStandIn({ listings: generateListings(12, { seed: 4 }) });
    closers.push(() => standIn.close());
    const client = createDdfClient({
      tokenUrl: standIn.tokenUrl,
      apiUrl: standIn.apiUrl,
      clientId: "ddf-client",
      clientSecret: "ddf-secret",
    });
    const lines: string[] = [];
    const log = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const worker = new JobRunner({ db: t.db, log }).add(
      new ListingsSyncJob(t.db, client, { ...schedule, fullCheckMs: 6 * 3_600_000, startDelayMs: 10, log }),
    );
    worker.start();
    for (let i = 0; i < 200 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    await worker.stop(10_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[listings\] synced: 12 changed, 0 removed, 12 stored \(\d+\.\d s\)$/);
    const [row] = await t.db.rows<{ lease_owner: string | null; next_run_at: Date }>(
      sql`select lease_owner, next_run_at from listing_sync where id = 1`,
    );
    expect(row!.lease_owner).toBeNull();
    expect(row!.next_run_at.getTime()).toBeGreaterThan(Date.now() + 800_000);
  });

  it("logs a failure in one line, with the next try, and no stack", async () => {
    const standIn = await startDdfStandIn({ listings: generateListings(2, { seed: 4 }) });
    closers.push(() => standIn.close());
    standIn.setDown(503);
    const client = createDdfClient({
      tokenUrl: standIn.tokenUrl,
      apiUrl: standIn.apiUrl,
      clientId: "ddf-client",
      clientSecret: "ddf-secret",
    });
    const lines: unknown[][] = [];
    const log = {
      info: (...a: unknown[]) => lines.push(a),
      warn: (...a: unknown[]) => lines.push(a),
      error: (...a: unknown[]) => lines.push(a),
    };
    const worker = new ListingsSyncJob(t.db, client, { ...schedule, fullCheckMs: 6 * 3_600_000, log });
    const result = await worker.runOnce();
    expect(result?.error).toMatch(/HTTP 503/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    expect(String(lines[0]![0])).toMatch(/^\[listings\] sync failed .*next try in \d+ s\): the DDF feed is unavailable \(HTTP 503/);
  });

  it("stops at once when the feed never answers: the request is abandoned, the lease given back, no failure counted", async () => {
    let received = 0;
    const silent = createServer(() => {
      received += 1;
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closers.push(async () => {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    });
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    // The client's own timeout (30 s) is longer than any shutdown would wait.
    const client = createDdfClient({
      tokenUrl: `${origin}/connect/token`,
      apiUrl: `${origin}/odata/v1`,
      clientId: "ddf-client",
      clientSecret: "ddf-secret",
    });
    const lines: string[] = [];
    const log = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    const runner = new JobRunner({ db: t.db, log }).add(
      new ListingsSyncJob(t.db, client, { ...schedule, fullCheckMs: 6 * 3_600_000, startDelayMs: 0, log }),
    );
    runner.start();
    for (let i = 0; i < 400 && received === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(received).toBe(1);
    const [during] = await t.db.rows<{ lease_owner: string | null }>(sql`select lease_owner from listing_sync where id = 1`);
    expect(during!.lease_owner).not.toBeNull();

    const asked = performance.now();
    await runner.stop(10_000);
    expect(performance.now() - asked).toBeLessThan(2_000);
    const [row] = await t.db.rows<{
      lease_owner: string | null;
      consecutive_failures: number;
      last_error: string | null;
      next_run_at: Date;
    }>(sql`select lease_owner, consecutive_failures, last_error, next_run_at from listing_sync where id = 1`);
    // Recorded as stopped: due again at once, for whichever server is up next.
    expect(row).toMatchObject({ lease_owner: null, consecutive_failures: 0, last_error: null });
    expect(row!.next_run_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(lines).toEqual([]);
  });
});
