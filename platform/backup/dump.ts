/**
 * Makes a backup's data file (decision 048).
 *
 * - PGlite with a folder: an online copy of the folder and its WAL (online-copy.ts, decision
 *   055), made beside PGlite's thread; its statements wait only for a checkpoint,
 *   `pg_backup_start` and `pg_backup_stop`. The rows are counted in the restored copy by the
 *   check (verify.ts), so the counts are the copy's.
 * - PGlite in memory (the tests' database; its files are not on disk): its own dump of the data
 *   directory (`dumpDataDir`, a tar, gzipped afterwards), made in its thread inside a transaction
 *   that also counts the rows, so the counts and the copy are the same state; statements wait for
 *   the count and the copy.
 * - PostgreSQL (and, for a restore across drivers, PGlite too): a logical dump made in-process
 *   inside one REPEATABLE READ, READ ONLY transaction, so it is one consistent snapshot and needs
 *   no more rights than reading the site's own tables (no superuser, no pg_dump whose version must
 *   match the server's). Each table is read through a cursor, a thousand rows at a time, as one
 *   JSON object per line (`row_to_json`, which PostgreSQL turns back into the same values with
 *   `json_populate_recordset`), gzipped as it goes (zlib works off the main thread). Other
 *   connections never wait for it.
 *
 * Logical format, one JSON value per line: ["table", "public.leads"] then that table's rows as
 * objects, tables parents first; at the end ["sequence", "public.leads_id_seq", 42] lines.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowCounts, schemaVersion, sequenceValues, tableIdentifier, tablesInLoadOrder } from "./catalog";
import type { BackupKind, Manifest } from "./manifest";
import { onlineCopy } from "./online-copy";

/** `tables` absent: the rows are counted in the restored copy when it is checked (an online copy of PGlite's folder). */
export type DumpResult = Pick<Manifest, "kind" | "migrations"> & { tables?: Manifest["tables"] };

/** Rows per cursor fetch: about a millisecond or two of JSON on the main thread each. */
const FETCH_ROWS = 1_000;

/** The kind of dump a database gets by default: PGlite's own for PGlite, logical for PostgreSQL. */
export function defaultKind(db: Database): BackupKind {
  return db.driver === "pglite" ? "pglite" : "logical";
}

export async function dumpDatabase(
  db: Database,
  file: string,
  options: { kind?: BackupKind; signal?: AbortSignal } = {},
): Promise<DumpResult> {
  const kind = options.kind ?? defaultKind(db);
  if (kind === "pglite") {
    if (db.dataDir) {
      // The schema changes only when the server starts (its migrations), so it is read before the copy.
      const migrations = await schemaVersion(db.rows);
      await onlineCopy(db, file, options.signal);
      return { kind, migrations };
    }
    if (!db.dumpDataDir) throw new Error("only PGlite can make a dump of its data directory");
    // The copy restores without replaying much WAL; outside the transaction, so nothing waits for it.
    await db.rows(sql`checkpoint`);
    const tar = `${file}.tar`;
    try {
      const result = await db.transaction(async (rows) => {
        const tables = await rowCounts(rows, await tablesInLoadOrder(rows));
        const migrations = await schemaVersion(rows);
        await db.dumpDataDir!(tar);
        return { kind, migrations, tables };
      });
      // Compressed after the transaction (zlib, off the main thread): statements waited only for the copy.
      await pipeline(createReadStream(tar), createGzip(), createWriteStream(file));
      return result;
    } finally {
      await rm(tar, { force: true });
    }
  }
  return logicalDump(db, file, options.signal);
}

async function logicalDump(db: Database, file: string, signal?: AbortSignal): Promise<DumpResult> {
  const gzip = createGzip();
  const out = new PassThrough();
  const written = pipeline(out, gzip, createWriteStream(file));
  // A failed write ends the pipeline; the writes below then stop on the rejection.
  let failed: unknown = null;
  written.catch((error: unknown) => (failed = error));
  const write = async (text: string) => {
    if (failed) throw failed;
    if (!out.write(text)) await Promise.race([once(out, "drain"), written]);
  };
  try {
    const result = await db.transaction(async (rows) => {
      await rows(sql`set transaction isolation level repeatable read, read only`);
      const tables = await tablesInLoadOrder(rows);
      const counts = await rowCounts(rows, tables);
      const migrations = await schemaVersion(rows);
      for (const table of tables) {
        await write(`${JSON.stringify(["table", table])}\n`);
        await rows(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${tableIdentifier(table)} t`);
        for (;;) {
          signal?.throwIfAborted();
          const batch = await rows<{ j: string }>(sql`fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`);
          if (batch.length === 0) break;
          await write(batch.map((r) => r.j).join("\n") + "\n");
        }
        await rows(sql`close backup_rows`);
      }
      for (const s of await sequenceValues(rows)) await write(`${JSON.stringify(["sequence", s.name, s.value])}\n`);
      return { kind: "logical" as const, migrations, tables: counts };
    });
    out.end();
    await written;
    return result;
  } catch (error) {
    out.destroy();
    await written.catch(() => undefined);
    throw error;
  }
}
