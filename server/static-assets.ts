/**
 * The hashed build output under /assets (scripts and the stylesheet), answered before Express
 * from memory: each file is read and compressed once (brotli at maximum quality, gzip), on first
 * demand, and cached by browsers for a year as immutable. Precompressing at maximum quality
 * matters here: these bytes are most of what a phone downloads on a first visit.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { pickEncoding } from "./prepared-body";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
};
const COMPRESSIBLE = new Set([".js", ".css", ".map", ".svg"]);

interface Asset {
  file: string;
  type: string;
  compressible: boolean;
  identity?: Buffer;
  etag?: string;
  br?: Buffer;
  gzip?: Buffer;
}

export function staticAssets(
  assetsDir: string,
  baseHeaders: readonly [string, string][],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Only names listed at start-up are ever read: no path from a request reaches the disk.
  const assets = new Map<string, Asset>();
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) {
      const ext = path.extname(name);
      const type = CONTENT_TYPES[ext];
      if (type) assets.set(`/assets/${name}`, { file: path.join(assetsDir, name), type, compressible: COMPRESSIBLE.has(ext) });
    }
  }
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const asset = assets.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!asset) return false;
    asset.identity ??= readFileSync(asset.file);
    asset.etag ??= `"${createHash("sha256").update(asset.identity).digest("base64url").slice(0, 27)}"`;
    for (const [name, value] of baseHeaders) res.setHeader(name, value);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Content-Type", asset.type);
    res.setHeader("ETag", asset.etag);
    if (asset.compressible) res.setHeader("Vary", "Accept-Encoding");
    if (req.headers["if-none-match"] === asset.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const encoding = asset.compressible ? pickEncoding(req.headers["accept-encoding"]) : "identity";
    let body = asset.identity;
    if (encoding === "br")
      body = asset.br ??= brotliCompressSync(asset.identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      });
    if (encoding === "gzip") body = asset.gzip ??= gzipSync(asset.identity, { level: 9 });
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
