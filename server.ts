/**
 * The production (and development) server: Express 5 in front of the React Router handler.
 *   npm start   -> builds, then NODE_ENV=production tsx server.ts
 *   npm run dev -> Vite in middleware mode with hot reload
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request } from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppLoadContext, ServerBuild } from "react-router";
import { formBodyLimit } from "./app/lib/server/body-limit.server";
import { readServerEnv } from "./app/lib/server/env.server";
import { startLeadRuntime } from "./app/lib/server/runtime.server";
import { prerenderedPages } from "./server/prerendered";

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
const getLoadContext = (req: Request): AppLoadContext => ({ services: runtime.services, clientIp: req.ip ?? req.socket.remoteAddress ?? "" });

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy, TRUST_PROXY lets req.ip (rate limit) and req.protocol (origin check) see the client's.
if (env.trustProxy) app.set("trust proxy", /^\d+$/.test(env.trustProxy) ? Number(env.trustProxy) : env.trustProxy);
app.use(compression());
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

if (production) {
  const clientDir = path.join(BUILD_DIR, "client");
  // Hashed build output never changes under its name.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  app.use(prerenderedPages(clientDir));
  app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
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

const server = app.listen(PORT, HOST, () => {
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
