/**
 * The request line's target and the Host header, checked before anything else reads them (issue 38).
 *
 * Node accepts request targets and Host values that no URL can be made of: `GET *`, an
 * absolute-form target (`GET http://x/about`), a Host of `a b`, ``, `evil.example:99999`, `[::1`
 * or `%00`. React Router's adapter builds `new URL(protocol + "://" + host + target)` from them
 * and threw "Invalid URL": a 500 with a stack trace in the log. Here every request is either made
 * into an origin-form target with a Host that parses, or refused with a 400 (a 414 when the target
 * is too long), before the pages kept in memory, Express or React Router see it.
 *
 * - Origin-form (`/path?query`) is what browsers send: taken as it is.
 * - Absolute-form (`http://host/path`): RFC 9112 §3.2.2 says a server must accept it, and must
 *   then take the host from the target instead of the Host header. An `http:` or `https:` target
 *   whose authority is a valid host (no user name) is rewritten to its origin-form with that host as
 *   Host, and answered as the same request in origin-form would be (the site answers any Host, as
 *   before); any other absolute-form target is refused.
 * - Asterisk-form (`*`) means the server itself and is only for OPTIONS: `OPTIONS *` is answered
 *   with the methods the site allows, anything else with `*` is refused.
 * - Host must be a host name, an IPv4 address or a bracketed IPv6 address, with a port of 1 to
 *   65535 if any. An HTTP/1.0 request may omit it (HTTP/1.1 requires it, and Node refuses one
 *   without): it is then taken as the site's own host. From a trusted proxy, X-Forwarded-Host and
 *   X-Forwarded-Proto are read too (Express believes them), so they are checked the same way.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The longest request target answered. The site's own addresses are far shorter (a listings
 * search with every filter is under 300 bytes, a tracking parameter a few hundred more); a target
 * past this is a probe, and every distinct one could otherwise cost a render and a place in the
 * render cache (issue 38: 6,000 targets of 4 KB grew the server by 370 MB).
 */
export const MAX_TARGET_BYTES = 2048;

/** A host name (letters, digits, `-`, `_`, dots), an IPv4 address, or an IPv6 address in brackets; then `:port`. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?\.?)(?::([0-9]{1,5}))?$/i;

/** Is this a Host value a URL can be made of (and one a browser could have sent)? */
export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined) {
    const port = Number(match[1]);
    if (port < 1 || port > 65_535) return false;
  }
  try {
    // Catches what the pattern lets through but URL parsing refuses (`[1:2]`, `1.2.3.4.5`-like forms).
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)(.*)$/is;

export type TargetVerdict =
  /** Origin-form now (`url`), with the Host to use (`host`: unchanged unless the target named one, or none was sent). */
  | { kind: "ok"; url: string; host: string }
  /** `OPTIONS *`: the server's own options. */
  | { kind: "server-options" }
  | { kind: "refused"; status: 400 | 414 };

export interface TargetRequest {
  method: string;
  url: string;
  httpVersion: string;
  host: string | undefined;
}

/**
 * The verdict on a request's target and Host. `siteHost`: the site's own host (SITE_URL's), the
 * Host of an HTTP/1.0 request that sent none.
 */
export function checkTarget({ method, url, httpVersion, host }: TargetRequest, siteHost: string): TargetVerdict {
  if (Buffer.byteLength(url, "latin1") > MAX_TARGET_BYTES) return { kind: "refused", status: 414 };
  if (url === "*") return method === "OPTIONS" ? { kind: "server-options" } : { kind: "refused", status: 400 };
  let target = url;
  let authority = host;
  if (!url.startsWith("/")) {
    const absolute = ABSOLUTE_FORM.exec(url);
    if (!absolute) return { kind: "refused", status: 400 };
    authority = absolute[2] ?? "";
    const rest = absolute[3] ?? "";
    target = rest.startsWith("/") ? rest : `/${rest}`;
    // `http://host#x` or `http://host?q` without a path: the path is "/".
    if (rest.startsWith("#")) target = "/";
  }
  if (authority === undefined) {
    if (httpVersion !== "1.0") return { kind: "refused", status: 400 };
    authority = siteHost;
  }
  if (!isValidHost(authority)) return { kind: "refused", status: 400 };
  return { kind: "ok", url: target, host: authority };
}

/** X-Forwarded-Host and X-Forwarded-Proto as Express reads them from a trusted proxy: their first entries must make a URL too. */
export function forwardedHeadersValid(headers: IncomingMessage["headers"]): boolean {
  const forwardedHost = headers["x-forwarded-host"];
  if (forwardedHost !== undefined) {
    const first = String(forwardedHost).split(",")[0]!.trim();
    if (!isValidHost(first)) return false;
  }
  const forwardedProto = headers["x-forwarded-proto"];
  if (forwardedProto !== undefined) {
    const first = String(forwardedProto).split(",")[0]!.trim().toLowerCase();
    if (first !== "http" && first !== "https") return false;
  }
  return true;
}

/**
 * The node:http step run first for every request: makes the target origin-form and the Host
 * valid in place, or answers (400, 414, or `OPTIONS *`) and returns true. Nothing is logged: a
 * refused target is a client's mistake or a probe, and a flood of them must not flood the log.
 * `trusted`: whether the connection is a proxy whose X-Forwarded-* headers Express believes.
 */
export function guardRequestTarget(
  req: IncomingMessage,
  res: ServerResponse,
  { siteHost, trusted, headers }: { siteHost: string; trusted: (req: IncomingMessage) => boolean; headers: readonly [string, string][] },
): boolean {
  const verdict = checkTarget(
    { method: req.method ?? "GET", url: req.url ?? "", httpVersion: req.httpVersion, host: req.headers.host },
    siteHost,
  );
  if (verdict.kind === "ok" && (!trusted(req) || forwardedHeadersValid(req.headers))) {
    req.url = verdict.url;
    req.headers.host = verdict.host;
    return false;
  }
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", "private, no-store");
  if (verdict.kind === "server-options") {
    res.setHeader("Allow", "GET, HEAD, POST");
    res.statusCode = 204;
    res.end();
    return true;
  }
  const status = verdict.kind === "refused" ? verdict.status : 400;
  const text = status === 414 ? "That address is too long." : "That request could not be read.";
  res.statusCode = status;
  // The request may carry a body this server will not read: the connection ends with the answer.
  res.setHeader("Connection", "close");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(`${status} ${text}\n`);
  return true;
}
