/**
 * Backups (issue 41, decision 048): the time and size of a backup and of its check, on PGlite,
 * for a database of BENCH_BACKUP_SUBMISSIONS submissions (the inbox bench's seed: 40 % as many
 * people) and BENCH_BACKUP_LISTINGS listings; both PGlite's own dump (what the server makes) and a
 * logical dump (what a PostgreSQL site makes) of the same database. While the backup runs, one
 * small statement every 10 ms measures how long the database keeps a request waiting, and the
 * main thread's event-loop delay shows what every other request feels. The assessment roll does
 * not exist yet: it is not in the database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../platform/db/database";
import { takeBackup } from "../../platform/backup/backups";
import type { BackupKind } from "../../platform/backup/manifest";
import { verifyBackup } from "../../platform/backup/verify";
import { toListingRow } from "../../app/lib/server/listings/property.server";
import { upsertListings } from "../../app/lib/server/listings/store.server";
import { generateListings } from "../../tests/fixtures/ddf/listings";
import { seedInbox } from "./inbox";

export interface BackupBenchRow {
  kind: BackupKind;
  backupMs: number;
  verifyMs: number;
  bytes: number;
  /** How long a statement sent during the backup waited: p50, p99, max (ms). */
  statement: { p50: number; p99: number; max: number; count: number };
  /** The main thread's event-loop delay during the backup: p99 and max (ms). */
  loop: { p99: number; max: number };
}

export interface BackupBenchResult {
  submissions: number;
  listings: number;
  seedSeconds: number;
  rows: BackupBenchRow[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

export async function benchBackup(submissions: number, listings: number): Promise<BackupBenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-backup-"));
  const started = Date.now();
  try {
    await seedInbox(path.join(dir, "pglite"), submissions);
    const db = await openDatabase({ pgliteDir: path.join(dir, "pglite") });
    try {
      const now = new Date("2026-11-01T00:00:00Z");
      const rows = generateListings(listings, { seed: 41, now }).map((p) => toListingRow(p, now));
      for (let i = 0; i < rows.length; i += 100) await upsertListings(db, rows.slice(i, i + 100), { recordChanges: false });
      const seedSeconds = (Date.now() - started) / 1000;
      const results: BackupBenchRow[] = [];
      for (const kind of ["pglite", "logical"] as const) {
        const waits: number[] = [];
        let running = true;
        const probe = (async () => {
          while (running) {
            const sent = performance.now();
            await db.rows(sql`select 1`);
            waits.push(performance.now() - sent);
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const loop = monitorEventLoopDelay({ resolution: 5 });
        loop.enable();
        const t0 = performance.now();
        const outcome = await takeBackup(db, path.join(dir, "backups"), { kind });
        const backupMs = performance.now() - t0;
        loop.disable();
        running = false;
        await probe;
        if (!outcome.ok) throw new Error(`the ${kind} backup failed its check: ${outcome.error}`);
        // The check again on its own: its share of the backup's time.
        const check = await verifyBackup(outcome.backup.dataFile, outcome.backup.manifest);
        if (!check.ok) throw new Error(check.error);
        const sorted = [...waits].sort((a, b) => a - b);
        results.push({
          kind,
          backupMs,
          verifyMs: check.ms,
          bytes: outcome.backup.manifest.bytes,
          statement: { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0, count: sorted.length },
          loop: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
        });
      }
      return { submissions, listings, seedSeconds, rows: results };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printBackup(result: BackupBenchResult): boolean {
  const fmt = (n: number, digits = 0) => n.toLocaleString("en-CA", { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.log(`  seeded ${fmt(result.submissions)} submissions and ${fmt(result.listings)} listings in ${fmt(result.seedSeconds, 1)} s`);
  for (const r of result.rows) {
    console.log(
      `  ${(r.kind === "pglite" ? "PGlite's own dump" : "logical dump").padEnd(18)} ${fmt(r.bytes / 1_048_576, 1).padStart(6)} MB   backup (dump + check) ${fmt(r.backupMs / 1000, 1)} s, check alone ${fmt(r.verifyMs / 1000, 1)} s` +
        `   a statement meanwhile waited p50 ${fmt(r.statement.p50, 1)} ms, p99 ${fmt(r.statement.p99, 1)} ms, max ${fmt(r.statement.max)} ms (${r.statement.count})` +
        `   main thread's event-loop delay p99 ${fmt(r.loop.p99, 1)} ms, max ${fmt(r.loop.max, 1)} ms`,
    );
  }
  return true;
}
