/** PGlite's worker thread (decision 025) seen from the main thread, for openDatabase (./database.ts). */
import { Worker } from "node:worker_threads";

/**
 * The main thread's side of pglite-thread.mjs: one message per call, answered once. The worker
 * keeps the process alive only while a call is waiting for its answer, so a script that forgets
 * to close the database still ends (as it did with PGlite on the main thread).
 */
export class PgliteThread {
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

  /**
   * Starts the thread and waits for PGlite to open the folder (or "memory"). `loadFrom`: a backup's dump to unpack into the folder (or memory). `initial`: a tarball
   * of a database made by initdb (the build's, scripts/build-server.ts), unpacked into a new
   * folder instead of running initdb there.
   */
  static async start(dir: string, initial?: string, loadFrom?: string): Promise<PgliteThread> {
    // No Node options for the thread (its file is plain JavaScript and needs none): a worker
    // refuses V8 and process-wide ones (`--max-old-space-size`, `--trace-gc`…) given to it, and
    // tsx's loader, inherited under `npm run dev`, the scripts and the tests, hung it at start-up.
    const worker = new Worker(PGLITE_THREAD, { workerData: { dir, initial, loadFrom }, execArgv: [] });
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
