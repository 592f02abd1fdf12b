/**
 * Debian's Caddy in front of a server on loopback, with the project's own deploy/Caddyfile and
 * Caddy's internal certificate authority (issue 41): the production front end under test. Started
 * by a test, stopped by it (by its own process id). Everything it writes stays in a temporary
 * folder; it binds loopback only and never touches the system's trust store.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CADDY = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
const DEPLOY_CADDYFILE = fileURLToPath(new URL("../../deploy/Caddyfile", import.meta.url));

export interface Caddy {
  /** https://localhost:<port>: the site's public address. */
  origin: string;
  httpPort: number;
  httpsPort: number;
  /** The internal authority's root certificate (PEM): what a client trusts to reach the site. */
  ca: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startCaddy(options: { httpPort: number; httpsPort: number; upstreamPort: number }): Promise<Caddy> {
  if (!CADDY) throw new Error("Caddy is not installed (Debian's package: apt-get install caddy)");
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-caddy-"));
  // The test's own global options around the deploy file, which holds only the site.
  writeFileSync(
    path.join(dir, "Caddyfile"),
    `{
	admin off
	skip_install_trust
	default_bind 127.0.0.1
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
	storage file_system {
		root ${path.join(dir, "storage")}
	}
}
import ${DEPLOY_CADDYFILE}
`,
  );
  let log = "";
  const child: ChildProcess = spawn(CADDY, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_CONFIG_HOME: dir,
      XDG_DATA_HOME: dir,
      SITE_DOMAIN: "localhost",
      SITE_UPSTREAM: `127.0.0.1:${options.upstreamPort}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const rootFile = path.join(dir, "storage", "pki", "authorities", "local", "root.crt");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      kill();
    }
    process.off("exit", kill);
    rmSync(dir, { recursive: true, force: true });
  };
  const origin = `https://localhost:${options.httpsPort}`;
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) break;
    if (!existsSync(rootFile)) continue;
    const ca = readFileSync(rootFile, "utf8");
    const answered = await new Promise<boolean>((resolve) => {
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port: options.httpsPort,
          servername: "localhost",
          ca,
          path: "/healthz",
          headers: { host: `localhost:${options.httpsPort}` },
          timeout: 2_000,
        },
        (res) => {
          res.resume();
          resolve(true);
        },
      );
      req.on("error", () => resolve(false));
      req.end();
    });
    if (answered) return { origin, httpPort: options.httpPort, httpsPort: options.httpsPort, ca, output: () => log, stop };
  }
  await stop();
  throw new Error(`Caddy did not answer over HTTPS:\n${log}`);
}
