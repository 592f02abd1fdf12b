/**
 * The clients the form quota refused outright, and the paths it refused them on, until their
 * window ends (issue 38, decision 042): the form routes' middleware remembers them, and the server
 * answers their next POSTs to those paths before React Router (server/form-flood.ts). Per process.
 */
import { LRUCache } from "lru-cache";

/** Clients remembered at once; past it the oldest leaves, and its POSTs meet the route's guard again. */
export const REFUSED_CLIENTS_KEPT = 10_000;
/** Paths remembered per client: a flood that rotates through more spellings reaches the guard for each, as before. */
export const REFUSED_PATHS_PER_CLIENT = 4;
/** A longer path is not remembered (at most 10,000 × 4 × 200 bytes are kept). */
const MAX_PATH_LENGTH = 200;

/**
 * The path React Router routes a request by: its URL parsed as its Express adapter parses it (the
 * request's path after an origin: dot segments resolved, a leading `//` kept), then the
 * single-fetch `.data` suffix and a trailing slash dropped, as its request handler does. Neither
 * decoded nor lower-cased: equal results are the same path to React Router.
 */
export function routerPathOf(path: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${path}`).pathname;
  } catch {
    return null;
  }
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  return pathname.length <= MAX_PATH_LENGTH ? pathname : null;
}

export class RefusedClients {
  /** Key -> when its window ends (ms since the epoch) and the paths the guard refused it on. */
  private readonly clients = new LRUCache<string, { until: number; paths: string[] }>({ max: REFUSED_CLIENTS_KEPT });

  /** The form quota refused `key` outright on `path` (a request's URL path) for `seconds` more (its Retry-After). */
  remember(key: string, path: string, seconds: number, now = Date.now()): void {
    const routed = routerPathOf(path);
    if (routed === null) return;
    const until = now + seconds * 1000;
    const known = this.clients.get(key);
    const paths =
      known && known.until > now ? [routed, ...known.paths.filter((p) => p !== routed)].slice(0, REFUSED_PATHS_PER_CLIENT) : [routed];
    this.clients.set(key, { until, paths });
  }

  /** Seconds until `key`'s window ends if the guard refused it on this path (a request's URL path), else null. */
  secondsLeft(key: string, path: string, now = Date.now()): number | null {
    const known = this.clients.get(key);
    if (known === undefined) return null;
    if (known.until <= now) {
      this.clients.delete(key);
      return null;
    }
    const routed = routerPathOf(path);
    return routed !== null && known.paths.includes(routed) ? Math.ceil((known.until - now) / 1000) : null;
  }

  get size(): number {
    return this.clients.size;
  }
}
