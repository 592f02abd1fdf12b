/**
 * Taking a backup (decision 048): dump under a temporary name, check it by restoring it into a
 * scratch database, and only then give it its name and write its manifest; a backup that fails
 * its check is kept aside as `.bad` and reported, never counted as good. Then the caller's retention
 * rule, if it gives one, removes the good backups no longer kept.
 */
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/database";
import { type DumpResult, dumpDatabase } from "./dump";
import {
  type BackupKind,
  DATA_EXTENSION,
  type ListedBackup,
  type Manifest,
  baseNameFor,
  listBackups,
  removeBackup,
  sha256Of,
  writeFileAtomically,
} from "./manifest";
import { verifyBackup } from "./verify";

/** Of the good backups' creation times, those to keep (as milliseconds since the epoch). */
export type RetentionRule = (createdAt: readonly Date[]) => Set<number>;

export type BackupOutcome = { ok: true; backup: ListedBackup; removed: string[] } | { ok: false; error: string; keptAside: string | null };

export interface TakeBackupOptions {
  /** The time it is taken (its name and manifest); default now. */
  now?: Date;
  kind?: BackupKind;
  signal?: AbortSignal;
  /**
   * The retention rule, applied afterwards: of the good backups' `createdAt`, the times to keep
   * (the site's rule is app/lib/server/backup/retention.server.ts). None: nothing is removed.
   */
  keep?: RetentionRule;
  /** For tests: replaces the dump, to fail or stop it part-way. */
  dump?: typeof dumpDatabase;
}

/** A temporary file of a backup being made: `.backup-….part` (and PGlite's uncompressed `.part.tar`), removed by the next backup. */
const PART = /^\.backup-.*\.part(\.tar)?$/;

export async function takeBackup(db: Database, dir: string, options: TakeBackupOptions = {}): Promise<BackupOutcome> {
  const now = options.now ?? new Date();
  await mkdir(dir, { recursive: true });
  // A crash part-way leaves only a `.part` file (never a manifest); one backup runs at a time (the job's lease).
  for (const name of await readdir(dir)) if (PART.test(name)) await rm(path.join(dir, name), { force: true });
  const base = await freeBaseName(dir, now);
  const kind = options.kind ?? (db.driver === "pglite" ? "pglite" : "logical");
  const dataName = `${base}${DATA_EXTENSION[kind]}`;
  const part = path.join(dir, `.${dataName}.part`);
  let dumped: DumpResult;
  try {
    dumped = await (options.dump ?? dumpDatabase)(db, part, { kind, signal: options.signal });
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  const bytes = (await stat(part)).size;
  const draft = {
    format: 1 as const,
    ...dumped,
    driver: db.driver,
    createdAt: now.toISOString(),
    file: dataName,
    bytes,
    sha256: await sha256Of(part),
  };
  const check = await verifyBackup(part, draft);
  // An online copy's counts are the restored copy's (dump.ts); a failed one has none to give.
  const tables = dumped.tables ?? (check.ok ? check.tables : {});
  const manifest: Manifest = {
    ...draft,
    tables,
    verified: { at: new Date().toISOString(), ok: check.ok, ms: check.ms, ...(check.ok ? {} : { error: check.error }) },
  };
  if (!check.ok) {
    const aside = path.join(dir, `${dataName}.bad`);
    await rename(part, aside);
    await writeFileAtomically(path.join(dir, `${base}.bad.json`), JSON.stringify(manifest, null, 2));
    return { ok: false, error: check.error, keptAside: aside };
  }
  const dataFile = path.join(dir, dataName);
  await rename(part, dataFile);
  const manifestFile = path.join(dir, `${base}.json`);
  // The manifest last: from this rename on, and only then, the backup counts as good.
  await writeFileAtomically(manifestFile, JSON.stringify(manifest, null, 2));
  const removed = options.keep ? await pruneBackups(dir, options.keep) : [];
  return { ok: true, backup: { manifest, manifestFile, dataFile, good: true }, removed };
}

/** `backup-<time>`, with `-2`, `-3`… when a backup of the same second exists. */
async function freeBaseName(dir: string, now: Date): Promise<string> {
  const names = new Set(await readdir(dir));
  const base = baseNameFor(now);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (![...names].some((name) => name.startsWith(`${candidate}.`) || name.startsWith(`.${candidate}.`))) return candidate;
  }
}

/** Removes the good backups `rule` no longer keeps; answers their manifests' names. */
export async function pruneBackups(dir: string, rule: RetentionRule): Promise<string[]> {
  const good = (await listBackups(dir)).filter((b) => b.good);
  const keep = rule(good.map((b) => new Date(b.manifest.createdAt)));
  const removed: string[] = [];
  for (const backup of good) {
    if (keep.has(new Date(backup.manifest.createdAt).getTime())) continue;
    await removeBackup(backup);
    removed.push(path.basename(backup.manifestFile));
  }
  return removed;
}
