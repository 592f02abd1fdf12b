/**
 * A production server of the e2e build started by a spec for itself, with its own database and
 * settings (its own DDF stand-in, SMTP peer, short job intervals), for the specs whose changes
 * would disturb the shared servers of playwright.config.ts. Its output goes to a file beside the
 * test's results; stop() ends it (SIGTERM, then SIGKILL after 15 s) and removes its data folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eFeedEnv } from "../../playwright.config";

/** A port nobody listens on now (the kernel's pick), for a server started by a test. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface OwnServer {
  origin: string;
  dataDir: string;
  logPath: string;
  /** What the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the feed server's build and configuration with `env` on top, on a free port with a fresh data folder (it answers once it has started). */
export async function startOwnServer(name: string, logPath: string, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agent-site-e2e-${name}-`));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const log = createWriteStream(logPath);
  const server: ChildProcess = spawn(process.execPath, ["--enable-source-maps", path.resolve(e2eFeedEnv.BUILD_DIR, "server.js")], {
    env: { ...process.env, ...e2eFeedEnv, NODE_ENV: "production", PORT: String(port), SITE_URL: origin, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const kill = () => server.kill("SIGKILL");
  // A worker that ends without its afterAll (killed after a timeout) takes the server with it.
  process.once("exit", kill);
  return {
    origin,
    dataDir,
    logPath,
    output: () => readFileSync(logPath, "utf8"),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        kill();
      }
      process.off("exit", kill);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
