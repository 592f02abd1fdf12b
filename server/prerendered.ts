/**
 * Serves the HTML files React Router prerendered at build time (build/client/<path>/index.html)
 * for GET and HEAD, before the request reaches the SSR handler.
 *
 * The files never change while the server runs, so each is read once at start-up and kept in
 * memory already compressed (brotli at maximum quality, gzip) with a strong ETag and the
 * Content-Security-Policy that allows exactly its inline scripts by hash. A request then costs
 * a map lookup and a write: no disk, no per-request compression.
 */
import type { Request, RequestHandler } from "express";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
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
  br: Buffer;
  gzip: Buffer;
  etag: string;
  csp: string;
}

function prepare(file: string, sources: CspSources): PreparedPage {
  const identity = readFileSync(file);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`,
    csp: prerenderedCsp(identity.toString("utf8"), sources),
  };
}

function pickEncoding(req: Request): "br" | "gzip" | "identity" {
  const accepted = req.acceptsEncodings("br", "gzip", "identity");
  return accepted === "br" || accepted === "gzip" ? accepted : "identity";
}

export function prerenderedPages(clientDir: string, sources: CspSources): RequestHandler {
  const pages = new Map([...findPrerenderedPages(clientDir)].map(([urlPath, file]) => [urlPath, prepare(file, sources)]));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    // HTML is revalidated on every visit (ETag); hashed assets are what gets cached for long.
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", page.csp);
    res.setHeader("ETag", page.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === page.etag) {
      res.status(304).end();
      return;
    }
    const encoding = pickEncoding(req);
    const body = encoding === "identity" ? page.identity : page[encoding];
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  };
}
