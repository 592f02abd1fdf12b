/**
 * The daily backup's schedule, with a clock the test controls: due at 3:00 Edmonton time (after a
 * missed 3:00 at once), once a day, and through the runner's lease only one of two servers runs it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { lastWallClock } from "../../working-hours";
import { BackupJob } from "./backup-job.server";
import { listBackups } from "../../../../platform/backup/manifest";

const t = testDatabaseForThisFile();
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "backup-job-test-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const signal = new AbortController().signal;

describe("the daily backup job", { timeout: 120_000 }, () => {
  it("finds the last 3:00 in Edmonton across the daylight-saving change", () => {
    // Sunday Nov 1, 2026: 3:00 MST is 10:00Z (the day before, 3:00 MDT was 09:00Z).
    expect(lastWallClock(new Date("2026-11-01T12:00:00Z"), "03:00").toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(lastWallClock(new Date("2026-11-01T09:59:00Z"), "03:00").toISOString()).toBe("2026-10-31T09:00:00.000Z");
    expect(lastWallClock(new Date("2026-11-01T10:00:00Z"), "03:00").toISOString()).toBe("2026-11-01T10:00:00.000Z");
  });

  it("backs up at once when no backup was taken since the last 3:00, then not again until the next 3:00", async () => {
    const clock = { now: new Date("2026-12-01T20:00:00Z") }; // 13:00 MST
    const job = new BackupJob(t.db, { dir, time: "03:00", now: () => clock.now });
    const first = await job.run({ signal });
    expect(await listBackups(dir)).toHaveLength(1);
    // Until 3:00 MST on Dec 2 (10:00Z): 14 hours.
    expect(first.nextRunInMs).toBe(14 * 3_600_000);
    clock.now = new Date("2026-12-02T09:59:00Z");
    await job.run({ signal });
    expect(await listBackups(dir)).toHaveLength(1);
    clock.now = new Date("2026-12-02T10:00:30Z");
    await job.run({ signal });
    const listed = await listBackups(dir);
    expect(listed.map((b) => b.manifest.createdAt)).toEqual(["2026-12-02T10:00:30.000Z", "2026-12-01T20:00:00.000Z"]);
    expect(listed.every((b) => b.good)).toBe(true);
  });
});
