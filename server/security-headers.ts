/**
 * Security headers for every response, and the Content-Security-Policy of HTML documents.
 *
 * script-src never allows 'unsafe-inline' or 'unsafe-eval':
 *  - server-rendered documents carry a fresh nonce per request (see `cspNonce`);
 *  - public documents (prerendered, or rendered to be shared) carry no nonce: the inline scripts the
 *    site wrote in them, and only those, are allowed by hash (app/lib/server/html/own-scripts.server.ts,
 *    see `publicCsp`);
 *  - 'strict-dynamic' lets the trusted scripts load what they need (route modules, the
 *    listings widget script and whatever it loads itself).
 */
import type { RequestHandler } from "express";
import { createHash, randomBytes } from "node:crypto";
import type { PublicConfig } from "../app/lib/public-config";

/** The third-party hosts the pages use, from the public configuration: nothing else is allowed. */
export interface CspSources {
  /** The listings widget's script (LISTINGS_WIDGET_SCRIPT_URL): it loads its data and pictures from there. */
  listingsOrigin: string;
  /** The embedded forms' frames (FORM_EMBED_ORIGIN). */
  formEmbedOrigin: string;
  /** The form-embed script's host (FORM_EMBED_SCRIPT_URL), which sizes the frames and may call home. */
  formEmbedScriptOrigin: string;
  /** The map's style host (MAP_STYLE_URL): its style, vector tiles, sprites and glyphs (issue 45). */
  mapOrigin: string;
}

export function cspSourcesFrom(config: PublicConfig): CspSources {
  return {
    listingsOrigin: new URL(config.listingsWidgetScriptUrl).origin,
    formEmbedOrigin: config.formEmbedOrigin,
    formEmbedScriptOrigin: new URL(config.formEmbedScriptUrl).origin,
    mapOrigin: new URL(config.mapStyleUrl).origin,
  };
}

const sameSources = (a: CspSources, b: CspSources) =>
  a.listingsOrigin === b.listingsOrigin &&
  a.formEmbedOrigin === b.formEmbedOrigin &&
  a.formEmbedScriptOrigin === b.formEmbedScriptOrigin &&
  a.mapOrigin === b.mapOrigin;

/**
 * The hosts the policy allows are those the pages were built with (`built`: scripts/build-server.ts
 * compiles them into server.js in the same `npm run build`), not the environment's (`now`). The
 * pages name the form host and the widget from their build (decision 001); a server started with
 * other values, such as a build made without them, would otherwise block its own pages' lead
 * forms, with nothing to show for it but a message in the visitor's browser console. The server
 * says so at start-up instead. Under tsx (`npm run dev`) there is no build: the environment's.
 */
export function cspSourcesOfBuild(built: CspSources | undefined, now: CspSources, log: Pick<Console, "warn"> = console): CspSources {
  if (!built) return now;
  if (!sameSources(built, now)) {
    log.warn(
      `[config] The form host or listings widget in the environment (${now.formEmbedOrigin}, ${now.listingsOrigin}) is not the build's ` +
        `(${built.formEmbedOrigin}, ${built.listingsOrigin}): the pages and their Content-Security-Policy keep the build's. ` +
        "Rebuild to change them (npm start does).",
    );
  }
  return built;
}

/** The policy, given the script sources allowed on this document ('nonce-…' or 'sha256-…'). */
export function contentSecurityPolicy(scriptSources: readonly string[], sources: CspSources): string {
  return [
    "default-src 'self'",
    `script-src 'strict-dynamic' ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline' https:",
    // Listing photos of the DDF® feed are served from this origin (app/lib/server/listings/photos.server.ts);
    // the widget shows its own pictures; the map's sprites come from its style's host. No other host
    // (issue 38: `https:` allowed any).
    `img-src 'self' data: blob: ${hosts(sources.listingsOrigin, sources.formEmbedScriptOrigin, sources.mapOrigin)}`,
    "font-src 'self' data: https:",
    // The map (issue 45, loaded only when opened) fetches its style, tiles, glyphs and sprites from
    // the style's host; its worker starts from a blob: (worker-src below).
    `connect-src 'self' ${hosts(sources.listingsOrigin, sources.formEmbedOrigin, sources.formEmbedScriptOrigin, sources.mapOrigin)}`,
    `frame-src ${sources.formEmbedOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join("; ");
}

/** Each origin once, in the order given. */
const hosts = (...origins: string[]) => [...new Set(origins)].join(" ");

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Hashes of every inline script a browser would run from this HTML (data blocks excluded): what a
 * page's policy must cover, for the tests to check. Never used to make a policy, which would then
 * allow a script injected into the page (issue 38): see `publicCsp`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attrs = match[1] ?? "";
    const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
    // JSON-LD and other data blocks never run; the parked hydration module does, later.
    if (type && type !== "module" && type !== "text/x-deferred-module") continue;
    const body = match[2] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy of a public page: `ownScriptHashes` are the hashes of the inline scripts the site
 * wrote in it (app/lib/server/html/own-scripts.server.ts), never read from the finished page.
 */
export function publicCsp(ownScriptHashes: readonly string[], sources: CspSources): string {
  return contentSecurityPolicy(ownScriptHashes, sources);
}

export function cspNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Headers every response carries, HTML or not. HSTS only when the site is served over TLS. */
export function securityHeaders({ https }: { https: boolean }): [name: string, value: string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()",
    ],
  ];
  if (https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"]);
  return headers;
}

export function baseSecurityHeaders(options: { https: boolean }): RequestHandler {
  const headers = securityHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
