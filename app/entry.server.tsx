/**
 * Server rendering of every document, prerendered or not.
 *
 * Unlike React Router's default entry, the whole document is rendered before it is sent
 * (onAllReady): the pages are small and fully server-rendered, and the finished HTML is
 * rewritten by `deferHydration` so no script sits on the critical rendering path.
 * Server-rendered private documents get the request's CSP nonce on every inline script; public
 * ones none (app/lib/server/http/shared-cache.server.ts).
 */
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { deferHydration } from "./lib/html/deferred-hydration";
import { newScriptMarker, ownScripts } from "./lib/server/html/own-scripts.server";
import { NonceProvider } from "./lib/nonce";
import { ownScriptHashesContext, serverContext, sharedRenderContext } from "./router-context";

// The server (server/index.ts) fills this key for every request: it must be the route bundle's own.
export { serverContext };

// The rewrite and the loader as this build compiled them (decision 033), for the end-to-end
// suite's checks of the built pages (tests/e2e/deferred-hydration-build.spec.ts).
export { DEFERRED_LOADER_HASH, deferHydration } from "./lib/html/deferred-hydration";
// The server sets the site's address it was started with, in the route bundle's own copy of the
// module (decision 032); unset, as while prerendering, pages carry the build's placeholder.
export { setSiteUrl } from "./lib/site-url";

/**
 * The marker of the scripts the site writes on its prerendered pages (app/lib/server/html/own-scripts.server.ts):
 * made at random for each build (vite.config.ts), read by the server with the build to hash those
 * scripts and remove it from the pages (server/prerendered.ts).
 */
declare const __BUILD_SCRIPT_MARKER__: string;
export const BUILD_SCRIPT_MARKER: string = __BUILD_SCRIPT_MARKER__;

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering. An expected refusal (a 4xx: a POST to a page without
 * an action, a bad request, a missing session) is one line, not a stack trace; a request the
 * client gave up on is not an error of ours.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const refused = isRouteErrorResponse(error) && error.status < 500 ? error.status : isOriginRefusal(error) ? 400 : null;
  if (refused) {
    console.warn(
      `[http] ${refused} ${request.method} ${new URL(request.url).pathname}${refused === 400 && !isRouteErrorResponse(error) ? ": foreign Origin" : ""}`,
    );
    return;
  }
  console.error(error);
}

/**
 * React Router's own check of an action's Origin (a foreign or unreadable one) answers 400 before
 * any middleware runs, and reports it as a plain Error: "… Aborting the action." for a document,
 * "Bad Request" for a .data request.
 */
function isOriginRefusal(error: unknown): boolean {
  return error instanceof Error && (error.message.endsWith("Aborting the action.") || error.message === "Bad Request");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A private page carries the request's nonce. A public one carries none, its inline scripts are
  // allowed by hash: its own scripts are marked for this render, hashed and unmarked once it is
  // written (below; server/render-cache.ts puts the hashes in its policy); a prerendered one keeps
  // the build's marker for the server to do the same (server/prerendered.ts).
  const server = loadContext.get(serverContext);
  const shared = !server || loadContext.get(sharedRenderContext);
  const marker = !server ? BUILD_SCRIPT_MARKER : shared ? newScriptMarker() : undefined;
  const nonce = marker ?? server?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const app = (
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // Every Suspense boundary (HydrationChunk) is written in place, in document order. React
      // otherwise moves a boundary of more than ~12 KB to the end of the document and shows it
      // with an inline script, so a visitor without JavaScript would never see that part.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => {
          clearTimeout(timeout);
          let html = deferHydration(Buffer.concat(chunks).toString("utf8"));
          if (server && marker) {
            const own = ownScripts(html, marker);
            html = own.html;
            loadContext.set(ownScriptHashesContext, own.hashes);
          }
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(html, { headers: responseHeaders, status }));
        });
        sink.on("error", reject);
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
  });
}
