/**
 * The production server under bench: a free loopback port, the built server (build-bench/)
 * started as a child process with the bench's settings and stopped cleanly, the end of its
 * output for when a section gets answers other than 2xx, and the CPU time it used.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { readScriptConfig } from "../script-config";
import { SERVER_NODE_OPTIONS } from "../../server/node-options";
import { type TestOnlySettings, testOnlyValue } from "../../platform/config";

const config = readScriptConfig();

export const buildDir = "build-bench";
export const HOST = "127.0.0.1";

/**
 * CPU seconds used so far by a process and its descendants (Linux /proc; null elsewhere).
 * On a machine shared with other work, the server's CPU time per request says more than the
 * request rate: 1000 / (CPU ms per request) is what one dedicated core would sustain.
 */
export function cpuSecondsOfTree(pid: number): number | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  let total = 0;
  const visit = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const children = readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(" ") : []) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return total;
}

export async function freePort(): Promise<number> {
  if (config.BENCH_PORT) return config.BENCH_PORT;
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, HOST, () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The server's output, shown when a section gets answers other than 2xx. */
let serverLog = "";

/** The end of the output of the server started last. */
export function serverLogTail(lines: number): string {
  return serverLog.split("\n").slice(-lines).join("\n");
}

/**
 * The built server on `port` with `env`. The form quota is lifted (TEST_ONLY, decision 052): the
 * limiter protects the site from one client, and the bench is that one client on purpose; the
 * flood passes `testOnly: {}` to run with the production quota.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  testOnly: TestOnlySettings = { formRateLimitMax: 100_000_000 },
): Promise<ChildProcess> {
  const testOnlyJson = testOnlyValue(env.TEST_ONLY, testOnly);
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(buildDir, "server.js")], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      BUILD_DIR: buildDir,
      ...(testOnlyJson === "{}" ? {} : { TEST_ONLY: testOnlyJson }),
      OUTBOX_WORKER: config.BENCH_OUTBOX_WORKER ? "on" : "off",
      // A backup a minute after start would land in the middle of a measured section; the backup
      // section (scripts/bench/backup.ts) measures backups on their own.
      BACKUP_WORKER: env.BACKUP_WORKER ?? "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  serverLog = "";
  const keep = (d: Buffer) => {
    log += d.toString();
    serverLog = (serverLog + d.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`http://${HOST}:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`server did not become healthy:\n${log}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}
