/**
 * The production (and development) server: Express 5 in front of the React Router handler.
 *   npm start   -> builds (server/index.ts is compiled to build/server.js), then NODE_ENV=production node build/server.js
 *   npm run dev -> Vite in middleware mode with hot reload
 */
import compression from "compression";
import express, { type Request } from "express";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { pathToFileURL } from "node:url";
import { RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import { isIP } from "node:net";
import type { ServerContext } from "../app/router-context";
import { FORM_BODY_LIMIT_BYTES, formBodyLimit } from "./body-limit";
import { clientKeyOf } from "../platform/client-key";
import { refuseKnownFlood } from "./form-flood";
import { RefusedClients } from "../platform/refused-clients";
import { type Config, configWarnings, dataDirMinFreeBytes, readConfig, siteUrlOf } from "../platform/config";
import { type LeadRuntime, startLeadRuntime } from "./runtime";
import { allPages } from "../app/content/pages";
import { readPublicConfig } from "../public-config";
import { errorPage } from "./error-page";
import { isFromThisMachine } from "./from-this-machine";
import { parsablePath, queryOf, sameSitePath } from "./same-site-path";
import { SHUTDOWN_GRACE_MS, installGracefulShutdown } from "./graceful-shutdown";
import { prerenderedPages } from "./prerendered";
import { RenderCache } from "./render-cache";
import { RenderGenerationJob } from "./render-generation-job";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";
import { StartupError, checkDataDir, explainStartupFailure } from "./startup-check";
import { staticAssets } from "./static-assets";
import { reactRouterHandler } from "./react-router-handler";
import { guardRequestTarget } from "./request-target";
import {
  type CspSources,
  baseSecurityHeaders,
  contentSecurityPolicy,
  cspNonce,
  cspSourcesFrom,
  cspSourcesOfBuild,
  securityHeaders,
} from "./security-headers";

/**
 * Reads the settings, checks the data folder, opens and migrates the database (PGlite's first
 * open runs initdb) and starts the outbox worker, all before the server listens: the first
 * visitor never waits for it. A failure stops start-up with one line that says what to fix.
 */
async function startOrExit(): Promise<{ config: Config; runtime: LeadRuntime }> {
  let config: Config | undefined;
  try {
    config = readConfig();
    for (const warning of configWarnings(config)) console.warn(warning);
    // PGlite and the .eml mail folder live in DATA_DIR; with PostgreSQL and SMTP it is unused.
    if (!config.DATABASE_URL || !config.SMTP_URL) checkDataDir(config.DATA_DIR, dataDirMinFreeBytes(config));
    return { config, runtime: await startLeadRuntime(config) };
  } catch (error) {
    const line = config ? explainStartupFailure(error, config) : error instanceof Error ? error.message : String(error);
    console.error(`Start-up failed: ${line}`);
    if (!(error instanceof StartupError) && config?.DEBUG_STARTUP) console.error(error);
    process.exit(1);
  }
}
const { config, runtime } = await startOrExit();
const production = config.NODE_ENV === "production";
const BUILD_DIR = path.resolve(config.BUILD_DIR);

// Services reach the route modules through the router context (app/router-context.ts), under the
// route bundle's own key: the routes are bundled into the server build, a separate module graph
// from this file. Server-rendered documents also get their CSP nonce and policy this way.
/**
 * The visitor's address: Express's reading of X-Forwarded-For from a trusted proxy when it is an
 * IP address, else the connection's own (a forwarding header holding anything else is not believed).
 */
const clientIpOf = (req: Request) => (req.ip && isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? ""));
/** The clients the form quota refused outright, until their window ends (server/form-flood.ts). */
const refusedClients = new RefusedClients();
const contextOf =
  (key: RouterContext<ServerContext | null>) =>
  (req: Request, res: express.Response): RouterContextProvider =>
    new RouterContextProvider(
      new Map([
        [
          key,
          {
            leads: runtime.leads,
            inbox: runtime.inbox,
            listings: runtime.listings,
            alerts: runtime.alerts,
            assessments: runtime.assessments,
            forms: { limiter: runtime.formLimiter, max: runtime.formQuotaMax, refused: refusedClients },
            clientIp: clientIpOf(req),
            fromThisMachine: isFromThisMachine(req),
            cspNonce: res.locals.cspNonce as string | undefined,
            contentSecurityPolicy: res.locals.cspNonce ? contentSecurityPolicy([`'nonce-${res.locals.cspNonce}'`], cspSources) : undefined,
            renderTicket: renderCache?.ticket(req.originalUrl),
          } satisfies ServerContext,
        ],
      ]),
    );
