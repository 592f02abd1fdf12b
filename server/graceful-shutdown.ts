/**
 * Graceful shutdown of the HTTP server on SIGTERM (what a process manager, a container runtime
 * or a deploy sends) and SIGINT (Ctrl-C):
 *
 *   1. stop accepting connections; idle keep-alive connections are closed, and every response
 *      still to be written says `Connection: close`;
 *   2. let the requests in flight finish, for at most `graceMs` (then their sockets are cut:
 *      a request that never ends must not keep a deploy waiting forever);
 *   3. run `cleanup` (the outbox worker finishes the delivery in hand and stops, leaving
 *      undelivered rows for the next start; then mail and the database are closed);
 *   4. exit 0, or 1 when cleanup failed or did not finish within `cleanupTimeoutMs`.
 *
 * A second signal during shutdown exits at once with status 1: the operator insisted.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** See `shutdown`: the listener closes once no connection came for ACCEPT_QUIET_MS, or after ACCEPT_DRAIN_MAX_MS. */
const ACCEPT_QUIET_MS = 100;
const ACCEPT_DRAIN_MAX_MS = 1_000;
/** A connection that has sent nothing for this long after it opened is not about to. */
const SILENT_CONNECTION_MS = 2_000;

/**
 * How long requests in flight get after SIGTERM before their connections are cut: a constant, not
 * configuration (decision 052). The site's pages answer in milliseconds and a form in well under a
 * second, so 10 s only waits out a slow client; with the jobs' 20 s after it, it fits inside the
 * systemd unit's TimeoutStopSec (deploy/agent-site.service). The fault suite sets a shorter one
 * through TEST_ONLY.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface GracefulShutdownOptions {
  /** How long requests in flight may take to finish before their connections are closed. */
  graceMs: number;
  /** How long `cleanup` may take before the process gives up on it. */
  cleanupTimeoutMs: number;
  cleanup: () => Promise<void>;
  log?: Pick<Console, "info" | "error">;
  signals?: readonly NodeJS.Signals[];
}

export interface GracefulShutdown {
  /** True once a signal arrived: the request handler adds `Connection: close`. */
  readonly stopping: boolean;
  /** Marks a response so that its connection is not reused once shutdown began. */
  beforeResponse(req: IncomingMessage, res: ServerResponse): void;
  /** Starts the shutdown (also what the signal handlers call); resolves with the exit code. */
  shutdown(reason: string): Promise<number>;
}

export function installGracefulShutdown(server: Server, options: GracefulShutdownOptions): GracefulShutdown {
  const log = options.log ?? console;
  let stopping = false;
  let done: Promise<number> | null = null;

  // Each open connection: requests in progress, whether it has been answered before, since when.
  const connections = new Map<Socket, { active: number; answered: boolean; openedAt: number }>();
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { active: 0, answered: false, openedAt: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.active += 1;
    res.once("close", () => {
      state.active -= 1;
      state.answered = true;
    });
  });

  /**
   * Closes the connections that have nothing in progress: kept alive after an answer, or open
   * without a word for SILENT_CONNECTION_MS. A just-opened connection is left alone: its
   * request may be in the socket's buffer, not read yet by a busy process.
   */
  function closeIdle(): void {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.active === 0 && (state.answered || now - state.openedAt > SILENT_CONNECTION_MS)) socket.destroy();
    }
  }

  let lastAcceptAt = Date.now();
  server.on("connection", () => {
    lastAcceptAt = Date.now();
  });

  async function acceptQueueDrained(): Promise<void> {
    const deadline = Date.now() + ACCEPT_DRAIN_MAX_MS;
    lastAcceptAt = Date.now();
    while (Date.now() < deadline && Date.now() - lastAcceptAt < ACCEPT_QUIET_MS) await new Promise((r) => setTimeout(r, 10));
  }

  async function shutdown(reason: string): Promise<number> {
    stopping = true;
    const started = Date.now();
    log.info(`[shutdown] ${reason}: no new connections, finishing requests in flight (up to ${options.graceMs} ms)`);
    // Connections that reached the kernel while the process was busy (a signal usually comes
    // under load) are still in its accept queue: closing the listener would reset them, and
    // with them requests their visitors already sent. So the listener stays open until a
    // moment passes with no new connection (ACCEPT_QUIET_MS, at most ACCEPT_DRAIN_MAX_MS);
    // whatever arrives meanwhile is served with `Connection: close`.
    await acceptQueueDrained();
    // net.Server#close, not http.Server#close: the latter also drops every connection with no
    // request in progress, and a connection accepted a moment ago whose request is still
    // unread looks like that; closing it would reset a request the visitor already sent.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const sweeper = setInterval(closeIdle, 50);
    closeIdle();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<"timeout">((resolve) => {
      graceTimer = setTimeout(() => resolve("timeout"), options.graceMs);
    });
    const outcome = await Promise.race([closed.then(() => "closed" as const), graceOver]);
    clearTimeout(graceTimer);
    clearInterval(sweeper);
    if (outcome === "timeout") {
      log.error(`[shutdown] requests still running after ${options.graceMs} ms: closing their connections`);
      server.closeAllConnections();
      await closed;
    }

    let cleanupTimer: NodeJS.Timeout | undefined;
    const cleanupTimedOut = new Promise<"timeout">((resolve) => {
      cleanupTimer = setTimeout(() => resolve("timeout"), options.cleanupTimeoutMs);
    });
    let code = 0;
    try {
      const result = await Promise.race([options.cleanup().then(() => "done" as const), cleanupTimedOut]);
      if (result === "timeout") {
        log.error(`[shutdown] closing the worker and the database took more than ${options.cleanupTimeoutMs} ms: giving up`);
        code = 1;
      }
    } catch (error) {
      log.error(`[shutdown] was not clean: ${error instanceof Error ? error.message : String(error)}`);
      code = 1;
    } finally {
      clearTimeout(cleanupTimer);
    }
    if (code === 0) log.info(`[shutdown] done in ${Date.now() - started} ms`);
    return code;
  }

  for (const signal of options.signals ?? (["SIGTERM", "SIGINT"] as const)) {
    process.on(signal, () => {
      if (done) {
        log.error(`[shutdown] ${signal} again: exiting now`);
        process.exit(1);
        return;
      }
      done = shutdown(signal);
      void done.then((code) => process.exit(code));
    });
  }

  return {
    get stopping() {
      return stopping;
    },
    beforeResponse(_req, res) {
      if (stopping) res.shouldKeepAlive = false;
    },
    shutdown(reason) {
      done ??= shutdown(reason);
      return done;
    },
  };
}
