/**
 * PGlite's backup of a folder without holding its one connection (decision 055): an online base
 * backup made the way pg_basebackup makes one. PGlite with a folder keeps its files on disk
 * (Emscripten's NODEFS), so this thread reads them through Node's thread pool while PGlite keeps
 * answering statements in its own thread:
 *
 * 1. `pg_backup_start` (non-exclusive, in PGlite's one session): a checkpoint, and from then on
 *    full-page images in the WAL, so a page read while PostgreSQL writes it is repaired on replay;
 * 2. every file of the folder, streamed into a tar and gzipped as it is read (the WAL, the
 *    control file and the files PostgreSQL rebuilds or must not find are left out);
 * 3. `pg_backup_stop`, which writes the backup's end into the WAL and switches to a new WAL
 *    segment: the segments from the backup's start to its end are then complete, and nothing
 *    writes them again;
 * 4. those segments, the control file and the `backup_label` it answered.
 *
 * A PGlite started on the unpacked tar (`loadDataDir`: the check, a restore) finds the label and
 * replays the WAL from the backup's checkpoint to its end: the copy is the database as it was at
 * `pg_backup_stop`. The statements wait only for the two calls (and the checkpoint before them);
 * the rows are counted later, in that restored copy (verify.ts), since counting them here would
 * hold the connection for as long as the counting takes.
 *
 * The tar has the layout of PGlite's own `dumpDataDir` (names from the folder's root, "/base/1/…"),
 * so the check and a restore read both alike.
 */
import { createWriteStream } from "node:fs";
import { type FileHandle, open, readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";

/** The folders whose contents PostgreSQL rebuilds or must not find in a copy (pg_basebackup leaves them out too); the folders themselves are kept. */
const EMPTIED = new Set(["pg_wal", "pg_stat_tmp", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans"]);
/** Files left out: a running server's, an earlier backup's label, and the control file (copied at the end). */
const LEFT_OUT = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "backup_label.old",
  "tablespace_map",
  "recovery.signal",
  "standby.signal",
  "global/pg_control",
]);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const BLOCK = 512;
const CHUNK = 1 << 20;

export interface OnlineCopyTimings {
  /** How long the statements waited, each: the checkpoint, pg_backup_start, pg_backup_stop (ms). */
  holds: { checkpoint: number; start: number; stop: number };
}

/** Writes the gzipped tar of `db`'s folder to `file`; answers how long PGlite's statements were held. */
export async function onlineCopy(db: Database, file: string, signal?: AbortSignal): Promise<OnlineCopyTimings> {
  const dir = db.dataDir;
  if (db.driver !== "pglite" || !dir) throw new Error("an online copy needs PGlite with a folder");
  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await work();
    return [result, performance.now() - started];
  };
  // The checkpoint on its own first, so pg_backup_start's own finds little to write: two short waits, not one longer one.
  const [, checkpoint] = await timed(() => db.rows(sql`checkpoint`));
  const [, start] = await timed(() => db.rows(sql`select pg_backup_start('site backup', true)`));
  let stopped = false;
  let stop = 0;
  const entries = async function* (): AsyncGenerator<Buffer> {
    yield* folderEntries(dir, "", signal);
    const [[end], ms] = await timed(() =>
      db.rows<{ labelfile: string; spcmapfile: string | null; last: string }>(
        sql`select labelfile, spcmapfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)`,
      ),
    );
    stopped = true;
    stop = ms;
    if (!end) throw new Error("pg_backup_stop answered nothing");
    yield* walSegments(dir, end.labelfile, end.last);
    yield* fileEntry("/global/pg_control", path.join(dir, "global", "pg_control"));
    yield* contentEntry("/backup_label", Buffer.from(end.labelfile));
    if (end.spcmapfile) yield* contentEntry("/tablespace_map", Buffer.from(end.spcmapfile));
    yield Buffer.alloc(2 * BLOCK);
  };
  try {
    await pipeline(Readable.from(entries()), createGzip(), createWriteStream(file));
  } finally {
    // A copy stopped part-way ends the backup in the session, or the next pg_backup_start is refused.
    if (!stopped) await db.rows(sql`select pg_backup_stop(false)`).catch(() => undefined);
  }
  return { holds: { checkpoint, start, stop } };
}

