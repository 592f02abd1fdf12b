/**
 * Paths that stay on this site: for the `Location` of a redirect, and for what React Router is
 * asked to render.
 */

/**
 * A path this server may put in a `Location` header. A browser reads `//host/…` and `/\host/…`
 * (and their mixes) as another site's address, so a request path that starts with several
 * slashes or backslashes must not be echoed back as the target of a redirect: the leading run
 * becomes one slash. Percent-encoded forms (`%2F`, `%5C`) stay encoded and are harmless in a
 * path. The empty path is the home page.
 */
export function sameSitePath(path: string): string {
  return "/" + path.replace(/^[/\\]+/, "");
}

/** The query of a request target, "?…" or "" (also for an absolute-form target, `GET http://host/x?q`). */
export function queryOf(url: string): string {
  const start = url.indexOf("?");
  return start < 0 ? "" : url.slice(start);
}

/** Tabs and line breaks, raw or percent-encoded: URL parsing drops them wherever they stand. */
const DROPPED_BY_URL_PARSING = /[\t\n\r]|%0[9ad]/gi;

/**
 * The request path as URL parsing will read it: tabs and line breaks dropped (browsers do the
 * same) and a leading run of slashes and backslashes made one. Otherwise `/%09/%2Fhost` decodes
 * to a path that React Router parses as `//host…`, another host, and fails on (the bad-input
 * suite found it). Returns the path unchanged when there is nothing to clean.
 */
export function parsablePath(path: string): string {
  const cleaned = path.replace(DROPPED_BY_URL_PARSING, "");
  const decoded = safeDecode(cleaned);
  return /^[/\\]{2}/.test(decoded) || cleaned !== path ? sameSitePath(cleaned.replace(/^(?:[/\\]|%2f|%5c)+/i, "")) : path;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
