/**
 * Serves the HTML files React Router prerendered at build time (build/client/<path>/index.html)
 * for GET and HEAD, straight from disk with ETags, before the request reaches the SSR handler.
 */
import type { RequestHandler } from "express";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

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

export function prerenderedPages(clientDir: string): RequestHandler {
  const pages = findPrerenderedPages(clientDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = pages.get(req.path);
    if (!file) return next();
    res.sendFile(file, {
      // HTML is revalidated on every visit (ETag); hashed assets are what gets cached for long.
      headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Content-Type": "text/html; charset=utf-8" },
    });
  };
}
