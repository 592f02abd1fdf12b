/**
 * PGlite's backup of a folder holds its one connection for milliseconds, not for the copy
 * (issue 41: "A backup never blocks requests for more than a few milliseconds at a time";
 * decision 055). Always on PGlite in a folder of its own, whatever DATABASE_URL says: the online
 * copy is PGlite's.
 *
 * The database is made big enough (about 100 MB of files) that a copy made while holding the
 * connection (PGlite's `dumpDataDir`, decision 048) kept a statement waiting 2.2 s on a lightly
 * loaded machine (more under load); here a statement sent every few milliseconds during the backup
 * must be answered within a second. The bound is wide because the test machines are shared: at a
 * load average of 20 on two cores a lead alone took 300 ms with no backup running, and the
 * backup's three short holds (a checkpoint, pg_backup_start, pg_backup_stop) took 140 to 300 ms
 * each; on a quiet machine they take a few milliseconds (decision 055).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLead } from "../../app/lib/server/leads/leads.server";
import { type Database, openDatabase } from "../db/database";
import { takeBackup } from "./backups";
import { openScratchCopy, verifyBackup } from "./verify";

const BALLAST_ROWS = 120_000;
const BOUND_MS = 1_000;

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "online-copy-test-"));
  db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
  // Rows of about the width of a submission, in one statement: the folder grows to about 100 MB.
  await db.rows(sql`create table ballast (id integer primary key, body text not null)`);
  await db.rows(sql`insert into ballast select i, repeat(md5(i::text), 16) from generate_series(1, ${BALLAST_ROWS}::integer) i`);
}, 120_000);
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const lead = (n: number) => ({
  fullName: `Lead ${n}`,
  email: `lead${n}@example.com`,
  phone: "780-555-0111",
  serviceType: "buying" as const,
  comments: `Number ${n}`,
});

describe("PGlite's online copy", { timeout: 180_000 }, () => {
  it(`answers a statement sent during the backup within ${BOUND_MS} ms, and the copy restores every lead acknowledged before it with the counts of its manifest`, async () => {
    for (let n = 0; n < 20; n++) await recordLead(db, lead(n));
    const acknowledged = (await db.rows<{ id: number }>(sql`select id from leads order by id`)).map((r) => r.id);
    const waits: number[] = [];
    let running = true;
    let n = 100;
    // Probes and submissions side by side, as requests arrive.
    const probe = (async () => {
      while (running) {
        const sent = performance.now();
        await db.rows(sql`select 1`);
        waits.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const stream = (async () => {
      while (running) {
        await recordLead(db, lead(n++));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const outcome = await takeBackup(db, path.join(dir, "backups"));
    running = false;
    await Promise.all([probe, stream]);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(waits.length).toBeGreaterThan(10);
    expect(Math.max(...waits)).toBeLessThan(BOUND_MS);

    const { manifest, dataFile } = outcome.backup;
    expect(manifest.kind).toBe("pglite");
    expect(manifest.tables["public.ballast"]).toBe(BALLAST_ROWS);
    const copy = await openScratchCopy(dataFile, manifest);
    try {
      const restored = (await copy.rows<{ id: number }>(sql`select id from leads order by id`)).map((r) => r.id);
      expect(restored).toEqual(expect.arrayContaining(acknowledged));
      expect(restored.length).toBe(manifest.tables["public.leads"]);
    } finally {
      await copy.close();
    }
    // The manifest's counts are checked again by a later verify, as for every backup.
    expect(await verifyBackup(dataFile, manifest)).toMatchObject({ ok: true });
  });

  it("a copy stopped part-way ends the backup in PGlite's session, so the next one is taken", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stopped")), 50);
    await expect(takeBackup(db, path.join(dir, "backups"), { signal: controller.signal })).rejects.toThrow("stopped");
    const next = await takeBackup(db, path.join(dir, "backups"), {});
    expect(next).toMatchObject({ ok: true });
  });
});
