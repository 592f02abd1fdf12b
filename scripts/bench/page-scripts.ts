/**
 * The JavaScript a public page loads, before and after a change: the script files its HTML names
 * (module preloads, module scripts, the deferred loader's `data-preload` list and the imports of
 * its inline module) with the static imports of those files, each at its gzip size from the built
 * files, plus the bytes of the inline scripts. Measured on the HTML this build's server answers and
 * on the same pages served by a build of the last commit, made in a temporary `git worktree`, so a
 * feature meant for the inbox only shows if it leaked into what visitors download.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { HOST, stopServer } from "./server";

export interface PageScripts {
  page: string;
  /** Asset paths (/assets/…js) with their sizes, sorted by path; `same` is the gzip size with the chunk names' hashes masked. */
  files: { file: string; bytes: number; gzip: number; same: number }[];
  bytes: number;
  gzip: number;
  same: number;
  /** Inline <script> bytes, JSON-LD aside: React Router's context and manifest, the hydration loader. */
  inline: number;
}

const assetRef = /\/assets\/[^"'\s]+\.js/g;
// A chunk names the chunks (and stylesheets) it imports by their content hashes, so a change in one chunk changes the
// bytes of every chunk importing it by a few gzip bytes; compared with the hashes masked, only real changes count.
const chunkHash = /-[A-Za-z0-9_-]{8}(\.js|\.css)/g;
// Static imports only (`import{a}from"./x.js"`, `import"./x.js"`): `import("./x.js")` loads on demand, not with the page.
const staticImport = /(?:^|[;}\s])import\s*(?:[\w$*{},\s]+?from\s*)?["']((?:\.{1,2}\/|\/assets\/)[^"']+\.js)["']/g;

/** The script files an HTML page names, as /assets/… paths. */
export function scriptFilesOf(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/\brel=["']?modulepreload/.test(tag)) for (const [ref] of tag.matchAll(assetRef)) found.add(ref);
  }
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const type = /\btype=["']?([^"'\s>]+)/.exec(attrs)?.[1];
    if (type !== "module" && type !== "text/x-deferred-module") continue;
    for (const value of [/\bsrc=["']?([^"'\s>]+)/.exec(attrs)?.[1], /\bdata-preload=["']([^"']*)["']/.exec(attrs)?.[1]]) {
      for (const [ref] of (value ?? "").matchAll(assetRef)) found.add(ref);
    }
    for (const [, ref] of body.matchAll(staticImport)) if (ref?.startsWith("/assets/")) found.add(ref);
  }
  return [...found].sort();
}

function inlineScriptBytes(html: string): number {
  let bytes = 0;
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!/application\/ld\+json/.test(attrs)) bytes += Buffer.byteLength(body);
  }
  return bytes;
}

/** What `html` loads, its files read from `clientDir` (a build's client folder) and followed through their static imports. */
export function pageScripts(page: string, html: string, clientDir: string): PageScripts {
  const seen = new Map<string, { bytes: number; gzip: number; same: number }>();
  const queue = scriptFilesOf(html);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const full = path.join(clientDir, file);
    if (!existsSync(full)) throw new Error(`${page} names ${file}, which is not in ${clientDir}`);
    const source = readFileSync(full);
    // Default level (6), as the server's compression middleware sends it.
    seen.set(file, {
      bytes: source.length,
      gzip: gzipSync(source).length,
      same: gzipSync(source.toString("utf8").replace(chunkHash, "-00000000$1")).length,
    });
    for (const [, ref] of source.toString("utf8").matchAll(staticImport))
      queue.push(ref!.startsWith("/") ? ref! : path.posix.join(path.posix.dirname(file), ref!));
  }
  const files = [...seen].map(([file, sizes]) => ({ file, ...sizes })).sort((a, b) => a.file.localeCompare(b.file));
  const total = (key: "bytes" | "gzip" | "same") => files.reduce((sum, f) => sum + f[key], 0);
  return { page, files, bytes: total("bytes"), gzip: total("gzip"), same: total("same"), inline: inlineScriptBytes(html) };
}

/** What `pages` load as the server at `origin` answers them, measured on the build in `clientDir`. */
export async function servedScripts(origin: string, clientDir: string, pages: readonly string[]): Promise<PageScripts[]> {
  const scripts: PageScripts[] = [];
  for (const page of pages) {
    const res = await fetch(origin + page, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`GET ${page} answered ${res.status}`);
    scripts.push(pageScripts(page, await res.text(), clientDir));
  }
  return scripts;
}

