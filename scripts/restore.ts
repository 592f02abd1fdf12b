/**
 * npm run restore -- FILE [--force]
 *
 * Restores a backup (its manifest or its data file) into the configured database: DATABASE_URL,
 * else PGlite in DATA_DIR (the server stopped). The backup is checked first; a database that holds
 * data is replaced only with --force, after a safety backup of it (decision 048). The disaster
 * drill is in docs/operations.md ("Backups and restore").
 */
import { ConfigError, readConfig } from "../platform/config";
import { BackupError } from "../platform/backup/manifest";
import { restoreBackup } from "../platform/backup/restore";
import { DatabaseBusyError } from "../platform/db/pglite-lock";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));

if (!file || args.some((a) => a.startsWith("--") && a !== "--force")) {
  console.error(
    "Usage: npm run restore -- FILE [--force]   (FILE: a backup's .json manifest or its data file; see npm run backup -- list)",
  );
  process.exitCode = 2;
} else {
  try {
    const counts = await restoreBackup(readConfig(), file, { force: args.includes("--force"), log: (line) => console.log(line) });
    const n = (table: string) => counts[`public.${table}`] ?? 0;
    console.log(
      `Restored: ${n("leads")} leads, ${n("contacts")} contacts, ${n("people")} people, ${n("person_events")} notes and events, ${n("consent_events")} consent entries. Start the server.`,
    );
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError || error instanceof DatabaseBusyError) {
      console.error(error.message);
      process.exitCode = 1;
    } else throw error;
  }
}
