/**
 * The database for a command-line script: the server's own (DATABASE_URL, else PGlite in
 * DATA_DIR). A script that cannot open it (PGlite busy because the site is running, PostgreSQL
 * unreachable, a bad setting) says why in one line and exits 1, without a stack trace.
 */
import { ConfigError, type Config, readConfig } from "../platform/config";
import { type Database, openDatabase, pgliteDirIn } from "../platform/db/database";
import { messageChainOf } from "../platform/db/errors";

/**
 * `busyHint` is added to the one line printed when the embedded database is busy. `refuse` answers
 * why the script cannot run with these settings (then printed, and exit 1), checked before the
 * database opens so the answer comes at once; null when it can.
 */
export async function openScriptDatabase(
  busyHint = "",
  refuse: (config: Config) => string | null = () => null,
): Promise<{ db: Database; config: Config }> {
  let config: Config;
  try {
    config = readConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : messageChainOf(error));
    process.exit(1);
  }
  const refused = refuse(config);
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  try {
    return { db: await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirIn(config.DATA_DIR) }), config };
  } catch (error) {
    console.error(
      error instanceof Error && error.name === "DatabaseBusyError"
        ? error.message + busyHint
        : `The database could not be opened: ${messageChainOf(error)}`,
    );
    process.exit(1);
  }
}