/** The router context key of a server build (app/entry.server.tsx re-exports it). */
const serverContextOf = (build: ServerBuild) =>
  (build.entry.module as unknown as { serverContext: RouterContext<ServerContext | null> }).serverContext;
/**
 * The site's address, read now rather than at build time (decision 032): prerendered pages get it
 * in place of the build's placeholder (server/prerendered.ts), server-rendered ones and the
 * sitemaps, robots.txt and RSS from the route bundle's own copy of app/lib/site-url.ts, set here.
 */
const siteUrl = siteUrlOf(config);
const setSiteUrlOf = (build: ServerBuild) => (build.entry.module as unknown as { setSiteUrl: (url: string) => void }).setSiteUrl(siteUrl);
/** The marker of the scripts the site wrote on the build's prerendered pages (app/entry.server.tsx). */
const buildScriptMarkerOf = (build: ServerBuild) => (build.entry.module as unknown as { BUILD_SCRIPT_MARKER: string }).BUILD_SCRIPT_MARKER;

// The same public configuration the build baked in (npm start builds with this environment).
// The site's address is not part of it (siteUrl above).
const publicConfig = readPublicConfig(config);
/** The policy's hosts as built (scripts/build-server.ts); undefined under tsx. */
declare const __BUILT_CSP_SOURCES__: CspSources | undefined;
const cspSources = cspSourcesOfBuild(
  typeof __BUILT_CSP_SOURCES__ === "undefined" ? undefined : __BUILT_CSP_SOURCES__,
  cspSourcesFrom(publicConfig),
);
/**
 * Pages that show the feed's listings: the area and property-type pages under their widget, and
 * "/" and "/about" the agent's own listings when the feed knows the agent (DDF_MEMBER_KEY). With
 * the feed on they are rendered per request, so neither their prerendered HTML nor their
 * prerendered .data (a client-side navigation's loader data) may answer for them. (/open-house is
 * never prerendered: its sample dates follow the day.)
 */
const livePages: ReadonlySet<string> = new Set(
  runtime.listings
    ? [
        ...allPages.filter((p) => p.file === "routes/area-listings.tsx" || p.file === "routes/property-type.tsx").map((p) => p.path),
        ...(runtime.listings.memberKey
          ? allPages.filter((p) => p.file === "routes/home.tsx" || p.file === "routes/about.tsx").map((p) => p.path)
          : []),
      ]
    : [],
);
/** The page a prerendered .data file answers for: "/about.data" -> "/about", and "/_root.data" -> "/". */
const pageOfDataPath = (urlPath: string) => (urlPath === "/_root.data" ? "/" : urlPath.replace(/\.data$/, ""));

const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy the visitor's scheme and address come from X-Forwarded-*;
// only proxies matching TRUST_PROXY (default: the loopback addresses) are believed. req.ip feeds
// the rate limit, req.protocol the origin check and the HTTPS redirect.
const trustProxy = config.TRUST_PROXY;
app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
const httpsSite = siteUrl.startsWith("https:");
app.use(baseSecurityHeaders({ https: httpsSite }));
if (httpsSite) {
  // An https site answers plain-HTTP visits with a permanent redirect to the same path over TLS.
  app.use((req, res, next) => {
    if (req.protocol === "https" || req.path === "/healthz") return next();
    res.redirect(301, siteUrl + sameSitePath(req.path) + queryOf(req.url));
  });
}
// A client the form quota already refused outright, on the path it refused it on, gets the same
// 429 here, before compression, the body limit and React Router (server/form-flood.ts); the
// routes' own guard decides.
app.use(refuseKnownFlood(refusedClients, (req) => clientKeyOf(clientIpOf(req))));
// Dynamic responses are compressed on the fly at a moderate brotli level (maximum quality costs
// far more CPU than it saves bytes at request time); prerendered pages come precompressed.
app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));

// The site answers GET, HEAD and POST (form actions); anything else is refused politely.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST") return next();
  res.setHeader("Allow", "GET, HEAD, POST");
  res.status(req.method === "OPTIONS" ? 204 : 405).end();
});
app.use(formBodyLimit(FORM_BODY_LIMIT_BYTES));
// The guards (the inbox's session and same-origin rule, each form's quota) are route middleware
// (decision 028): React Router matches paths case-insensitively and decoded, so a guard here,
// matching path strings, would miss other spellings of the same route.

