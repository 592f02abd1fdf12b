/**
 * npm run backup -- now          takes a backup of the configured database into BACKUP_DIR, checks
 *                                it by restoring it into a scratch database, applies the retention
 * npm run backup -- list         the backups in BACKUP_DIR, newest first, good and kept aside
 * npm run backup -- verify FILE  checks one backup (its manifest or its data file) again
 *
 * `now` opens the server's database: with PGlite, stop the server first (the server itself backs
 * up daily at BACKUP_TIME). Expected failures print one line and exit 1 (decision 048).
 */
import path from "node:path";
import { ConfigError, backupDirOf, readConfig } from "../platform/config";
import { takeBackup } from "../platform/backup/backups";
import { backupsToKeep } from "../app/lib/server/backup/retention.server";
import { BackupError, listBackups } from "../platform/backup/manifest";
import { resolveBackup } from "../platform/backup/restore";
import { verifyBackup } from "../platform/backup/verify";
import { openScriptDatabase } from "./script-database";

const [command, file] = process.argv.slice(2);
const USAGE = "Usage: npm run backup -- now | list | verify FILE";

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<number> {
  const config = readConfig();
  const dir = backupDirOf(config);
  if (command === "now") {
    const { db } = await openScriptDatabase(
      " The running server backs up daily at BACKUP_TIME; to back up now with the embedded database, stop it first.",
    );
    try {
      const outcome = await takeBackup(db, dir, { keep: backupsToKeep });
      if (!outcome.ok) {
        console.error(`The backup failed its check and was kept aside as ${outcome.keptAside}: ${outcome.error}`);
        return 1;
      }
      const m = outcome.backup.manifest;
      console.log(
        `${outcome.backup.dataFile}: ${mb(m.bytes)}, ${Object.values(m.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(m.tables).length} tables, checked by a restore in ${m.verified.ms} ms`,
      );
      for (const removed of outcome.removed) console.log(`removed (retention): ${removed}`);
      return 0;
    } finally {
      await db.close();
    }
  }
  if (command === "list") {
    const backups = await listBackups(dir);
    if (backups.length === 0) console.log(`No backups in ${dir}.`);
    for (const b of backups) {
      const m = b.manifest;
      const state = b.good ? "good" : m.verified.ok ? "data file missing" : `BAD: ${m.verified.error ?? "failed its check"}`;
      console.log(
        `${m.createdAt}  ${path.basename(b.dataFile)}  ${mb(m.bytes)}  leads ${m.tables["public.leads"] ?? 0}, people ${m.tables["public.people"] ?? 0}  ${state}`,
      );
    }
    return 0;
  }
  if (command === "verify" && file) {
    const backup = await resolveBackup(file);
    const check = await verifyBackup(backup.dataFile, backup.manifest);
    if (!check.ok) {
      console.error(`${path.basename(backup.dataFile)} FAILS: ${check.error}`);
      return 1;
    }
    console.log(`${path.basename(backup.dataFile)} is good: checksum and row counts match its manifest after a restore (${check.ms} ms)`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
}
