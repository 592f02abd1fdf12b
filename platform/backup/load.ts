/**
 * Loads a logical dump (dump.ts) into a new database: its schema made by the site's own
 * migrations up to the backup's version, then its rows, parents first, then its sequences. Used by
 * the check of every PostgreSQL backup (into PGlite in memory) and by a restore.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR } from "../db/database";
import { tableIdentifier, tablesInLoadOrder } from "./catalog";
import { BackupError, type Manifest } from "./manifest";

/** Rows per insert statement. */
const BATCH = 500;

interface Journal {
  entries: { idx: number; tag: string }[];
}

/**
 * A migrations folder holding the first `count` of db/migrations (a temporary copy), after
 * checking that the last of them is the one the backup was made with. Remove it after use.
 */
export async function migrationsUpTo(version: Manifest["migrations"]): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as Journal;
  if (version.count > journal.entries.length) {
    throw new BackupError(
      `the backup was made by a newer version of the site (${version.count} migrations; this one has ${journal.entries.length}): restore it with that version`,
    );
  }
  const kept = journal.entries.slice(0, version.count);
  const last = kept.at(-1);
  if (last && version.last) {
    const hash = createHash("sha256")
      .update(await readFile(path.join(MIGRATIONS_DIR, `${last.tag}.sql`), "utf8"))
      .digest("hex");
    if (hash !== version.last)
      throw new BackupError(
        `the backup's schema (migration ${last.tag}) differs from this version's: restore it with the version that made it`,
      );
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), "agent-site-migrations-"));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return folder;
}

/** Brings an empty database to the backup's schema version and loads the dump's rows into it. */
export async function loadLogicalDump(db: Database, file: string, version: Manifest["migrations"]): Promise<void> {
  const folder = await migrationsUpTo(version);
  try {
    await db.migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await db.transaction(async (rows) => {
    const tables = await tablesInLoadOrder(rows);
    // Rows the migrations seed (state rows) are replaced by the backup's; children first. The
    // rows are loaded as they were: no trigger of an older schema (migration 0001 had one) may
    // add to them (the tables are this role's own, made by the migrations just now).
    for (const table of [...tables].reverse()) {
      await rows(sql`delete from ${tableIdentifier(table)}`);
      await rows(sql`alter table ${tableIdentifier(table)} disable trigger user`);
    }
    let table: string | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const t = tableIdentifier(table);
      // Identity columns keep their numbers (OVERRIDING SYSTEM VALUE); the JSON turns back into each column's type.
      await rows(
        sql`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, ${`[${batch.join(",")}]`}::json)`,
      );
      batch = [];
    };
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line.startsWith("{")) {
          if (!table) throw new BackupError("the dump has rows before its first table");
          batch.push(line);
          if (batch.length >= BATCH) await flush();
        } else if (line.startsWith("[")) {
          await flush();
          const entry = JSON.parse(line) as [string, string, number?];
          if (entry[0] === "table") table = entry[1];
          else if (entry[0] === "sequence") await rows(sql`select setval(${entry[1]}::regclass, ${entry[2]}::bigint, true)`);
        } else if (line !== "") throw new BackupError("the dump has a line that is neither a table, a row nor a sequence");
      }
      await flush();
      for (const table of tables) await rows(sql`alter table ${tableIdentifier(table)} enable trigger user`);
    } catch (error) {
      if (
        error instanceof Error &&
        /unexpected end of file|incorrect header check|invalid/i.test(error.message) &&
        !("code" in error && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code))
      ) {
        throw new BackupError(`the dump is damaged: ${error.message}`);
      }
      throw error;
    } finally {
      lines.close();
    }
  });
}
