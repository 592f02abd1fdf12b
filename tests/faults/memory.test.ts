/**
 * Resident memory of the production server (issue 38): at most 600 MB at every moment, from its
 * first start in a new DATA_DIR (PGlite's initdb took it to 890 MB and it stayed there) to a flood
 * of distinct addresses (6,000 `/listings?…` with 4 KB queries and as many unknown paths took it
 * from 557 to 931 MB). The server's VmRSS is read from /proc every 50 ms while it starts and while
 * the flood runs, on loopback, with a bounded number of requests. Where the memory went and what
 * bounds it: decision 043.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killAll } from "./support/children";
import { stackLines } from "./support/inbox";
import { HOST, ports } from "./support/ports";
import { type SiteProcess, health, spawnSite, waitHealthy } from "./support/site";

/** The target for the small machine an agent's site is hosted on. */
const LIMIT_MB = 600;
/** Requests of each kind in the flood (three kinds); at 8 at a time, about a minute on two cores. */
const EACH = 2_000;
const port = ports.memory.site;
const origin = `http://${HOST}:${port}`;

const dataDir = mkdtempSync(path.join(tmpdir(), "agent-site-faults-memory-"));
let site: SiteProcess;
afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The process's resident memory in MB, or null once it is gone. */
function residentMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/** Samples the process's VmRSS every 50 ms until stopped; the highest reading and when it was. */
function sampler(pid: number) {
  const started = Date.now();
  let peak = { mb: 0, atMs: 0 };
  const timer = setInterval(() => {
    const mb = residentMb(pid);
    if (mb !== null && mb > peak.mb) peak = { mb, atMs: Date.now() - started };
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

describe.skipIf(!existsSync("/proc/self/status"))("resident memory of the production server (issue 38)", () => {
  it(
    `stays under ${LIMIT_MB} MB from its first start in a new DATA_DIR until a while after it is ready`,
    { timeout: 120_000 },
    async () => {
      // An empty folder: the server makes its database there, as on a first `npm start`.
      const spawnedAt = Date.now();
      site = spawnSite({ port, dataDir });
      const samples = sampler(site.child.pid!);
      await waitHealthy(site, 90_000);
      const readyAfterMs = Date.now() - spawnedAt;
      // The issue saw the start-up level held for one to two minutes: watch a while after ready.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const peak = samples.stop();
      console.info(
        `[memory] start-up: peak ${peak.mb} MB at ${peak.atMs} ms (healthy after ${readyAfterMs} ms), now ${residentMb(site.child.pid!)} MB`,
      );
      expect(peak.mb, `peak resident memory while starting, at ${peak.atMs} ms`).toBeLessThanOrEqual(LIMIT_MB);
    },
  );

  it(`stays under ${LIMIT_MB} MB through a flood of distinct addresses, and answers none of them 5xx`, { timeout: 240_000 }, async () => {
    const pad = (n: number) => "x".repeat(n);
    // Three kinds: the 4 KB listings queries, short distinct ones (each a render the server
    // may keep), and unknown paths with 1.5 KB queries. A listings query in any spelling but its own
    // moves there first (decision 054): the 4 KB ones to `/listings?q=N`.
    const target = (i: number) =>
      i % 3 === 0
        ? `/listings?q=${i}&pad=${pad(4000)}`
        : i % 3 === 1
          ? `/listings?minPrice=${i + 1}`
          : `/no-such-page-${i}?pad=${pad(1500)}`;
    const total = EACH * 3;
    const statuses = new Map<number, number>();
    const samples = sampler(site.child.pid!);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const i = next++;
          const res = await fetch(`${origin}${target(i)}`, {
            headers: { "accept-encoding": "br, gzip" },
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const peak = samples.stop();
    console.info(
      `[memory] flood of ${total} distinct addresses in ${Date.now() - started} ms: peak ${peak.mb} MB, now ${residentMb(site.child.pid!)} MB; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect(peak.mb, "peak resident memory during the flood").toBeLessThanOrEqual(LIMIT_MB);
    expect((await health(origin))?.ok).toBe(true);
    expect(stackLines(site.output())).toEqual([]);
  });
});
