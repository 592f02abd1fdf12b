/**
 * Opens the database and brings its schema up to date.
 *
 * - DATABASE_URL unset: PGlite (PostgreSQL compiled to WebAssembly) in DATA_DIR/pglite, run in
 *   a worker thread of its own (pglite-thread.mjs, decision 025), so its statements use a second
 *   core instead of stopping the server's main thread while they run. Its first open of a new
 *   folder runs initdb and takes seconds, so the server opens it at start-up, before listening. It
 *   has a single connection; PGlite queues every query and transaction on it, and the application
 *   code keeps each submission to one statement so nothing waits long.
 * - DATABASE_URL set: a `pg` connection pool, for a PostgreSQL server shared by several processes.
 *
 * Nothing is cached here: a failed open throws and the next call tries again from scratch.
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { acquirePgliteLock } from "./pglite-lock.server";

/**
 * Every statement of the application is written with drizzle's `sql` template and run through
 * `rows`, on either driver. Its rows come back the same from both: timestamps as Date, jsonb
 * parsed, bigint as number (the one bigint column is a passkey's signature counter), so the
 * callers type them with the schema's inferred row types (db/schema.ts) and never convert.
 */
export interface Database {
  readonly driver: "pglite" | "postgres";
  /** The PostgreSQL connection pool, for libraries that take one (the rate limiter); absent with PGlite. */
  readonly pool?: pg.Pool;
  /** Runs one SQL statement (built with drizzle's `sql` tag) and returns its rows. */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Runs `work` in one transaction; its `rows` runs statements inside it. A throw rolls it back. */
  transaction<R>(work: (rows: Database["rows"]) => Promise<R>): Promise<R>;
  /** Applies the pending migrations of db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite's folder, or "memory" for a throw-away in-memory database (tests). */
  pgliteDir?: string;
  poolMax?: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
}

/**
 * The SQL migrations. Run from source (tsx, tests) they are read from db/migrations; the compiled
 * server (BUILD_DIR/server.js) reads the copy the build puts beside it, so a build folder carries
 * the schema it was built with.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = existsSync(path.join(here, "migrations")) ? path.join(here, "migrations") : path.resolve(here, "../../../db/migrations");

/** Any constant; it names the lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK_KEY = 4_204_204;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl, options.poolMax ?? 10) : await openPglite(options.pgliteDir ?? "memory");
  if (options.migrate !== false) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  }
  return database;
}

async function openPglite(dir: string): Promise<Database> {
  let release = () => {};
  if (dir !== "memory") {
    mkdirSync(dir, { recursive: true });
    release = acquirePgliteLock(dir);
  }
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start(dir);
  } catch (error) {
    release();
    throw error;
  }
  const statement = (query: SQL, tx?: number) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return thread.call<never[]>({ op: "rows", text, params, tx });
  };
  return {
    driver: "pglite",
    rows: (query) => statement(query),
    async transaction(work) {
      const tx = await thread.call<number>({ op: "begin" });
      try {
        const result = await work((query) => statement(query, tx));
        await thread.call({ op: "commit", tx });
        return result;
      } catch (error) {
        // After a failed commit PGlite has already rolled back, and this is a no-op.
        await thread.call({ op: "rollback", tx }).catch(() => undefined);
        throw error;
      }
    },
    async migrate() {
      await thread.call({ op: "migrate", folder: MIGRATIONS_DIR });
    },
    async close() {
      try {
        await thread.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The main thread's side of pglite-thread.mjs: one message per call, answered once. The worker
 * keeps the process alive only while a call is waiting for its answer, so a script that forgets
 * to close the database still ends (as it did with PGlite on the main thread).
 */