// React Router is only ever asked for a path it can parse as one on this site (see
// parsablePath): a visit to any other is sent to its clean form, any other method gets 404.
app.use((req, res, next) => {
  const path = parsablePath(req.path);
  if (path === req.path) return next();
  if (req.method === "GET" || req.method === "HEAD") return res.redirect(301, path + queryOf(req.url));
  next(Object.assign(new Error("unparsable path"), { status: 404 }));
});

// One canonical form per page: /about/ -> /about.
app.use((req, res, next) => {
  if (req.path.length > 1 && req.path.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
    res.redirect(301, sameSitePath(req.path.replace(/\/+$/, "")) + queryOf(req.url));
    return;
  }
  next();
});

let serveFromMemory: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
/** The public renders kept in memory (server/render-cache.ts); production only (under `npm run dev` every request renders). */
let renderCache: RenderCache | undefined;
if (production) {
  const clientDir = path.join(BUILD_DIR, "client");
  const baseHeaders = securityHeaders({ https: httpsSite });
  const build = (await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  setSiteUrlOf(build);
  let pages: ReturnType<typeof prerenderedPages>;
  try {
    pages = prerenderedPages(clientDir, cspSources, baseHeaders, { siteUrl, marker: buildScriptMarkerOf(build), skip: livePages });
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await runtime.close();
    process.exit(1);
  }
  // Scripts and styles need only nosniff (and HSTS); the page-level headers would add half a
  // kilobyte to each of the dozen or so requests a page makes.
  const assets = staticAssets(
    path.join(clientDir, "assets"),
    baseHeaders.filter(([name]) => name === "X-Content-Type-Options" || name === "Strict-Transport-Security"),
  );
  renderCache = new RenderCache(baseHeaders, cspSources);
  const renders = renderCache;
  // Every server follows the listings sync's generation and the roll's swap, whichever of them ran it.
  if (runtime.listings || runtime.assessments) runtime.jobs.add(new RenderGenerationJob(runtime.db, renders));
  serveFromMemory = (req, res) => assets(req, res) || pages(req, res) || renders.serve(req, res);
  // A prerendered page's loader data (/about.data) changes with a deploy, as its page does.
  const clientFiles = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    redirect: false,
    setHeaders: (res, file) => file.endsWith(".data") && res.setHeader("Cache-Control", CACHE_CONTROL.build),
  });
  // A prerendered page's file under its own name (/about/index.html) is not served: the page is,
  // at its path, with the site's address in place of the build's placeholder.
  app.use((req, res, next) =>
    livePages.has(pageOfDataPath(req.path)) || req.path.endsWith("/index.html") ? next() : clientFiles(req, res, next),
  );
  // Private server-rendered documents (the inbox): a fresh nonce per response for their inline
  // scripts, put in their policy by the root route's middleware (app/lib/server/http/request-guard.server.ts).
  // Public ones are rendered without it and allowed by hash, to be shared (server/render-cache.ts).
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  app.all("*splat", reactRouterHandler({ build, mode: "production", getLoadContext: contextOf(serverContextOf(build)) }));
} else {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  app.all("*splat", async (req, res, next) => {
    try {
      const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      setSiteUrlOf(build);
      return reactRouterHandler({ build, mode: "development", getLoadContext: contextOf(serverContextOf(build)) })(req, res, next);
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

// Hashed assets, prerendered pages and the kept public renders are answered before Express (the
// hot path of a content site); every other request, and plain-HTTP visits to an https site (which Express
// redirects), go through the app.
/** The site's own host, the Host of an HTTP/1.0 request that names none (server/request-target.ts). */
const siteHost = new URL(siteUrl).host;
const targetGuard = {
  siteHost,
  trusted: (req: IncomingMessage) =>
    (app.get("trust proxy fn") as (addr: string | undefined, i: number) => boolean)(req.socket.remoteAddress, 0),
  headers: securityHeaders({ https: httpsSite }),
};
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  shutdown.beforeResponse(req, res);
  // Every target and Host is made one a URL can be made of, or refused, before anything reads them.
  if (guardRequestTarget(req, res, targetGuard)) return;
  if (serveFromMemory && (!httpsSite || isHttps(req)) && serveFromMemory(req, res)) return;
  app(req, res);
});

// SIGTERM/SIGINT: stop accepting, finish the requests in flight (SHUTDOWN_GRACE_MS at most),
// then let the outbox worker finish the delivery in hand and close mail and the database.
const graceMs = config.TEST_ONLY?.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
const shutdown = installGracefulShutdown(server, { graceMs, cleanupTimeoutMs: graceMs + 20_000, cleanup: () => runtime.close() });

server.listen(config.PORT, config.HOST, () => {
  console.log(`Site ready on http://localhost:${config.PORT}`);
});
