/**
 * React Router's request handler on Express: what @react-router/express does, with four
 * differences that its own code cannot be configured for (issue 38).
 *  - The status line says what the status is (`401 Unauthorized`). The adapter copied the
 *    Response's statusText, and React Router's answers to a thrown `data(…, { status: 401 })` on
 *    a document request carry "Internal Server Error" in it: a no-JavaScript inbox POST without a
 *    session read "401 Internal Server Error".
 *  - Each header of the answer replaces the one Express set before (the security headers of
 *    server/security-headers.ts): the adapter appended, so an inbox export that sets its own
 *    `X-Content-Type-Options` sent it twice. Only Set-Cookie is sent once per value.
 *  - Every `.data` answer carries Cache-Control (`private, no-store` unless React Router's answer
 *    has one; app/lib/server/http/shared-cache.server.ts gives most of them theirs).
 *  - The request's URL is made from the target and Host that server/request-target.ts checked; if
 *    it still cannot be made, the answer is a 400, never a thrown "Invalid URL" (a 500).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { STATUS_CODES } from "node:http";
import { type RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { CACHE_CONTROL } from "../app/lib/http/cache-policy";

/** The URL React Router is given: the scheme and host as Express reads them (a trusted proxy's forwarded ones included) and the target. */
export function requestUrlOf(req: Pick<ExpressRequest, "protocol" | "hostname" | "originalUrl" | "get" | "app">): URL | null {
  // As @react-router/express: the port from X-Forwarded-Host (trusted proxies only) or Host.
  const forwardedPort = req.app?.enabled("trust proxy") ? portOf(req.get("X-Forwarded-Host")) : undefined;
  const port = forwardedPort ?? portOf(req.get("Host"));
  const hostname = (req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return null;
  }
}

/** The port of a `host:port` (IPv4 or name), as @react-router/express reads it; undefined without one. */
function portOf(host: string | undefined): number | undefined {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : undefined;
}

export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const url = requestUrlOf(req);
      if (!url) return next(Object.assign(new Error("request URL could not be made"), { status: 400 }));
      const response = await handle(requestOf(req, res, url), getLoadContext(req, res));
      await sendResponse(res, response, { dataRequest: url.pathname.endsWith(".data") });
    } catch (error) {
      next(error);
    }
  };
}

function requestOf(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    // As @react-router/express: a header sent empty (`Origin:`) is left out, as if not sent.
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  // Aborted when the client goes away before the answer is finished.
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes React Router's answer on Express's response; `dataRequest`: the request was for `….data`. */
export async function sendResponse(
  res: ExpressResponse,
  response: Response,
  { dataRequest = false }: { dataRequest?: boolean } = {},
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  // Every loader-data answer says how to cache it, including those React Router gives before any
  // route middleware runs (a refused origin, a path no route matches): private unless it said.
  if (dataRequest && !response.headers.has("Cache-Control")) res.setHeader("Cache-Control", CACHE_CONTROL.private);
  res.statusMessage = STATUS_CODES[response.status] ?? "";
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