class PgliteThread {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (message: { id: number; ok: boolean; value?: never; error?: SerializedError }) => {
      const call = this.waiting.get(message.id);
      if (!call) return;
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) worker.unref();
      if (message.ok) call.resolve(message.value as never);
      else call.reject(errorFrom(message.error!));
    });
    const stop = (error: Error) => {
      this.stopped ??= error;
      for (const call of this.waiting.values()) call.reject(this.stopped);
      this.waiting.clear();
    };
    worker.on("error", (error) => {
      // Every statement from now on fails with this error, and /healthz says the database is unavailable.
      console.error(`[db] the embedded database's thread stopped: ${error.message}`);
      stop(new Error(`the embedded database stopped: ${error.message}`, { cause: error }));
    });
    worker.on("exit", () => stop(new Error("PGlite is closed")));
  }

  /** Starts the thread and waits for PGlite to open the folder (or "memory"). */
  static async start(dir: string): Promise<PgliteThread> {
    // No Node options for the thread (its file is plain JavaScript and needs none): a worker
    // refuses V8 and process-wide ones (`--max-old-space-size`, `--trace-gc`…) given to it, and
    // tsx's loader, inherited under `npm run dev`, the scripts and the tests, hung it at start-up.
    const worker = new Worker(PGLITE_THREAD, { workerData: { dir }, execArgv: [] });
    let onMessage = (_message: { ready: boolean; error?: SerializedError }) => {};
    let onError = (_error: Error) => {};
    let onExit = (_code: number) => {};
    try {
      await new Promise<void>((resolve, reject) => {
        onMessage = (message) => (message.ready ? resolve() : reject(errorFrom(message.error!)));
        onError = reject;
        onExit = (code) => reject(new Error(`the embedded database's thread ended before it was ready (exit code ${code})`));
        worker.once("message", onMessage).once("error", onError).once("exit", onExit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      // Only these: Worker keeps listeners of its own (removeAllListeners would stop its messages).
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    }
    worker.unref();
    return new PgliteThread(worker);
  }

  call<T>(message: { op: string; [key: string]: unknown }): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: never) => void, reject });
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ ...message, id });
    });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    try {
      await this.call({ op: "close" });
    } finally {
      // The thread ends by itself once PGlite has closed; if it does not within a few seconds, it
      // is ended here. The timer keeps the process alive until then.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      await this.worker.terminate();
    }
  }
}

/** The thread's file: beside this module in the source, beside server.js in a build (scripts/build-server.ts copies it). */
const PGLITE_THREAD = new URL("./pglite-thread.mjs", import.meta.url);

interface SerializedError {
  message: string;
  name?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** An error from the thread as an Error again, with PostgreSQL's fields (`code`, `detail`…) and its cause. */
function errorFrom(plain: SerializedError): Error {
  const { message, name, cause, ...fields } = plain;
  const error = new Error(message, cause ? { cause: errorFrom(cause) } : undefined);
  if (name) error.name = name;
  return Object.assign(error, fields);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, types: { getTypeParser: pgTypeParser } });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    driver: "postgres",
    pool,
    rows: rowsOn(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work(rowsOn(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async migrate() {
      // Several web servers may start together on one PostgreSQL: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Turns a `sql` template into text and numbered parameters, as drizzle does for its own queries. */
const dialect = new PgDialect();

/** A pg pool and a pg transaction's client both answer `query(text, params)` with `{ rows }`. */
interface Queryable {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `rows` on one client: the template becomes text and parameters, the driver runs it. */
function rowsOn(client: Queryable): Database["rows"] {
  return async <T,>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query(text, params)).rows as T[];
  };
}

/**
 * bigint as a number on both drivers (node-postgres gives text, PGlite a number or a BigInt; its
 * parser is set in pglite-thread.mjs).
 */
const INT8 = 20;
// node-postgres already gives Date for timestamptz and objects for jsonb, as PGlite does.
function pgTypeParser(oid: number, format?: "text" | "binary"): (value: string) => unknown {
  if (oid === INT8) return Number;
  return (pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => (value: string) => unknown)(oid, format);
}

/** Where PGlite keeps its files inside DATA_DIR. */
export function pgliteDirIn(dataDir: string): string {
  return path.join(dataDir, "pglite");
}
