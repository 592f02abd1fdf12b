/**
 * The flood: one address sends thousands of form POSTs as fast as it can while other visitors
 * (each from an address of their own) submit normally. The per-address limit must throttle the
 * flood (HTTP 429) without slowing the others down: their p99 is the figure (target < 100 ms).
 *
 * Addresses are claimed with X-Forwarded-For, so the server under test must trust loopback
 * proxies (TRUST_PROXY=loopback, the default) and keep its production rate limit.
 */
import autocannon from "autocannon";
import { performance } from "node:perf_hooks";

export interface FloodResult {
  flood: { sent: number; accepted: number; throttled: number; other: number; errors: number; seconds: number; reqPerSec: number };
  visitors: { sent: number; accepted: number; other: number; p50: number; p99: number; max: number };
}

const FLOOD_ADDRESS = "198.51.100.66";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const contactBody = (name: string, email: string) =>
  new URLSearchParams({ name, email, phone: "780-555-0123", message: "Is the bungalow on 104 Street still available?", website: "" }).toString();

export async function benchFlood(options: { origin: string; floodRequests?: number; connections?: number; visitorConcurrency?: number }): Promise<FloodResult> {
  const floodRequests = options.floodRequests ?? 5000;
  const runId = Date.now().toString(36);
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

  // Normal visitors: a new address for each submission, a couple at a time, for as long as the flood lasts.
  let floodDone = false;
  void flood.then(
    () => (floodDone = true),
    () => (floodDone = true),
  );
  const latencies: number[] = [];
  let visitorCount = 0;
  let visitorOk = 0;
  const visitor = async () => {
    while (!floodDone) {
      const i = visitorCount++;
      const started = performance.now();
      try {
        const res = await fetch(`${options.origin}/contact.data`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin, "x-forwarded-for": `203.0.${113 + (Math.floor(i / 250) % 8)}.${(i % 250) + 1}` },
          body: contactBody(`Visitor ${i}`, `visitor-${runId}-${i}@example.com`),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.status === 200) visitorOk += 1;
      } catch {
        // counted as not accepted
      }
      latencies.push(performance.now() - started);
      // A person takes a moment between pages; keeps the visitors from being a flood themselves.
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const visitors = Promise.all(Array.from({ length: options.visitorConcurrency ?? 2 }, visitor));
  const result = await flood;
  await visitors;
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
    visitors: { sent: visitorCount, accepted: visitorOk, other: visitorCount - visitorOk, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
  };
}

export function printFlood(r: FloodResult, limit: number) {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\nFlood: ${r.flood.sent} POSTs from one address (${r.flood.reqPerSec.toFixed(0)} req/s over ${r.flood.seconds.toFixed(1)} s) while other visitors submit`);
  console.log(`  flood       accepted ${r.flood.accepted} (limit ${limit} per window), throttled with 429: ${r.flood.throttled}, other answers ${r.flood.other}, errors ${r.flood.errors}`);
  console.log(`  visitors    ${r.visitors.sent} submissions from their own addresses: accepted ${r.visitors.accepted}, other ${r.visitors.other}`);
  console.log(`              latency p50 ${ms(r.visitors.p50)}  p99 ${ms(r.visitors.p99)}  max ${ms(r.visitors.max)}  (target p99 < 100 ms: ${r.visitors.p99 < 100 ? "met" : "NOT met"})`);
}
