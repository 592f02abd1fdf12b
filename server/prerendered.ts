/**
 * Serves the HTML files React Router prerendered at build time (build/client/<path>/index.html)
 * for GET and HEAD, before the request reaches the SSR handler.
 *
 * The files never change while the server runs, so each is read once at start-up and kept in
 * memory with a strong ETag and the Content-Security-Policy that allows exactly its inline
 * scripts by hash; its brotli (maximum quality) and gzip forms are made once, on first demand.
 * A request then costs a map lookup and a write: no disk, no per-request compression.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type CspSources, prerenderedCsp } from "./security-headers";

export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (urlPath === "" && entry.name === "assets") continue;
        walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      } else if (entry.name === "index.html") {
        pages.set(urlPath || "/", path.join(dir, entry.name));
      }
    }
  };
  if (existsSync(clientDir)) walk(clientDir, "");
  return pages;
}

interface PreparedPage {
  identity: Buffer;
  /** Compressed once, on the first request that asks for each encoding. */
  compressed: { br?: Buffer; gzip?: Buffer };
  etag: string;
  csp: string;
}

function prepare(file: string, sources: CspSources): PreparedPage {
  const identity = readFileSync(file);
  return {
    identity,
    compressed: {},
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp: prerenderedCsp(identity.toString("utf8"), sources),
  };
}

function bodyFor(page: PreparedPage, encoding: "br" | "gzip" | "identity"): Buffer {
  if (encoding === "identity") return page.identity;
  page.compressed[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(page.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
      : gzipSync(page.identity, { level: 9 });
  return page.compressed[encoding];
}

/** The best encoding the client accepts (q=0 means "not acceptable"). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * Returns a plain node:http handler that answers GET and HEAD for prerendered pages and
 * returns false for anything else. It runs before Express on purpose: these are the most
 * requested responses and they need none of Express's machinery (see server.ts).
 *
 * `skip`: paths whose file is left to the server to render per request instead (the listing
 * pages while the DDF® feed is on: their files were built without the feed's listings).
 */
export function prerenderedPages(
  clientDir: string,
  sources: CspSources,
  baseHeaders: readonly [string, string][],
  skip: ReadonlySet<string> = new Set(),
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const found = [...findPrerenderedPages(clientDir)].filter(([urlPath]) => !skip.has(urlPath));
  const pages = new Map(found.map(([urlPath, file]) => [urlPath, prepare(file, sources)]));
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = pages.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!page) return false;
    for (const [name, value] of baseHeaders) res.setHeader(name, value);
    // HTML is revalidated on every visit (ETag); hashed assets are what gets cached for long.
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === page.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = bodyFor(page, encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
