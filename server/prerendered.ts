/**
 * Serves the HTML files React Router prerendered at build time (build/client/<path>/index.html)
 * for GET and HEAD, straight from disk with ETags, before the request reaches the SSR handler.
 */
import type { RequestHandler } from "express";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
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

/**
 * Serves prerendered pages with a Content-Security-Policy that allows exactly their inline
 * scripts by hash (computed once here: the files never change while the server runs).
 */
export function prerenderedPages(clientDir: string, sources: CspSources): RequestHandler {
  const pages = new Map(
    [...findPrerenderedPages(clientDir)].map(([urlPath, file]) => [urlPath, { file, csp: prerenderedCsp(readFileSync(file, "utf8"), sources) }]),
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    res.sendFile(page.file, {
      // HTML is revalidated on every visit (ETag); hashed assets are what gets cached for long.
      headers: {
        "Cache-Control": "public, max-age=0, must-revalidate",
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": page.csp,
      },
    });
  };
}
