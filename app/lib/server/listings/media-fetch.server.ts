/**
 * The one way this server fetches a listing photo: from the hosts the configuration names for the
 * feed's media, never from anywhere else the feed (or a redirect, or DNS) might point it at.
 *
 * The feed's `MediaURL`s are data from a third party. Fetched blindly, a photo URL naming
 * `http://169.254.169.254/…` or `https://localhost:5432/…` would make this server knock on its own
 * machine's or its network's doors (server-side request forgery). So every request, and every hop
 * of a redirect (followed by hand, at most MAX_REDIRECTS), must pass three rules:
 *
 * 1. Its scheme is `https:` (`http:` too only with DDF_MEDIA_HTTP=on, for a local stand-in).
 * 2. Its host and port are one of DDF_MEDIA_HOSTS (an entry without a port means the scheme's own).
 * 3. The address connected to is a public one (FORBIDDEN below: loopback, private, carrier-grade
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
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, type LookupFunction, isIP } from "node:net";
import type { Config, MediaHost } from "../config.server";

/** Redirects followed per photo; each hop is checked like the first request. */
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A request the rules above refuse: nothing was sent. */
export class MediaRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaRefused";
  }
}

/** How a host name is resolved: every address it has. The system's resolver unless a test gives another. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface MediaRules {
  /** DDF_MEDIA_HOSTS. */
  hosts: readonly MediaHost[];
  /** DDF_MEDIA_HTTP: plain HTTP allowed as well as HTTPS. */
  allowHttp: boolean;
  /** For tests: resolves host names instead of the system's resolver. */
  resolve?: Resolve;
}

/**
 * Special-purpose addresses (the IANA IPv4 and IPv6 special-purpose address registries): none of
 * them is where a public media host lives, and several are this machine or its private network.
 * Node's BlockList compares the addresses; each list gives the words a refusal uses.
 */
const FORBIDDEN: [string, BlockList][] = (
  [
    ["an unspecified (\"this network\") address", [["0.0.0.0", 8, "ipv4"], ["::", 128, "ipv6"]]],
    ["a loopback address", [["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]]],
    ["a deprecated IPv4-compatible address", [["::", 96, "ipv6"]]],
    ["a private (RFC 1918) address", [["10.0.0.0", 8, "ipv4"], ["172.16.0.0", 12, "ipv4"], ["192.168.0.0", 16, "ipv4"]]],
    ["a carrier-grade NAT address", [["100.64.0.0", 10, "ipv4"]]],
    ["a link-local address", [["169.254.0.0", 16, "ipv4"], ["fe80::", 10, "ipv6"]]],
    ["a unique-local or site-local address", [["fc00::", 7, "ipv6"], ["fec0::", 10, "ipv6"]]],
    ["a multicast address", [["224.0.0.0", 4, "ipv4"], ["ff00::", 8, "ipv6"]]],
    ["a reserved or broadcast address", [["240.0.0.0", 4, "ipv4"]]],
    [
      "an address reserved for protocols, documentation or benchmarks",
      [
        ["192.0.0.0", 24, "ipv4"],
        ["192.0.2.0", 24, "ipv4"],
        ["198.18.0.0", 15, "ipv4"],
        ["198.51.100.0", 24, "ipv4"],
        ["203.0.113.0", 24, "ipv4"],
        ["100::", 64, "ipv6"],
        ["2001::", 23, "ipv6"],
        ["2001:db8::", 32, "ipv6"],
        ["3fff::", 20, "ipv6"],
      ],
    ],
    // These carry an IPv4 address inside (NAT64, 6to4), which a gateway may route to a private one.
    ["an address under an IPv4 translation prefix (NAT64, 6to4)", [["64:ff9b::", 96, "ipv6"], ["64:ff9b:1::", 48, "ipv6"], ["2002::", 16, "ipv6"]]],
  ] as [string, [string, number, "ipv4" | "ipv6"][]][]
).map(([why, ranges]) => {
  const list = new BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return [why, list];
});
/**
 * `::ffff:a.b.c.d` is an IPv4 address in IPv6 dress, and a connection to it reaches a.b.c.d: no
 * media host is written so, whatever the address inside. Only ever checked for IPv6 addresses
 * (BlockList matches IPv4 addresses against this prefix too).
 */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet("::ffff:0:0", 96, "ipv6");

/** Why this server never connects to `address` (an IP address), or null when it may. */
export function forbiddenAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  const type = family === 4 ? "ipv4" : "ipv6";
  if (type === "ipv6" && IPV4_MAPPED.check(address, "ipv6")) return "an IPv4-mapped IPv6 address";
  for (const [why, list] of FORBIDDEN) if (list.check(address, type)) return why;
  return null;
}

/**
 * The connections' `lookup`: resolves the name once, refuses it when any of its addresses is
 * forbidden, and hands the connection exactly the addresses it checked. Exported for its tests.
 */
export function checkedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    resolve(hostname)
      .then((found) => {
        for (const { address } of found) {
          const why = forbiddenAddress(address);
          if (why) throw new MediaRefused(`${hostname} resolves to ${address}, ${why}`);
        }
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted);
        if (addresses.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" });
        return addresses;
      })
      .then(
        (addresses) =>
          process.nextTick(() => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family))),
        (error: NodeJS.ErrnoException) => process.nextTick(() => callback(error, "", 0)),
      );
  };
}

/** An answer of the media host (never a redirect: those are followed). Read its body, or discard it. */
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
 * Fetches media under MediaRules. One per process (runtime.server.ts, through ListingsFeed): its
 * agents keep connections to the media host open between photos; each was opened through the
 * checked lookup.
 */
export class MediaFetcher {
  private readonly agents: { "http:": http.Agent; "https:": https.Agent };

  constructor(readonly rules: MediaRules) {
    const options = { keepAlive: true, maxSockets: 8, timeout: 30_000, lookup: checkedLookup(rules.resolve ?? systemResolve) };
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
      throw new MediaRefused(`${url.protocol} is not allowed for photos (HTTPS only${url.protocol === "http:" ? "; DDF_MEDIA_HTTP is off" : ""})`);
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

/** The fetcher the configuration describes (DDF_MEDIA_HOSTS, DDF_MEDIA_HTTP). */
export function mediaFetcherOf(config: Pick<Config, "DDF_MEDIA_HOSTS" | "DDF_MEDIA_HTTP">, resolve?: Resolve): MediaFetcher {
  return new MediaFetcher({ hosts: config.DDF_MEDIA_HOSTS, allowHttp: config.DDF_MEDIA_HTTP, resolve });
}