async function* folderEntries(root: string, relative: string, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const names = await readdir(path.join(root, relative), { withFileTypes: true }).catch(vanished);
  for (const entry of (names ?? []).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    signal?.throwIfAborted();
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (LEFT_OUT.has(name) || entry.name.startsWith("pg_internal.init") || entry.name.startsWith("pgsql_tmp")) continue;
    if (entry.isDirectory()) {
      yield header(`/${name}`, 0, "5");
      if (!EMPTIED.has(name)) yield* folderEntries(root, name, signal);
      else if (name === "pg_wal") {
        yield header("/pg_wal/archive_status", 0, "5");
        yield header("/pg_wal/summaries", 0, "5");
      }
    } else if (entry.isFile()) yield* fileEntry(`/${name}`, path.join(root, name));
  }
}

/** The WAL from the backup's start to its end, every segment of it, or an error (a segment missing would not restore). */
async function* walSegments(dir: string, label: string, last: string): AsyncGenerator<Buffer> {
  const first = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
  if (!first) throw new Error("the backup label names no WAL segment");
  const present = new Set((await readdir(path.join(dir, "pg_wal"))).filter((n) => WAL_SEGMENT.test(n)));
  for (let segment = first; segment <= last; segment = nextSegment(segment)) {
    if (!present.has(segment)) throw new Error(`the WAL segment ${segment} is missing from the folder`);
    yield* fileEntry(`/pg_wal/${segment}`, path.join(dir, "pg_wal", segment), { mustExist: true });
  }
}

/** The segment after `name` (timeline, then the log and segment numbers; 16 MB segments: 256 per log). */
function nextSegment(name: string): string {
  const timeline = name.slice(0, 8);
  const number = BigInt(`0x${name.slice(8, 16)}`) * 256n + BigInt(`0x${name.slice(16)}`) + 1n;
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, "0");
  return `${timeline}${hex(number / 256n)}${hex(number % 256n)}`;
}

/**
 * A file as the size it had when opened: a file that grows meanwhile is cut there and one that
 * shrinks is padded with zeros (as pg_basebackup does; the WAL's full-page images repair both); one
 * that vanished (a dropped table) is left out.
 */
async function* fileEntry(name: string, file: string, { mustExist = false } = {}): AsyncGenerator<Buffer> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if (!mustExist && (error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    const size = (await handle.stat()).size;
    yield header(name, size, "0");
    let offset = 0;
    while (offset < size) {
      const { bytesRead, buffer } = await handle.read({ buffer: Buffer.alloc(Math.min(CHUNK, size - offset)), position: offset });
      if (bytesRead === 0) break;
      yield buffer.subarray(0, bytesRead);
      offset += bytesRead;
    }
    if (offset < size) yield Buffer.alloc(size - offset);
    yield padding(size);
  } finally {
    await handle.close();
  }
}

function* contentEntry(name: string, content: Buffer): Generator<Buffer> {
  yield header(name, content.length, "0");
  yield content;
  yield padding(content.length);
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A ustar header: a regular file ("0") or a folder ("5"). */
function header(name: string, size: number, type: "0" | "5"): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`a path too long for the tar: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, "0")}\0`;
  block.write(name, 0, "utf8");
  block.write(octal(type === "5" ? 0o700 : 0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  block.write(" ".repeat(8), 148);
  block.write(type, 156);
  block.write("ustar\u000000", 257);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

async function vanished(error: NodeJS.ErrnoException): Promise<null> {
  if (error.code === "ENOENT") return null;
  throw error;
}
