/**
 * The page sections' one way to time GET requests over HTTP (autocannon for a fixed time), and
 * the bare node:http reference they are read beside: what the loaded machine and autocannon cost
 * by themselves.
 */
import autocannon from "autocannon";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpuSecondsOfTree } from "./server";

export interface GetTiming {
  name: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  /** The server's CPU time (its process tree, PGlite's thread included) per answer, ms; null without /proc or a server pid. */
  cpuMs: number | null;
}

/**
 * `seconds` of GET requests over `connections`, the n-th (from 0) to `path(n)`. On a machine
 * shared with other work the latencies follow the load; the server's CPU time per request
 * (`serverPid`'s threads: the main one, PGlite's, the pool's) says what a page costs.
 */
export async function timeGets(
  name: string,
  origin: string,
  path: (n: number) => string,
  seconds: number,
  connections = 8,
  serverPid?: number | null,
): Promise<GetTiming> {
  const cpu = serverPid ? cpuSecondsOfTree(serverPid) : null;
  let n = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, method: "GET", path: path(n++) }) }],
  });
  return {
    name,
    connections,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    cpuMs: cpu === null ? null : (((cpuSecondsOfTree(serverPid!) ?? cpu) - cpu) * 1000) / Math.max(1, result.requests.total),
  };
}

/** A node:http server on loopback answering "ok" at once, for the length of `run` (given its origin). */
export async function withBareServer<T>(run: (origin: string) => Promise<T>): Promise<T> {
  const bare = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
}
