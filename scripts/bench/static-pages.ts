/**
 * Static-page throughput: a prerendered page served by the app's own server, side by side in
 * the same run with a bare node:http server answering the same bytes from memory (the ceiling
 * on this machine). Printed as requests per second, p99 latency and their ratio.
 * Targets (issue #7): ratio >= 0.6 and p99 < 20 ms at 50 connections.
 */
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

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
export async function benchStaticPages(options: { appOrigin: string; buildDir: string; page?: string; connections?: number; duration?: number }): Promise<StaticBenchResult> {
  const page = options.page ?? "/about";
  const connections = options.connections ?? 50;
  const duration = options.duration ?? 8;
  const file = path.join(options.buildDir, "client", page === "/" ? "" : page, "index.html");
  const raw = readFileSync(file);
  const { brotliCompressSync } = await import("node:zlib");
  const compressed = brotliCompressSync(raw);

  const bare = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", "Content-Length": compressed.length });
    res.end(compressed);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const barePort = (bare.address() as AddressInfo).port;
  try {
    // Warm both up so neither pays for first-request costs in the measurement.
    await run(`${options.appOrigin}${page}`, 10, 1);
    await run(`http://127.0.0.1:${barePort}${page}`, 10, 1);
    const appResult = await run(`${options.appOrigin}${page}`, connections, duration);
    const bareResult = await run(`http://127.0.0.1:${barePort}${page}`, connections, duration);
    return { page, app: appResult, bare: bareResult, ratio: appResult.rps / bareResult.rps };
  } finally {
    bare.close();
  }
}

export function printStaticBench(r: StaticBenchResult) {
  console.log(`\nStatic page ${r.page} at 50 connections`);
  console.log(`  app server   ${r.app.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.app.p99).padStart(4)} ms  non-2xx ${r.app.non2xx}`);
  console.log(`  bare node    ${r.bare.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.bare.p99).padStart(4)} ms`);
  console.log(`  ratio ${r.ratio.toFixed(2)} (target >= 0.6), app p99 ${r.app.p99} ms (target < 20 ms)`);
}
