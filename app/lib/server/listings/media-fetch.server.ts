/**
 * The one way this server fetches a listing photo: from the hosts the configuration names for the
 * feed's media, never from anywhere else the feed (or a redirect, or DNS) might point it at.
 *
 * The feed's `MediaURL`s are data from a third party. Fetched blindly, a photo URL naming
 * `http://169.254.169.254/…` or `https://localhost:5432/…` would make this server knock on its own
 * machine's or its network's doors (server-side request forgery). So every request, and every hop
 * of a redirect (followed by hand, at most MAX_REDIRECTS), must pass three rules:
 *
 * 1. Its scheme is `https:` (`http:` too only with TEST_ONLY's mediaHttp, for a local stand-in).
 * 2. Its host and port are one of DDF_MEDIA_HOSTS (an entry without a port means the scheme's own).
 * 3. The address connected to is a public one (platform/net/public-address.ts: loopback, private, carrier-grade
 *    NAT, link-local, unique-local, unspecified, multicast, reserved, and IPv4-mapped IPv6). A host
 *    name is resolved once, by the connection's own `lookup` (the agents below): every address the
 *    name has is checked, and the socket connects to exactly the addresses checked, so DNS cannot
 *    answer one address to a check and another to the connection (no rebinding gap). An address
 *    written in the URL is checked as written (the URL parser has already turned `2130706433`,
 *    `0x7f.1` and `[::ffff:127.0.0.1]` into their canonical forms).
 *
 * The one exception to rule 3: an IP address that DDF_MEDIA_HOSTS writes together with its port
 * (`127.0.0.1:3199`, the local stand-in of the tests). Whoever sets the server's environment wrote
 * that exact server down; no feed record, redirect or DNS answer can produce the entry, and the
 * feed can only reach it because the operator listed it. A host name gets no such trust: what it
 * resolves to is decided by DNS, not by the operator (records change, get rebound, domains lapse),
 * so a name is only ever connected to at public addresses. An address written without a port is
 * checked like any other, so only an entry that plainly names one server is exempt.
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { type Resolve, checkedLookup, forbiddenAddress, systemResolve } from "../../../../platform/net/public-address";
import type { Config, MediaHost } from "../../../../platform/config";

/** Redirects followed per photo; each hop is checked like the first request. */
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request the rules above refuse: nothing was sent. */
export class MediaRefused extends Error {
  override name = "MediaRefused";
}

export interface MediaRules {
  /** DDF_MEDIA_HOSTS. */
  hosts: readonly MediaHost[];
  /** TEST_ONLY's mediaHttp: plain HTTP allowed as well as HTTPS (the stand-in's). */
  allowHttp: boolean;
  /** For tests: resolves host names instead of the system's resolver. */
  resolve?: Resolve;
}

export interface MediaResponse {
  status: number;
  /** Content-Type without parameters, in lower case; "" when there is none. */
  type: string;
  /** Content-Length as declared, when it is. */
  length: number | undefined;
  /** The body; throws beyond `maxBytes`, and when the request's signal aborts. */
  bytes(maxBytes: number): Promise<Uint8Array<ArrayBuffer>>;
  /** Drops the body unread. */
  discard(): void;
}

/**
 * Fetches media under MediaRules. One per process (server/runtime.ts, through ListingsFeed): its
 * agents keep connections to the media host open between photos; each was opened through the
 * checked lookup.
 */
export class MediaFetcher {
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };

  constructor(readonly rules: MediaRules) {
    const options = {
      keepAlive: true,
      maxSockets: 8,
      timeout: 30_000,
      lookup: checkedLookup(rules.resolve ?? systemResolve, (message) => new MediaRefused(message)),
    };
    this.agents = { "http:": new http.Agent(options), "https:": new https.Agent(options) };
  }

  /** GET `url`, following redirects by the rules; rejects with MediaRefused for what they forbid. */
  async get(url: string, signal: AbortSignal): Promise<MediaResponse> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new MediaRefused("the photo's URL cannot be read");
    }
    for (let hop = 0; ; hop++) {
      this.check(target);
      const response = await this.request(target, signal);
      const status = response.statusCode ?? 0;
      if (!REDIRECTS.has(status)) return answer(response, signal);
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new Error(`the media host answered ${status} without a Location`);
      if (hop >= MAX_REDIRECTS) throw new MediaRefused(`more than ${MAX_REDIRECTS} redirects`);
      try {
        target = new URL(location, target);
      } catch {
        throw new MediaRefused("a redirect to a URL that cannot be read");
      }
    }
  }

  /** Rules 1 and 2, and rule 3 for an address written in the URL (names are checked by the lookup). */
  check(url: URL): void {
    const { hosts, allowHttp } = this.rules;
    if (url.protocol !== "https:" && !(url.protocol === "http:" && allowHttp)) {
      throw new MediaRefused(
        `${url.protocol} is not allowed for photos (HTTPS only${url.protocol === "http:" ? "; plain HTTP is for a test stand-in only" : ""})`,
      );
    }
    if (url.username || url.password) throw new MediaRefused("a photo URL with credentials");
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    const entry = hosts.find((h) => h.hostname === url.hostname && (h.port ?? (url.protocol === "https:" ? 443 : 80)) === port);
    if (!entry) throw new MediaRefused(`${url.host} is not one of DDF_MEDIA_HOSTS`);
    const address = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(address) && entry.port === undefined) {
      const why = forbiddenAddress(address);
      if (why) throw new MediaRefused(`${address} is ${why}`);
    }
  }

  private request(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const protocol = url.protocol as "http:" | "https:";
    const client = protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, { agent: this.agents[protocol], signal, headers: { accept: "image/*" } }, resolve);
      request.on("error", reject);
      request.end();
    });
  }

  /** Closes the kept connections (tests; the server's own lasts as long as the process). */
  close(): void {
    this.agents["http:"].destroy();
    this.agents["https:"].destroy();
  }
}

function answer(response: http.IncomingMessage, signal: AbortSignal): MediaResponse {
  const declared = response.headers["content-length"];
  return {
    status: response.statusCode ?? 0,
    type: (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase(),
    length: declared === undefined || !/^[0-9]+$/.test(declared) ? undefined : Number(declared),
    async bytes(maxBytes) {
      signal.throwIfAborted();
      const abort = () => response.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      signal.addEventListener("abort", abort, { once: true });
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of response as AsyncIterable<Buffer>) {
          size += chunk.byteLength;
          if (size > maxBytes) {
            response.destroy();
            throw new Error(`the photo is over ${maxBytes} bytes`);
          }
          chunks.push(chunk);
        }
      } finally {
        signal.removeEventListener("abort", abort);
      }
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      return bytes;
    },
    discard() {
      response.destroy();
    },
  };
}

/** The fetcher the configuration describes (DDF_MEDIA_HOSTS; plain HTTP only with TEST_ONLY's mediaHttp, decision 052). */
export function mediaFetcherOf(config: Pick<Config, "DDF_MEDIA_HOSTS" | "TEST_ONLY">, resolve?: Resolve): MediaFetcher {
  return new MediaFetcher({ hosts: config.DDF_MEDIA_HOSTS, allowHttp: config.TEST_ONLY?.mediaHttp === true, resolve });
}
