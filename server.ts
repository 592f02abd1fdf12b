/**
 * The production (and development) server: Express 5 in front of the React Router handler.
 *   npm start   -> builds, then NODE_ENV=production tsx server.ts
 *   npm run dev -> Vite in middleware mode with hot reload
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request } from "express";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { pathToFileURL } from "node:url";
import type { AppLoadContext, ServerBuild } from "react-router";
import { formBodyLimit } from "./app/lib/server/body-limit.server";
import { readServerEnv } from "./app/lib/server/env.server";
import { startLeadRuntime } from "./app/lib/server/runtime.server";
import { readPublicConfig } from "./public-config";
import { errorPage } from "./server/error-page";
import { prerenderedPages } from "./server/prerendered";
import { staticAssets } from "./server/static-assets";
import { baseSecurityHeaders, contentSecurityPolicy, cspNonce, cspSourcesFrom, securityHeaders } from "./server/security-headers";

const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");
const production = process.env.NODE_ENV === "production";
const env = readServerEnv();

// The database is opened (PGlite's first open runs initdb) and migrated before the server
// listens: the first visitor never waits for it, and a failure stops start-up loudly.
const runtime = await startLeadRuntime(env);

// Services reach the route modules through the load context: the routes are bundled into the
// server build, a separate module graph from this file.
// Server-rendered documents also get their CSP nonce this way (set by the middleware below).
const getLoadContext = (req: Request, res: express.Response): AppLoadContext => ({
  services: runtime.services,
  clientIp: req.ip ?? req.socket.remoteAddress ?? "",
  cspNonce: res.locals.cspNonce as string | undefined,
});

// The same public configuration the build baked in (npm start builds with this environment).
const publicConfig = readPublicConfig();
const cspSources = cspSourcesFrom(publicConfig);

const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy the visitor's scheme and address come from X-Forwarded-*;
// only proxies matching TRUST_PROXY (default: the loopback addresses) are believed. req.ip feeds
// the rate limit, req.protocol the origin check and the HTTPS redirect.
const trustProxy = env.trustProxy ?? "loopback";
app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
const httpsSite = publicConfig.siteUrl.startsWith("https:");
app.use(baseSecurityHeaders({ https: httpsSite }));
if (httpsSite) {
  // An https site answers plain-HTTP visits with a permanent redirect to the same path over TLS.
  app.use((req, res, next) => {
    if (req.protocol === "https" || req.path === "/healthz") return next();
    res.redirect(301, `${publicConfig.siteUrl.replace(/\/+$/, "")}${req.originalUrl}`);
  });
}
// Dynamic responses are compressed on the fly at a moderate brotli level (maximum quality costs
// far more CPU than it saves bytes at request time); prerendered pages come precompressed.
app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));

// The site answers GET, HEAD and POST (form actions); anything else is refused politely.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  res.setHeader("Allow", "GET, HEAD, POST");
  res.status(req.method === "OPTIONS" ? 204 : 405).end();
});
app.use(formBodyLimit(env.formBodyLimitBytes));

// One canonical form per page: /about/ -> /about.
app.use((req, res, next) => {
  if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
    const query = req.url.slice(req.path.length);
    res.redirect(301, req.path.replace(/\/+$/, "") + query);
    return;
  }
  next();
});

let serveFromMemory: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
if (production) {
  const clientDir = path.join(BUILD_DIR, "client");
  const baseHeaders = securityHeaders({ https: httpsSite });
  const pages = prerenderedPages(clientDir, cspSources, baseHeaders);
  // Scripts and styles need only nosniff (and HSTS); the page-level headers would add half a
  // kilobyte to each of the dozen or so requests a page makes.
  const assets = staticAssets(path.join(clientDir, "assets"), baseHeaders.filter(([name]) => name === "X-Content-Type-Options" || name === "Strict-Transport-Security"));
  serveFromMemory = (req, res) => assets(req, res) || pages(req, res);
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  // Server-rendered documents: a fresh nonce per response for their inline scripts.
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${res.locals.cspNonce}'`], cspSources));
    next();
  });
  app.all("*splat", createRequestHandler({ build, mode: "production", getLoadContext }));
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  app.all("*splat", async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler({ build, mode: "development", getLoadContext })(req, res, next);
    } catch (error) {
      next(error);
    }
  });
}

app.use(errorPage);

/**
 * Is this request over TLS, as far as the trusted proxies say? Uses Express's own compiled
 * TRUST_PROXY rule so the fast path below and Express always agree.
 */
function isHttps(req: IncomingMessage): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  const trust = app.get("trust proxy fn") as (addr: string | undefined, i: number) => boolean;
  const proto = req.headers["x-forwarded-proto"];
  return trust(req.socket.remoteAddress, 0) && typeof proto === "string" && proto.split(",")[0]?.trim() === "https";
}

// Hashed assets and prerendered pages are answered before Express (the hot path of a content
// site); every other request, and plain-HTTP visits to an https site (which Express
// redirects), go through the app.
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  if (serveFromMemory && (!httpsSite || isHttps(req)) && serveFromMemory(req, res)) return;
  app(req, res);
});
server.listen(PORT, HOST, () => {
  console.log(`Site ready on http://localhost:${PORT}`);
});

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    // Finish the requests in flight, then the worker's batch, then close the database cleanly
    // (PGlite flushes its files on close).
    server.close(() => {
      runtime.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("Shutdown was not clean:", error);
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}
