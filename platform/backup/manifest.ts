/**
 * A backup on disk (decision 048): its data file and, beside it, its manifest. The manifest is
 * written last, after the data file has been checked by restoring it (verify.ts), through a
 * temporary name and a rename: a backup counts as good only when its manifest exists and says so,
 * so a crash at any moment leaves nothing that passes as good.
 *
 *   backup-20261129T100000Z.pglite.tar.gz    PGlite's own dump of its data directory
 *   backup-20261129T100000Z.logical.jsonl.gz a logical dump (PostgreSQL; see dump.ts)
 *   backup-20261129T100000Z.json             the manifest
 *   backup-….bad and backup-….bad.json        one that failed its check, kept aside
 *   .backup-….part                           being written (removed by the next run)
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** An expected failure (a missing or damaged file, a refused restore): one line, no stack trace. */
export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupKind = "pglite" | "logical";

export interface Manifest {
  format: 1;
  kind: BackupKind;
  /** Where it was taken from. */
  driver: "pglite" | "postgres";
  createdAt: string;
  /** The schema version: how many of db/migrations were applied, and the last one's hash. */
  migrations: { count: number; last: string | null };
  /** Rows per table ("public.leads"), as the dump saw them (PGlite's online copy: as its restored copy has them, decision 055). */
  tables: Record<string, number>;
  /** The data file's name, beside the manifest. */
  file: string;
  bytes: number;
  sha256: string;
  /** The check by restoring it into a scratch database. */
  verified: { at: string; ok: boolean; ms: number; error?: string };
}

export const DATA_EXTENSION: Record<BackupKind, string> = { pglite: ".pglite.tar.gz", logical: ".logical.jsonl.gz" };
const BASE = /^backup-\d{8}T\d{6}(?:\.\d{3})?Z(?:-\d+)?/;

/** `backup-20261129T100000Z`, in UTC (sorts by time; never ambiguous across a clock change). */
export function baseNameFor(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}`;
}

export function manifestPathOf(dataFile: string): string {
  const base = BASE.exec(path.basename(dataFile))?.[0];
  if (!base)
    throw new BackupError(`${path.basename(dataFile)} is not a backup's file (backup-….json, .pglite.tar.gz or .logical.jsonl.gz)`);
  const bad = dataFile.endsWith(".bad") || dataFile.endsWith(".bad.json");
  return path.join(path.dirname(dataFile), `${base}${bad ? ".bad" : ""}.json`);
}

export async function readManifest(file: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new BackupError(
      (error as NodeJS.ErrnoException).code === "ENOENT" ? `${file} does not exist` : `${file} cannot be read: ${(error as Error).message}`,
    );
  }
  try {
    const manifest = JSON.parse(text) as Manifest;
    if (manifest.format !== 1 || !manifest.file || !manifest.sha256 || typeof manifest.tables !== "object")
      throw new Error("not a manifest");
    return manifest;
  } catch {
    throw new BackupError(`${file} is not a backup manifest (damaged?)`);
  }
}

/** Writes a file under a temporary name, flushed to disk, then renames it: never seen half-written. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.part`);
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export interface ListedBackup {
  manifest: Manifest;
  manifestFile: string;
  dataFile: string;
  /** Good: its manifest says it restored and matched, and its data file is there. */
  good: boolean;
}

/** Every backup in `dir` with a manifest, newest first (good and kept aside). */
export async function listBackups(dir: string): Promise<ListedBackup[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const listed: ListedBackup[] = [];
  for (const name of names) {
    if (!BASE.test(name) || !name.endsWith(".json")) continue;
    const manifestFile = path.join(dir, name);
    const manifest = await readManifest(manifestFile).catch(() => null);
    if (!manifest) continue;
    const bad = name.endsWith(".bad.json");
    const dataFile = path.join(dir, bad ? `${manifest.file}.bad` : manifest.file);
    const present = await stat(dataFile).then(
      () => true,
      () => false,
    );
    listed.push({ manifest, manifestFile, dataFile, good: !bad && manifest.verified.ok && present });
  }
  return listed.sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt));
}

/** The newest good backup in `dir`, or null. */
export async function latestGoodBackup(dir: string): Promise<ListedBackup | null> {
  return (await listBackups(dir)).find((b) => b.good) ?? null;
}

/** Removes a backup: the manifest first, so a half-removed backup never looks good. */
export async function removeBackup(backup: ListedBackup): Promise<void> {
  await rm(backup.manifestFile, { force: true });
  await rm(backup.dataFile, { force: true });
}
