/**
 * Debian's Varnish in front of a server on loopback, standing in for the CDN or shared cache a
 * production site sits behind (issue 29). Started by a test or the bench, stopped by it (by its
 * own process id).
 *
 * Configured as a CDN behaves by default, and no more: the cache key is the URL (and Host); a
 * visitor's cookies do not bypass the cache (as on Cloudflare, Fastly or CloudFront, whose keys
 * leave cookies out), so the origin's headers alone decide what is shared. Varnish's built-in
 * rules then honour `s-maxage` (before `max-age`) and `stale-while-revalidate` (as grace), and
 * never store a response that is `private`, `no-store` or `no-cache` or carries `Set-Cookie`.
 * Each answer says `X-Cache: HIT` when it came from the cache.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Varnish {
  /** http://localhost:<port>: where visitors send their requests. */
  origin: string;
  port: number;
  /** What varnishd printed (its errors, if it would not start). */
  output(): string;
  stop(): Promise<void>;
}

/** Where Debian's package puts it (outside a non-root user's PATH). */
export const VARNISHD = ["/usr/sbin/varnishd", "/usr/bin/varnishd"].find((file) => existsSync(file));

export function vclFor(backendPort: number): string {
  return `vcl 4.1;

backend site {
  .host = "127.0.0.1";
  .port = "${backendPort}";
  .first_byte_timeout = 30s;
}

sub vcl_recv {
  # A CDN's default: GET and HEAD are looked up by URL whatever cookies the visitor sends; the
  # origin's Cache-Control decides what is stored. Everything else goes to the origin.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  return (hash);
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
`;
}

/**
 * Starts varnishd in the foreground on 127.0.0.1:`port` in front of 127.0.0.1:`backendPort`, and
 * resolves once it answers. Throws with varnishd's own words when it cannot start (not installed:
 * `apt-get install varnish`).
 */
export async function startVarnish({
  port,
  backendPort,
  memory = "128m",
}: {
  port: number;
  backendPort: number;
  memory?: string;
}): Promise<Varnish> {
  if (!VARNISHD) throw new Error("Varnish is not installed: apt-get install varnish (Debian's package).");
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-varnish-"));
  // Run as root, varnishd drops to its own users, which must be able to read the folder.
  chmodSync(dir, 0o755);
  const vcl = path.join(dir, "site.vcl");
  writeFileSync(vcl, vclFor(backendPort), { mode: 0o644 });
  let output = "";
  const child: ChildProcess = spawn(
    VARNISHD,
    ["-F", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-f", vcl, "-s", `malloc,${memory}`],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) kill();
    }
    process.off("exit", kill);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd did not start: ${output.trim() || `exit code ${child.exitCode}`}`);
    }
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer on port ${port} within 20 s: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, port, output: () => output, stop };
}
