/**
 * `npm run restore -- FILE [--force]` (decision 048): a checked backup into the configured
 * database (DATABASE_URL, else PGlite in DATA_DIR). A database holding data is replaced only with
 * --force, and only after a safety backup of it has been taken and checked. PGlite's folder must
 * not be in use: its lock (platform/db/pglite-lock.ts) names the process holding it.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Config, backupDirOf } from "../config";
import { type Database, openDatabase, pgliteDirIn } from "../db/database";
import { rowCounts, tableIdentifier, tablesInLoadOrder } from "./catalog";
import { takeBackup } from "./backups";
import { dumpDatabase } from "./dump";
import { loadLogicalDump } from "./load";
import { BackupError, type Manifest, manifestPathOf, readManifest } from "./manifest";
import { openScratchCopy, verifyBackup } from "./verify";

export interface RestoreOptions {
  force?: boolean;
  log?: (line: string) => void;
}

/** A backup named by its manifest or its data file. */
export async function resolveBackup(file: string): Promise<{ manifest: Manifest; manifestFile: string; dataFile: string }> {
  const manifestFile = file.endsWith(".json") ? path.resolve(file) : manifestPathOf(path.resolve(file));
  if (manifestFile.endsWith(".bad.json"))
    throw new BackupError(
      `${path.basename(file)} failed its check when it was taken (kept aside as bad); choose another with npm run backup -- list`,
    );
  const manifest = await readManifest(manifestFile);
  return { manifest, manifestFile, dataFile: path.join(path.dirname(manifestFile), manifest.file) };
}

/** The database's rows beyond what a newly migrated one holds (the migrations seed a few state rows): 0 means empty. */
async function rowsHeld(db: Database): Promise<number> {
  const tables = await tablesInLoadOrder(db.rows);
  if (tables.length === 0) return 0;
  const counts = await rowCounts(db.rows, tables);
  const fresh = await openDatabase({ pgliteDir: "memory" });
  try {
    const seeded = await rowCounts(fresh.rows, await tablesInLoadOrder(fresh.rows));
    return Object.entries(counts).reduce((sum, [table, n]) => sum + Math.max(0, n - (seeded[table] ?? 0)), 0);
  } finally {
    await fresh.close();
  }
}

export async function restoreBackup(config: Config, file: string, options: RestoreOptions = {}): Promise<Record<string, number>> {
  const log = options.log ?? (() => {});
  const backup = await resolveBackup(file);
  log(`Checking ${path.basename(backup.dataFile)} (taken ${backup.manifest.createdAt})…`);
  const check = await verifyBackup(backup.dataFile, backup.manifest);
  if (!check.ok)
    throw new BackupError(`${path.basename(backup.dataFile)} failed its check: ${check.error}. Choose another with npm run backup -- list`);
  return config.DATABASE_URL
    ? restoreIntoPostgres(config, config.DATABASE_URL, backup, options, log)
    : restoreIntoPglite(config, backup, options, log);
}

/** Refuses a database holding data without --force; with it, takes and checks a safety backup first. */
async function makeWayFor(db: Database, config: Config, options: RestoreOptions, log: (line: string) => void): Promise<boolean> {
  const held = await rowsHeld(db);
  if (held === 0) return false;
  if (!options.force)
    throw new BackupError(
      `The database already holds data (${held} rows). Add --force to replace it; a safety backup of it is taken first.`,
    );
  const safety = await takeBackup(db, backupDirOf(config));
  if (!safety.ok)
    throw new BackupError(`The safety backup of the current database failed its check (${safety.error}); nothing was replaced.`);
  log(`Safety backup of the current database: ${safety.backup.dataFile}`);
  return true;
}

async function restoreIntoPglite(
  config: Config,
  backup: Awaited<ReturnType<typeof resolveBackup>>,
  options: RestoreOptions,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const dir = pgliteDirIn(config.DATA_DIR);
  if (existsSync(path.join(dir, "PG_VERSION"))) {
    // Refused with the lock's message (naming the process) while the server runs.
    const current = await openDatabase({ pgliteDir: dir, migrate: false });
    try {
      await makeWayFor(current, config, options, log);
    } finally {
      await current.close();
    }
  }
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    const aside = `${dir}.replaced-${new Date().toISOString().replace(/[-:.]/g, "")}`;
    await rename(dir, aside);
    log(`The replaced folder was moved to ${aside} (delete it once the site works again).`);
  } else await rm(dir, { recursive: true, force: true });
  let db: Database;
  if (backup.manifest.kind === "pglite") {
    db = await openDatabase({ pgliteDir: dir, loadFrom: backup.dataFile, migrate: false });
  } else {
    db = await openDatabase({ pgliteDir: dir, migrate: false });
    await loadLogicalDump(db, backup.dataFile, backup.manifest.migrations).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  }
  return finish(db, log);
}

async function restoreIntoPostgres(
  config: Config,
  url: string,
  backup: Awaited<ReturnType<typeof resolveBackup>>,
  options: RestoreOptions,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const db = await openDatabase({ databaseUrl: url, poolMax: 2, migrate: false });
  try {
    if (await makeWayFor(db, config, options, log)) await dropEverything(db);
    let logical = backup.dataFile;
    let temporary: string | null = null;
    if (backup.manifest.kind === "pglite") {
      // PGlite's own dump restores only into PGlite: its rows go over through a logical dump of the scratch copy.
      temporary = await mkdtemp(path.join(os.tmpdir(), "agent-site-restore-"));
      logical = path.join(temporary, "dump.jsonl.gz");
      const scratch = await openScratchCopy(backup.dataFile, backup.manifest);
      try {
        await dumpDatabase(scratch, logical, { kind: "logical" });
      } finally {
        await scratch.close();
      }
    }
    try {
      await loadLogicalDump(db, logical, backup.manifest.migrations);
    } finally {
      if (temporary) await rm(temporary, { recursive: true, force: true });
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return finish(db, log);
}

/** Removes the site's tables and functions (a --force restore, after the safety backup). */
async function dropEverything(db: Database): Promise<void> {
  await db.transaction(async (rows) => {
    for (const table of (await tablesInLoadOrder(rows)).reverse()) await rows(sql`drop table if exists ${tableIdentifier(table)} cascade`);
    const functions = await rows<{ signature: string }>(sql`
      select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and pg_get_userbyid(p.proowner) = current_user`);
    for (const f of functions) await rows(sql`drop function if exists ${sql.raw(f.signature)} cascade`);
    await rows(sql`drop table if exists drizzle.__drizzle_migrations`);
  });
}

/** Brings the restored database to this version's schema and answers its row counts. */
async function finish(db: Database, log: (line: string) => void): Promise<Record<string, number>> {
  try {
    await db.migrate();
    const counts = await rowCounts(db.rows, await tablesInLoadOrder(db.rows));
    log("Restored, and brought to this version's schema.");
    return counts;
  } finally {
    await db.close();
  }
}
