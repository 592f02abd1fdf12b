/**
 * Start-up problems an operator can fix, told in one line each: the data folder is read-only,
 * not ours, or full; the database server is unreachable; a setting is malformed. A stack trace
 * for these would bury the one fact that matters (which folder, which server) under noise.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import path from "node:path";

/** A start-up failure whose message is complete for a human: printed alone, no stack. */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartupError";
  }
}

const PROBE_BYTES = 64 * 1024;

/**
 * Proves that `dir` can be written before anything is opened in it: creates it, writes and
 * syncs a small probe file, removes it, and checks that at least `minFreeBytes` are free
 * (PGlite's first open writes tens of megabytes; a nearly full disk would fail half-way).
 */
export function checkDataDir(dir: string, minFreeBytes: number): void {
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    makeDir(dir);
    const fd = openSync(probe, "w");
    try {
      writeSync(fd, Buffer.alloc(PROBE_BYTES));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw dataDirError(dir, error);
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // DATA_DIR is not a folder: already reported above
    }
  }
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  if (free < minFreeBytes) {
    throw new StartupError(
      `The data folder ${dir} (DATA_DIR) has only ${mebibytes(free)} MiB free; the site needs at least ${mebibytes(minFreeBytes)} MiB there. Free some space or point DATA_DIR elsewhere.`,
    );
  }
}

/**
 * mkdir -p that reports why it failed: a recursive mkdir under a read-only or unwritable folder
 * reports ENOENT on some systems, so the first missing level is created on its own to learn
 * the real reason (EROFS, EACCES).
 */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    let missing = dir;
    while (!existsSync(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    mkdirSync(missing);
    throw error;
  }
}

function mebibytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}

function dataDirError(dir: string, error: unknown): StartupError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === "EROFS"
      ? "is on a read-only file system"
      : code === "EACCES" || code === "EPERM"
        ? "cannot be written by this process (permission denied)"
        : code === "ENOSPC" || code === "EDQUOT"
          ? "is on a full disk (no space left)"
          : code === "ENOTDIR" || code === "EEXIST"
            ? "is not a folder"
            : `cannot be written (${code ?? (error as Error | undefined)?.message ?? "unknown error"})`;
  return new StartupError(
    `The data folder ${dir} (DATA_DIR) ${why}. The site keeps its database and outgoing mail there: fix it or point DATA_DIR elsewhere.`,
    {
      cause: error,
    },
  );
}

/** The one line printed for an error that stopped start-up. */
export function explainStartupFailure(error: unknown, config: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (error instanceof StartupError) return error.message;
  const chain: unknown[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) chain.push(e);
  const codes = chain.map((e) => (e as { code?: unknown }).code).filter((c): c is string => typeof c === "string");
  const message = chain.map((e) => (e instanceof Error ? e.message : String(e))).find((m) => m.trim() !== "") ?? "unknown error";
  if (config.DATABASE_URL) {
    const where = safeDatabaseLocation(config.DATABASE_URL);
    if (codes.some((c) => ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "ECONNRESET", "57P03"].includes(c))) {
      return `Cannot reach the PostgreSQL server at ${where} (DATABASE_URL): ${message}. Start it or fix DATABASE_URL.`;
    }
    return `The PostgreSQL database at ${where} (DATABASE_URL) could not be opened: ${oneLine(message)}`;
  }
  const fsCode = codes.find((c) => ["EROFS", "EACCES", "EPERM", "ENOSPC", "EDQUOT"].includes(c));
  if (fsCode)
    return dataDirError(
      config.DATA_DIR,
      chain.find((e) => (e as { code?: unknown }).code === fsCode),
    ).message;
  return `The site could not start: ${oneLine(message)}`;
}

/** host:port/database of a PostgreSQL URL, never its password. */
function safeDatabaseLocation(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparsable URL)";
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}
