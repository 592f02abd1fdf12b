/**
 * The embedded database's own thread (a worker thread started by `openDatabase` in
 * platform/db/database.ts, which is the only module that talks to it).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: every statement runs synchronously on the
 * thread that calls it. On the server's main thread each statement stopped everything else for
 * its whole duration (the HTTP parsing and React Router work of the other requests, the static
 * pages, the mail of the outbox worker), so the database and the rest of the server could not
 * use two cores between them, and a long statement (the daily vacuum, a listings sync page, an
 * inbox export) stalled every visitor. Here it runs beside them; the main thread only posts the
 * statement's text and values and receives the rows.
 *
 * Plain JavaScript on purpose: a worker thread loads its file with Node itself, in the built
 * server (the build copies this file beside server.js) as under tsx and the tests.
 *
 * Messages, each answered once with `{ id, ok: true, value }` or `{ id, ok: false, error }`:
 *   { id, op: "rows", text, params, tx? }            one statement; inside transaction `tx` if given
 *   { id, op: "begin" }                              opens a transaction; its value is the transaction's id
 *   { id, op: "commit" | "rollback", tx }
 *   { id, op: "migrate", folder }                    drizzle's migrations from that folder
 *   { id, op: "dump", file }                         PGlite's own dump of its data directory (a tar,
 *                                                    uncompressed) written to `file`; sent inside a transaction,
 *                                                    so nothing writes while it is made (platform/backup)
 *   { id, op: "close" }                              closes PGlite; the thread then ends
 * workerData: { dir, loadFrom? }: `loadFrom` is such a dump, unpacked into `dir` (a new folder, or
 * "memory") before PGlite opens it: a restore, or the scratch copy a backup is checked in.
 * Before any of them it posts `{ ready: true }`, or `{ ready: false, error }` if PGlite did not open.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { Blob, Buffer } from "node:buffer";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";

/** bigint as a number, as on the pg pool (platform/db/database.ts): the one bigint column is a passkey's signature counter. */
const INT8 = 20;
const parsers = { [INT8]: (value) => Number(value) };

const port = parentPort;
if (!port) throw new Error("pglite-thread.mjs runs as a worker thread (see openDatabase in platform/db/database.ts)");

/** @type {PGlite} */
let client;
try {
  const dir = workerData.dir;
  // PostgreSQL's default 128 MB of shared buffers are all touched in PGlite's WebAssembly memory
  // (resident for the process's life); the site's database is a few megabytes, and the kernel's
  // page cache still holds its files. 16 MB took resident memory from about 420 to 300 MB (issue 38).
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
  // A new folder gets the build's initialised database (scripts/build-server.ts) when there is
  // one: PGlite's initdb took the process to 800 MB for the seconds it ran (issue 38).
  // A backup being restored (`loadFrom`) is unpacked whatever the folder holds; the initial database only into a new folder.
  const load =
    workerData.loadFrom ??
    (dir !== "memory" && workerData.initial && !existsSync(path.join(dir, "PG_VERSION")) ? workerData.initial : undefined);
  const loadDataDir = load ? new Blob([await readFile(load)]) : undefined;
  client =
    dir === "memory"
      ? await PGlite.create({ parsers, startParams, loadDataDir })
      : await PGlite.create(dir, { parsers, startParams, loadDataDir });
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) });
  port.close();
}

if (client) {
  /** Open transactions by id (the id of their "begin" message): PGlite's transaction object and how to end it. */
  const transactions = new Map();
  const ROLLBACK = new Error("rolled back by the caller");

  const run = {
    async rows({ text, params, tx }) {
      if (tx !== undefined) {
        const open = transactions.get(tx);
        if (!open) throw new Error("the transaction is already over");
        return (await open.tx.query(text, params)).rows;
      }
      return (await client.query(text, params)).rows;
    },
    begin({ id }) {
      // Answered from inside PGlite's transaction once BEGIN has run. It stays open until the
      // commit or rollback message, and PGlite queues every other statement behind it
      // meanwhile, as it did for a transaction on the main thread.
      return new Promise((resolve, reject) => {
        let end;
        const ended = new Promise((commit, rollback) => {
          end = (doCommit) => (doCommit ? commit() : rollback(ROLLBACK));
        });
        let begun = false;
        const outcome = client.transaction(async (tx) => {
          begun = true;
          transactions.set(id, { tx, end, outcome });
          resolve(id);
          await ended;
        });
        outcome.catch((error) => {
          if (!begun) reject(error);
        });
      });
    },
    async commit({ tx }) {
      const open = transactions.get(tx);
      if (!open) throw new Error("the transaction is already over");
      transactions.delete(tx);
      open.end(true);
      await open.outcome;
      return null;
    },
    async rollback({ tx }) {
      const open = transactions.get(tx);
      if (!open) return null;
      transactions.delete(tx);
      open.end(false);
      await open.outcome.catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
      return null;
    },
    async migrate({ folder }) {
      await migrate(drizzle(client), { migrationsFolder: folder });
      return null;
    },
    async dump({ file }) {
      // Takes PGlite's query lock for its whole length: the caller's open transaction keeps every
      // other statement out too, so the copy is the state that transaction saw. Uncompressed: the
      // caller compresses it after the transaction, so statements wait only for the copy.
      const tarball = await client.dumpDataDir("none");
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
      return null;
    },
    async close() {
      if (!client.closed) await client.close();
      return null;
    },
  };

  port.on("message", async (message) => {
    let reply;
    try {
      reply = { id: message.id, ok: true, value: await run[message.op](message) };
    } catch (error) {
      reply = { id: message.id, ok: false, error: serializeError(error) };
    }
    port.postMessage(reply);
    if (message.op === "close") port.close();
  });
  port.postMessage({ ready: true });
}

/**
 * An error as plain data for the main thread: its message, name and every simple field
 * (PostgreSQL's SQLSTATE `code`, `detail`, `constraint`…; a file system error's `code`), and its
 * cause, so platform/db/errors.ts and the start-up check read it as they read PGlite's own.
 */
function serializeError(error, depth = 0) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) plain[key] = value;
  }
  if (error.cause !== undefined && depth < 4) plain.cause = serializeError(error.cause, depth + 1);
  return plain;
}
