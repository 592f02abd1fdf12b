/**
 * The check of a backup (decision 048): its checksum, then a restore into a scratch database
 * (PGlite in memory, in a thread of its own, so the server's main thread keeps answering), whose
 * row counts must be the manifest's, table by table.
 */
import { stat } from "node:fs/promises";
import { type Database, openDatabase } from "../db/database";
import { messageChainOf } from "../db/errors";
import { rowCounts, tablesInLoadOrder } from "./catalog";
import { loadLogicalDump } from "./load";
import { BackupError, type Manifest, sha256Of } from "./manifest";

/** `tables`: the rows counted in the restored copy, table by table. */
export type Verification = { ok: true; ms: number; tables: Manifest["tables"] } | { ok: false; ms: number; error: string };

/** `tables` absent (a backup being made by an online copy, dump.ts): the copy's counts are answered, to become its manifest's. */
type Expected = Pick<Manifest, "kind" | "migrations" | "bytes" | "sha256"> & { tables?: Manifest["tables"] };

/** Opens the backup `file` in a scratch in-memory PGlite (the caller closes it). */
export async function openScratchCopy(file: string, manifest: Pick<Manifest, "kind" | "migrations">): Promise<Database> {
  if (manifest.kind === "pglite") return openDatabase({ pgliteDir: "memory", loadFrom: file, migrate: false });
  const scratch = await openDatabase({ pgliteDir: "memory", migrate: false });
  try {
    await loadLogicalDump(scratch, file, manifest.migrations);
    return scratch;
  } catch (error) {
    await scratch.close().catch(() => undefined);
    throw error;
  }
}

export async function verifyBackup(file: string, manifest: Expected): Promise<Verification> {
  const started = Date.now();
  const fail = (error: string): Verification => ({ ok: false, ms: Date.now() - started, error });
  try {
    const size = await stat(file).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) return fail(`${file} does not exist`);
    if (size !== manifest.bytes) return fail(`the file has ${size} bytes, its manifest says ${manifest.bytes}`);
    if ((await sha256Of(file)) !== manifest.sha256) return fail("its checksum does not match its manifest (the file is damaged)");
    const scratch = await openScratchCopy(file, manifest);
    let counts: Manifest["tables"];
    try {
      counts = await rowCounts(scratch.rows, await tablesInLoadOrder(scratch.rows));
      const expected = manifest.tables;
      if (expected) {
        const names = new Set([...Object.keys(counts), ...Object.keys(expected)]);
        const wrong = [...names]
          .filter((t) => counts[t] !== expected[t])
          .map((t) => `${t}: ${counts[t] ?? "missing"} restored, ${expected[t] ?? "none"} in the manifest`);
        if (wrong.length > 0) return fail(`the restored copy's row counts differ from its manifest (${wrong.slice(0, 5).join("; ")})`);
      } else if (Object.keys(counts).length === 0) return fail("the restored copy has none of the site's tables");
    } finally {
      await scratch.close();
    }
    return { ok: true, ms: Date.now() - started, tables: counts };
  } catch (error) {
    return fail(error instanceof BackupError ? error.message : `it does not restore: ${messageChainOf(error)}`);
  }
}
