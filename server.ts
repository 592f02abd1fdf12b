/**
 * The production (and development) server: Express 5 in front of the React Router handler.
 *   npm start   -> builds, then NODE_ENV=production tsx server.ts
 *   npm run dev -> Vite in middleware mode with hot reload
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { readPublicConfig } from "./public-config";
import { errorPage } from "./server/error-page";
import { prerenderedPages } from "./server/prerendered";
import { baseSecurityHeaders, contentSecurityPolicy, cspNonce, cspSourcesFrom } from "./server/security-headers";

const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || "0.0.0.0";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");
const production = process.env.NODE_ENV === "production";

// The same public configuration the build baked in (npm start builds with this environment).
const publicConfig = readPublicConfig();
const cspSources = cspSourcesFrom(publicConfig);

const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy the visitor's scheme and address come from X-Forwarded-*;
// only proxies matching TRUST_PROXY (default: the loopback addresses) are believed.
app.set("trust proxy", process.env.TRUST_PROXY || "loopback");
const httpsSite = publicConfig.siteUrl.startsWith("https:");
app.use(baseSecurityHeaders({ https: httpsSite }));
if (httpsSite) {
  // An https site answers plain-HTTP visits with a permanent redirect to the same path over TLS.
  app.use((req, res, next) => {
    if (req.protocol === "https" || req.path === "/healthz") return next();
    res.redirect(301, `${publicConfig.siteUrl.replace(/\/+$/, "")}${req.originalUrl}`);
  });
}
app.use(compression());

// The site answers GET, HEAD and POST (form actions); anything else is refused politely.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  res.setHeader("Allow", "GET, HEAD, POST");
  res.status(req.method === "OPTIONS" ? 204 : 405).end();
});

// One canonical form per page: /about/ -> /about.
app.use((req, res, next) => {
  if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
    const query = req.url.slice(req.path.length);
    res.redirect(301, req.path.replace(/\/+$/, "") + query);
    return;
  }
  next();
});

if (production) {
  const clientDir = path.join(BUILD_DIR, "client");
  // Hashed build output never changes under its name.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  app.use(prerenderedPages(clientDir, cspSources));
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  // Server-rendered documents: a fresh nonce per response for their inline scripts.
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${res.locals.cspNonce}'`], cspSources));
    next();
  });
  app.all("*splat", createRequestHandler({ build, mode: "production", getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }) }));
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  app.all("*splat", async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler({ build, mode: "development" })(req, res, next);
    } catch (error) {
      next(error);
    }
  });
}

app.use(errorPage);

const server = app.listen(PORT, HOST, () => {
  console.log(`Site ready on http://localhost:${PORT}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
  });
}
