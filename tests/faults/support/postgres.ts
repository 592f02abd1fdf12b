/**
 * A throw-away PostgreSQL server started by the suite itself from Debian's binaries
 * (/usr/lib/postgresql/VERSION/bin, newest version; PG_BIN overrides), in a temp folder, on a
 * loopback port. As root, PostgreSQL refuses to run, so initdb and pg_ctl run as the `postgres`
 * user (the Debian package creates it).
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { HOST } from "./ports";

export function findPostgresBin(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, "pg_ctl")) ? process.env.PG_BIN : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

const asRoot = userInfo().uid === 0;

function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Servers still running when the test process exits are stopped there (pg_ctl detaches them). */
const live = new Set<TestPostgres>();
process.once("exit", () => {
  for (const pg of live) pg.destroy();
});

export class TestPostgres {
  readonly dataDir: string;
  private running = false;

  constructor(
    private readonly bin: string,
    readonly port: number,
  ) {
    this.dataDir = mkdtempSync(path.join(tmpdir(), "agent-site-faults-pg-"));
    if (asRoot) chownSync(this.dataDir, uidOf("postgres"), gidOf("postgres"));
  }

  get url(): string {
    return `postgres://postgres@${HOST}:${this.port}/agent_site_faults`;
  }

  private run(tool: string, args: string[]): string {
    const command = [path.join(this.bin, tool), ...args];
    if (asRoot)
      return execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", command.map(quote).join(" ")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    return execFileSync(command[0]!, command.slice(1), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  }

  /** initdb (trust authentication, loopback only), start, create the suite's database. */
  async init(): Promise<void> {
    this.run("initdb", ["-D", this.dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    this.start();
    this.run("createdb", ["-h", HOST, "-p", String(this.port), "-U", "postgres", "agent_site_faults"]);
  }

  start(): void {
    // fsync off: the suite plays process crashes and restarts, not power cuts, and the disk is shared.
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=${HOST} -c fsync=off -c max_connections=40`;
    live.add(this);
    this.run("pg_ctl", ["-D", this.dataDir, "-l", path.join(this.dataDir, "server.log"), "-o", options, "-w", "-t", "30", "start"]);
    this.running = true;
  }

  /** `immediate` is a crash (no checkpoint, clients cut); `fast` a clean stop that still cuts clients. */
  stop(mode: "fast" | "immediate" = "fast"): void {
    if (!this.running) return;
    this.run("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "-t", "30", "stop"]);
    this.running = false;
  }

  /** Stops the server if it runs and removes its folder. */
  destroy(): void {
    try {
      this.stop("immediate");
    } catch {
      // already stopped
    }
    live.delete(this);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function idOf(flag: "-u" | "-g", user: string): number {
  return Number(execFileSync("id", [flag, user], { encoding: "utf8" }).trim());
}
const uidOf = (user: string) => idOf("-u", user);
const gidOf = (user: string) => idOf("-g", user);
