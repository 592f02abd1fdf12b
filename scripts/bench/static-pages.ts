/**
 * Static-page throughput: a prerendered page served by the app's own server, side by side in
 * the same run with a bare node:http server answering the same bytes from memory (the ceiling
 * on this machine). Printed as requests per second, p99 latency and their ratio.
 * Targets (issue #7): ratio >= 0.6 and p99 < 20 ms at 50 connections.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Same bytes from memory, brotli-compressed once, answered by node:http alone. */
const BARE_SERVER = `
const { readFileSync } = require("node:fs");
const { brotliCompressSync } = require("node:zlib");
const body = brotliCompressSync(readFileSync(process.argv[1]));
const server = require("node:http").createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", "Content-Length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

export interface StaticBenchResult {
  page: string;
  app: { rps: number; p99: number; non2xx: number };
  bare: { rps: number; p99: number; non2xx: number };
  ratio: number;
}

async function run(url: string, connections: number, duration: number) {
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip, br" } });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * `appOrigin` must be the production server (`NODE_ENV=production`) built into `buildDir`.
 * Both servers compress (the app with its middleware, the bare one by serving pre-compressed
 * bytes), so they do the same job for the client.
 */
export async function benchStaticPages(options: {
  appOrigin: string;
  buildDir: string;
  page?: string;
  connections?: number;
  duration?: number;
}): Promise<StaticBenchResult> {
  const page = options.page ?? "/about";
  const connections = options.connections ?? 50;
  const duration = options.duration ?? 8;
  const bare = await startBareServer(prerenderedFile(options.buildDir, page));
  try {
    // Warm both up so neither pays for first-request costs in the measurement.
    await run(`${options.appOrigin}${page}`, 10, 1);
    await run(`${bare.origin}${page}`, 10, 1);
    const appResult = await run(`${options.appOrigin}${page}`, connections, duration);
    const bareResult = await run(`${bare.origin}${page}`, connections, duration);
    return { page, app: appResult, bare: bareResult, ratio: appResult.rps / bareResult.rps };
  } finally {
    bare.stop();
  }
}

/** The prerendered HTML of `page` in a build; throws when the build has none. */
export function prerenderedFile(buildDir: string, page: string): string {
  const file = path.join(buildDir, "client", page === "/" ? "" : page, "index.html");
  if (!existsSync(file)) throw new Error(`${file} does not exist: build first`);
  return file;
}

/**
 * The ceiling on this machine: node:http answering `file`'s bytes from memory. It runs in its own
 * process, like the app, so both compete with the load generator on equal terms.
 */
export async function startBareServer(file: string): Promise<{ origin: string; stop(): void }> {
  const bare = spawn(process.execPath, ["-e", BARE_SERVER, file], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    bare.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    bare.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => bare.kill() };
}

export function printStaticBench(r: StaticBenchResult) {
  console.log(`\nStatic page ${r.page} at 50 connections`);
  console.log(`  app server   ${r.app.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.app.p99).padStart(4)} ms  non-2xx ${r.app.non2xx}`);
  console.log(`  bare node    ${r.bare.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.bare.p99).padStart(4)} ms`);
  console.log(`  ratio ${r.ratio.toFixed(2)} (target >= 0.6), app p99 ${r.app.p99} ms (target < 20 ms)`);
}
