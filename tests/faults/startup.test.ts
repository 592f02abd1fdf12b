/**
 * (d) Start-up problems end the process at once with one line that names what to fix: a
 * read-only DATA_DIR, a full disk, a nearly full disk, an unreachable PostgreSQL server.
 * No stack trace, exit status 1.
 *
 * Read-only and full file systems are small tmpfs mounts (root, as in CI); without the right to
 * mount, read-only falls back to a folder without write permission (not for root) and the
 * full-disk cases are skipped.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killAll } from "./support/children";
import { ports } from "./support/ports";
import { spawnSite } from "./support/site";

const root = mkdtempSync(path.join(tmpdir(), "agent-site-faults-startup-"));
const mounts: string[] = [];

function tryMount(dir: string, options: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
    mounts.push(dir);
    return true;
  } catch {
    return false;
  }
}

/** Can this process mount file systems (root in CI, usually not a developer)? */
const canMount = (() => {
  const probe = path.join(root, "probe");
  mkdirSync(probe);
  const ok = tryMount(probe, "size=64k");
  if (ok) {
    execFileSync("umount", [probe]);
    mounts.pop();
  }
  return ok;
})();

afterAll(() => {
  killAll();
  for (const dir of mounts.reverse()) {
    try {
      execFileSync("umount", [dir], { stdio: "ignore" });
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

async function startExpectingFailure(dataDir: string, env: Record<string, string> = {}) {
  const site = spawnSite({ port: ports.startup.site, dataDir, env });
  const timeout = setTimeout(() => site.child.kill("SIGKILL"), 60_000);
  const exit = await site.exited;
  clearTimeout(timeout);
  // The suite's own TEST_ONLY settings are named at start-up (decision 052); an operator's server,
  // without them, prints only the failure.
  const lines = site
    .output()
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("[config] *** TEST_ONLY IS SET"));
  return { exit, lines, output: site.output() };
}

function expectOneClearLine(result: Awaited<ReturnType<typeof startExpectingFailure>>, mentions: (string | RegExp)[]) {
  expect(result.exit, result.output).toEqual({ code: 1, signal: null });
  expect(result.lines, result.output).toHaveLength(1);
  const [line] = result.lines as [string];
  expect(line).toMatch(/^Start-up failed: /);
  expect(line).not.toMatch(/\n|\bat .+:\d+:\d+|Error:/);
  for (const m of mentions) expect(line).toMatch(m);
}

describe("fault: the data folder cannot be used", () => {
  it.skipIf(!canMount && userInfo().uid === 0)("read-only DATA_DIR", async () => {
    const dir = path.join(root, "read-only");
    mkdirSync(dir);
    if (canMount) {
      tryMount(dir, "size=1m");
      execFileSync("mount", ["-o", "remount,ro", dir]);
    } else {
      chmodSync(dir, 0o555);
    }
    const result = await startExpectingFailure(path.join(dir, "data"));
    expectOneClearLine(result, [path.join(dir, "data"), canMount ? /read-only file system/ : /permission denied|read-only/]);
  });

  it.skipIf(!canMount)("DATA_DIR on a full disk", async () => {
    const dir = path.join(root, "full");
    mkdirSync(dir);
    tryMount(dir, "size=256k");
    // Fill it up to the last block.
    try {
      writeFileSync(path.join(dir, "filler"), Buffer.alloc(1024 * 1024));
    } catch {
      // ENOSPC: full, as intended
    }
    const result = await startExpectingFailure(dir);
    expectOneClearLine(result, [dir, /full disk \(no space left\)/]);
  });

  it.skipIf(!canMount)("DATA_DIR with too little room for the database", async () => {
    const dir = path.join(root, "small");
    mkdirSync(dir);
    tryMount(dir, "size=8m");
    const result = await startExpectingFailure(dir);
    expectOneClearLine(result, [dir, /only [\d.]+ MiB free/, /at least 64 MiB/]);
  });
});

describe("fault: the database server cannot be reached", () => {
  it("DATABASE_URL pointing at a port where nothing listens", async () => {
    const dataDir = path.join(root, "pg-missing");
    const result = await startExpectingFailure(dataDir, {
      DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${ports.startup.postgresNobody}/agent_site`,
    });
    expectOneClearLine(result, [
      new RegExp(`Cannot reach the PostgreSQL server at 127\\.0\\.0\\.1:${ports.startup.postgresNobody}/agent_site`),
    ]);
    expect(result.lines[0]).not.toContain("secret-password");
  });
});
