/**
 * The flood: one address sends thousands of form POSTs as fast as it can while other visitors
 * (each from an address of their own) submit normally. The per-address limit must throttle the
 * flood (HTTP 429) without slowing the others down: their p99 is the figure (target < 100 ms).
 *
 * Addresses are claimed with X-Forwarded-For, so the server under test must trust loopback
 * proxies (TRUST_PROXY=loopback, the default) and keep its production rate limit.
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readScriptConfig } from "../script-config";

const config = readScriptConfig();

export interface FloodResult {
  flood: { sent: number; accepted: number; throttled: number; other: number; errors: number; seconds: number; reqPerSec: number };
  visitors: { warmedUp: number; sent: number; accepted: number; other: number; p50: number; p99: number; max: number };
}

const FLOOD_ADDRESS = "198.51.100.66";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const contactBody = (name: string, email: string) =>
  new URLSearchParams({
    name,
    email,
    phone: "780-555-0123",
    message: "Is the bungalow on 104 Street still available?",
    website: "",
  }).toString();

/**
 * The normal visitors (argv: origin, run id, how many at once): each submission from a new
 * address, a short pause between them as a person would take, until stdin closes; then prints
 * the latencies (ms) and counts as JSON.
 */
const VISITORS = `
const [origin, runId, concurrency] = process.argv.slice(1);
const { performance } = require("node:perf_hooks");
let running = true, count = 0, ok = 0, warmupOk = 0;
const latencies = [];
process.stdin.on("data", () => {});
process.stdin.on("end", () => { running = false; });
async function submit(i) {
  const body = new URLSearchParams({ name: "Visitor " + i, email: "visitor-" + runId + "-" + i + "@example.com", phone: "780-555-0123", message: "Is the bungalow on 104 Street still available?", website: "" }).toString();
    const started = performance.now();
    try {
      const res = await fetch(origin + "/contact.data", { method: "POST", body, signal: AbortSignal.timeout(10000),
        headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": "203.0." + (113 + (Math.floor(i / 250) % 8)) + "." + ((i % 250) + 1) } });
      await res.arrayBuffer();
      return { ok: res.status === 200, ms: performance.now() - started };
    } catch {
      return { ok: false, ms: performance.now() - started };
    }
}
async function visitor() {
  while (running) {
    const r = await submit(count++);
    if (r.ok) ok++;
    latencies.push(r.ms);
    await new Promise((r) => setTimeout(r, 20));
  }
}
(async () => {
  // Warm-up, not measured: the first submissions of a process compile its code paths (here and in the server).
  for (let i = 0; i < 5; i++) if ((await submit(100000 + i)).ok) warmupOk++;
  process.stdout.write("ready\\n");
  await Promise.all(Array.from({ length: Number(concurrency) }, visitor));
  process.stdout.write(JSON.stringify({ latencies, count, ok, warmupOk }) + "\\n");
})();
`;

export async function benchFlood(options: {
  origin: string;
  floodRequests?: number;
  connections?: number;
  visitorConcurrency?: number;
}): Promise<FloodResult> {
  const floodRequests = options.floodRequests ?? 5000;
  const runId = Date.now().toString(36);
  // Normal visitors run in a process of their own: timed in the same event loop as the flood's
  // client, their latency would include the client's own delays, not only the server's.
  const visitors = spawn(process.execPath, ["-e", VISITORS, options.origin, runId, String(options.visitorConcurrency ?? 2)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let visitorOutput = "";
  visitors.stdout.on("data", (d: Buffer) => (visitorOutput += d.toString()));
  const visitorsDone = new Promise<void>((resolve) => visitors.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    visitors.stdout.on("data", () => visitorOutput.startsWith("ready\n") && resolve());
    visitors.once("exit", () => reject(new Error("the visitors' process ended before it was ready")));
  });
  let n = 0;
  const flood = autocannon({
    url: options.origin,
    connections: options.connections ?? 16,
    amount: floodRequests,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: "POST",
          path: "/contact.data",
          body: contactBody(`Flood ${n}`, `flood-${runId}-${n++}@example.com`),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin, "x-forwarded-for": FLOOD_ADDRESS },
        }),
      },
    ],
  });

  let result: autocannon.Result;
  try {
    result = await flood;
  } finally {
    visitors.stdin.end();
  }
  await visitorsDone;
  const measured = JSON.parse(visitorOutput.slice("ready\n".length) || '{"latencies":[],"count":0,"ok":0,"warmupOk":0}') as {
    latencies: number[];
    count: number;
    ok: number;
    warmupOk: number;
  };
  const { latencies, count: visitorCount, ok: visitorOk } = measured;
  if (config.BENCH_DEBUG) console.log("visitor latencies in order:", latencies.map((l) => l.toFixed(0)).join(" "));
  latencies.sort((a, b) => a - b);
  const throttled = result.statusCodeStats?.["429"]?.count ?? 0;
  const answered = result["2xx"] + result.non2xx;
  return {
    flood: {
      sent: answered + result.errors + result.timeouts,
      accepted: result["2xx"],
      throttled,
      other: result.non2xx - throttled,
      errors: result.errors + result.timeouts,
      seconds: result.duration,
      reqPerSec: answered / result.duration,
    },
    visitors: {
      warmedUp: measured.warmupOk,
      sent: visitorCount,
      accepted: visitorOk,
      other: visitorCount - visitorOk,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
    },
  };
}

export function printFlood(r: FloodResult, limit: number) {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `\nFlood: ${r.flood.sent} POSTs from one address (${r.flood.reqPerSec.toFixed(0)} req/s over ${r.flood.seconds.toFixed(1)} s) while other visitors submit`,
  );
  console.log(
    `  flood       accepted ${r.flood.accepted} (limit ${limit} per window), throttled with 429: ${r.flood.throttled}, other answers ${r.flood.other}, errors ${r.flood.errors}`,
  );
  console.log(
    `  visitors    ${r.visitors.sent} submissions from their own addresses (after ${r.visitors.warmedUp} unmeasured): accepted ${r.visitors.accepted}, other ${r.visitors.other}`,
  );
  console.log(
    `              latency p50 ${ms(r.visitors.p50)}  p99 ${ms(r.visitors.p99)}  max ${ms(r.visitors.max)}  (target p99 < 100 ms: ${r.visitors.p99 < 100 ? "met" : "NOT met"})`,
  );
}
