/**
 * PGlite is PostgreSQL in one process: two processes on one data folder would corrupt it. The
 * process that opens a folder writes its pid beside it; another process (a second server, or
 * `npm run leads` while the server runs) is refused with a clear message instead.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";

/** Another live process holds the folder: an expected situation, reported in one line. */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquirePgliteLock(dir: string): () => void {
  const file = `${dir.replace(/\/+$/, "")}.pid`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(file, "utf8").trim());
      if (holder && holder !== process.pid && alive(holder)) {
        throw new DatabaseBusyError(
          `The embedded database in ${dir} is in use by process ${holder} (the site's server?). Stop it first, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      // Left by a process that is gone.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