/** The built server in `dir` (its own cwd, so its BUILD_DIR is its own), on a fresh database; stopped by the caller. */
async function startBuiltServer(dir: string, port: number, dataDir: string): Promise<ChildProcess> {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    BUILD_DIR: "build-bench",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    OUTBOX_WORKER: "off",
    DDF_CLIENT_ID: "",
  };
  const child = spawn(process.execPath, [path.join(dir, "build-bench", "server.js")], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  child.stderr.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`the last commit's server exited:\n${log}`);
    if (
      await fetch(`http://${HOST}:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  child.kill("SIGTERM");
  throw new Error(`the last commit's server did not become healthy:\n${log}`);
}

/**
 * Builds the last commit in a temporary worktree (sharing this tree's node_modules through a
 * symlink), serves it on `port` and measures `pages` as served; the worktree is removed afterwards.
 * Throws with the build's output when it does not build.
 */
export async function headBuildScripts(
  pages: readonly string[],
  port: number,
): Promise<{ commit: string; scripts: PageScripts[]; seconds: number }> {
  const started = Date.now();
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-head-"));
  rmSync(dir, { recursive: true });
  execFileSync("git", ["worktree", "add", "--detach", dir, "HEAD"], { stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "agent-site-bench-"));
  try {
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"), "dir");
    try {
      execFileSync("npm", ["run", "build"], {
        cwd: dir,
        env: { ...process.env, BUILD_DIR: "build-bench", NODE_ENV: "production" },
        stdio: "pipe",
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const output = `${(error as { stdout?: Buffer }).stdout ?? ""}${(error as { stderr?: Buffer }).stderr ?? ""}`;
      throw new Error(`the build of ${commit} failed:\n${output.split("\n").slice(-20).join("\n")}`);
    }
    const server = await startBuiltServer(dir, port, dataDir);
    try {
      const scripts = await servedScripts(`http://${HOST}:${port}`, path.join(dir, "build-bench", "client"), pages);
      return { commit, scripts, seconds: (Date.now() - started) / 1000 };
    } finally {
      await stopServer(server);
    }
  } finally {
    // --force: the build output and the node_modules symlink are untracked files.
    execFileSync("git", ["worktree", "remove", "--force", dir], { stdio: "ignore" });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const signed = (n: number) => `${n >= 0 ? "+" : ""}${n}`;
const unhashed = (file: string) => file.replace(chunkHash, "$1");

/** Prints both builds side by side; true when every page loads the same bytes (hashes aside) and the same inline scripts. */
export function printScriptComparison(now: PageScripts[], before: { commit: string; scripts: PageScripts[] }): boolean {
  let same = true;
  for (const page of now) {
    const old = before.scripts.find((s) => s.page === page.page);
    if (!old) continue;
    const diffs = {
      bytes: page.bytes - old.bytes,
      same: page.same - old.same,
      inline: page.inline - old.inline,
      files: page.files.length - old.files.length,
    };
    const met = Object.values(diffs).every((d) => d === 0);
    if (!met) same = false;
    console.log(
      `  ${page.page.padEnd(9)} this build: ${page.files.length} files, ${page.bytes} B, gzip ${page.gzip} B (${kb(page.gzip)}), inline ${page.inline} B`,
    );
    console.log(
      `  ${"".padEnd(9)} ${before.commit.padEnd(10)}: ${old.files.length} files, ${old.bytes} B, gzip ${old.gzip} B (${kb(old.gzip)}), inline ${old.inline} B`,
    );
    console.log(
      `  ${"".padEnd(9)} difference: ${signed(diffs.bytes)} B, gzip ${signed(diffs.same)} B with chunk hashes masked (${signed(page.gzip - old.gzip)} B as served), inline ${signed(diffs.inline)} B ` +
        `${met ? "(0: met)" : "(must be 0: NOT met)"}`,
    );
    const sizes = (s: PageScripts) => new Map(s.files.map((f) => [unhashed(f.file), f]));
    const [oldFiles, newFiles] = [sizes(old), sizes(page)];
    for (const name of new Set([...oldFiles.keys(), ...newFiles.keys()])) {
      const [a, b] = [oldFiles.get(name), newFiles.get(name)];
      if (a?.bytes !== b?.bytes || a?.same !== b?.same)
        console.log(`    ${name}: ${a ? `${a.bytes} B (gzip ${a.same})` : "absent"} -> ${b ? `${b.bytes} B (gzip ${b.same})` : "absent"}`);
    }
  }
  return same;
}
