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
