import { type Server, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { installGracefulShutdown } from "./graceful-shutdown";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/** A server whose every answer takes `delayMs` (never, when null). */
async function slowServer(delayMs: number | null): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    if (delayMs !== null) setTimeout(() => res.end("done"), delayMs);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on("error", reject);
    req.end();
  });
}

const quiet = { info: () => undefined, error: () => undefined };

describe("graceful shutdown", () => {
  it("finishes the request in flight, then cleans up, then reports exit code 0", async () => {
    const { server, port } = await slowServer(300);
    const events: string[] = [];
    const shutdown = installGracefulShutdown(server, {
      graceMs: 5000,
      cleanupTimeoutMs: 1000,
      cleanup: async () => void events.push("cleanup"),
      log: quiet,
      signals: [],
    });
    server.prependListener("request", (req, res) => {
      shutdown.beforeResponse(req, res);
      res.on("finish", () => events.push("answered"));
    });
    const inFlight = get(port);
    await new Promise((r) => setTimeout(r, 50));
    const code = await shutdown.shutdown("test");
    expect(await inFlight).toMatchObject({ status: 200, body: "done" });
    expect(code).toBe(0);
    expect(events).toEqual(["answered", "cleanup"]);
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts a request that outlives the grace period, and still exits 0", async () => {
    const { server, port } = await slowServer(null);
    const shutdown = installGracefulShutdown(server, {
      graceMs: 300,
      cleanupTimeoutMs: 1000,
      cleanup: async () => undefined,
      log: quiet,
      signals: [],
    });
    const hung = get(port).catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect(await shutdown.shutdown("test")).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await hung).toBeInstanceOf(Error);
  });

  it("reports 1 when the cleanup fails or hangs", async () => {
    const failing = installGracefulShutdown((await slowServer(0)).server, {
      graceMs: 100,
      cleanupTimeoutMs: 200,
      cleanup: () => Promise.reject(new Error("db")),
      log: quiet,
      signals: [],
    });
    expect(await failing.shutdown("test")).toBe(1);
    const hanging = installGracefulShutdown((await slowServer(0)).server, {
      graceMs: 100,
      cleanupTimeoutMs: 200,
      cleanup: () => new Promise(() => undefined),
      log: quiet,
      signals: [],
    });
    expect(await hanging.shutdown("test")).toBe(1);
  });
});
