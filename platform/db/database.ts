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
import pg from "pg";
import { PgliteThread } from "./pglite-client";
import { acquirePgliteLock } from "./pglite-lock";

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
  /** Applies the pending migrations of db/migrations (or of `folder`: a backup's own level, platform/backup). */
  migrate(folder?: string): Promise<void>;
  /**
   * PGlite only: writes its own dump of the data directory (a tar, uncompressed) to `file`. Called
   * inside `transaction`, so no statement writes while it is made (platform/backup/dump.ts).
   */
  dumpDataDir?(file: string): Promise<void>;
  /**
   * PGlite in a folder: that folder. Its files are real files on disk (Emscripten's NODEFS), so a
   * backup copies them from this thread's side while PGlite keeps answering (platform/backup/online-copy.ts).
   */
  readonly dataDir?: string;
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
  /** PGlite only: a dump of its data directory (dumpDataDir) to unpack into the new folder or memory first. */
  loadFrom?: string;
}

/**
 * The SQL migrations. Run from source (tsx, tests) they are read from db/migrations; the compiled
 * server (BUILD_DIR/server.js) reads the copy the build puts beside it, so a build folder carries
 * the schema it was built with.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = existsSync(path.join(here, "migrations"))
  ? path.join(here, "migrations")
  : path.resolve(here, "../../db/migrations");

/**
 * A database made by initdb, as a gzipped tarball of its folder: the build makes it beside server.js
 * (scripts/build-server.ts) and a new PGlite folder starts from it. Run from source there is none,
 * and PGlite runs initdb itself.
 */
export const INITIAL_PGLITE_DATA = path.join(here, "pglite-initial.tar.gz");

/** Any constant; it names the lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK_KEY = 4_204_204;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const pgliteDir = options.pgliteDir ?? "memory";
  // PGlite's first open of a folder runs initdb (unless the build's initialised database is
  // there to unpack), which grows its WebAssembly memory to about 750 MB; that memory is never
  // given back while its thread lives (issue 38: a first start sat at 890 MB). The new folder is
  // made and migrated by a thread that then ends, and the database is opened again by a fresh one
  // (about a second more, on the first start only).
  const fresh =
    !options.databaseUrl && pgliteDir !== "memory" && options.migrate !== false && !existsSync(path.join(pgliteDir, "PG_VERSION"));
  // A backup being restored is loaded by the first thread only: the second opens the folder it made.
  if (fresh) await migrateThenClose(await openPglite(pgliteDir, options.loadFrom));
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : await openPglite(pgliteDir, fresh ? undefined : options.loadFrom);
  if (options.migrate !== false) await migrateThenClose(database, { keepOpen: true });
  return database;
}

/** Applies the pending migrations, then closes the database (unless `keepOpen`); closes it on failure either way. */
async function migrateThenClose(database: Database, { keepOpen = false }: { keepOpen?: boolean } = {}): Promise<void> {
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  if (!keepOpen) await database.close();
}

async function openPglite(dir: string, loadFrom?: string): Promise<Database> {
  let release = () => {};
  if (dir !== "memory") {
    mkdirSync(dir, { recursive: true });
    release = acquirePgliteLock(dir);
  }
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start(dir, existsSync(INITIAL_PGLITE_DATA) ? INITIAL_PGLITE_DATA : undefined, loadFrom);
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
    ...(dir === "memory" ? {} : { dataDir: path.resolve(dir) }),
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
    async migrate(folder = MIGRATIONS_DIR) {
      await thread.call({ op: "migrate", folder });
    },
    async dumpDataDir(file) {
      await thread.call({ op: "dump", file });
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
    async migrate(folder = MIGRATIONS_DIR) {
      // Several web servers may start together on one PostgreSQL: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
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
  return async <T>(query: SQL) => {
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
