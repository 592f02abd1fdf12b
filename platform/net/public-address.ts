/**
 * Which addresses this server may connect to on a URL that someone else chose (a feed's photo
 * URL, a browser's push endpoint): public ones only. A name is resolved once, by the connection's
 * own `lookup`, every address it has is checked, and the socket connects to exactly the addresses
 * checked, so DNS cannot answer one address to a check and another to the connection (no
 * rebinding gap). Used by the listing photos' fetcher, the push sender and the calendar fetch.
 */
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, type LookupFunction, isIP } from "node:net";

/** A connection the rules refuse: nothing was sent. */
export class AddressRefused extends Error {
  override name = "AddressRefused";
}

/** How a host name is resolved: every address it has. The system's resolver unless a test gives another. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Special-purpose addresses (the IANA IPv4 and IPv6 special-purpose address registries): none of
 * them is where a public media host lives, and several are this machine or its private network.
 * Node's BlockList compares the addresses (each range in CIDR notation); each list gives the words a refusal uses.
 */
const FORBIDDEN: [string, BlockList][] = (
  [
    ['an unspecified ("this network") address', ["0.0.0.0/8", "::/128"]],
    ["a loopback address", ["127.0.0.0/8", "::1/128"]],
    ["a deprecated IPv4-compatible address", ["::/96"]],
    ["a private (RFC 1918) address", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]],
    ["a carrier-grade NAT address", ["100.64.0.0/10"]],
    ["a link-local address", ["169.254.0.0/16", "fe80::/10"]],
    ["a unique-local or site-local address", ["fc00::/7", "fec0::/10"]],
    ["a multicast address", ["224.0.0.0/4", "ff00::/8"]],
    ["a reserved or broadcast address", ["240.0.0.0/4"]],
    [
      "an address reserved for protocols, documentation or benchmarks",
      [
        "192.0.0.0/24",
        "192.0.2.0/24",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "100::/64",
        "2001::/23",
        "2001:db8::/32",
        "3fff::/20",
      ],
    ],
    // These carry an IPv4 address inside (NAT64, 6to4), which a gateway may route to a private one.
    ["an address under an IPv4 translation prefix (NAT64, 6to4)", ["64:ff9b::/96", "64:ff9b:1::/48", "2002::/16"]],
  ] as [string, string[]][]
).map(([why, ranges]) => {
  const list = new BlockList();
  for (const range of ranges) {
    const [network, prefix] = range.split("/") as [string, string];
    list.addSubnet(network, Number(prefix), isIP(network) === 4 ? "ipv4" : "ipv6");
  }
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
 * forbidden (`refuse` makes the error), and hands the connection exactly the addresses it checked.
 */
export function checkedLookup(
  resolve: Resolve,
  refuse: (message: string) => Error = (message) => new AddressRefused(message),
): LookupFunction {
  return (hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    resolve(hostname)
      .then((found) => {
        for (const { address } of found) {
          const why = forbiddenAddress(address);
          if (why) throw refuse(`${hostname} resolves to ${address}, ${why}`);
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

/** A host and port a test listed as its stand-in (TEST_ONLY), reached although local, over http too. */
export function isListedHost(url: URL, hosts: readonly { hostname: string; port: number | undefined }[]): boolean {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return hosts.some((h) => h.hostname === url.hostname && h.port === port);
}

/** Why a URL is no public https address; each caller words it for its own page. */
export type PublicHttpsProblem = "not https" | "not port 443" | "not found" | "not public";

/**
 * Whether this server may call a URL someone typed (a push endpoint, a calendar address): https
 * on port 443 (any other port would aim it at a public host's other services: SSH, SMTP, a
 * database) whose host has public addresses only. Checked when the URL is saved; the connection's
 * checkedLookup checks again, since DNS can change in between.
 */
export async function publicHttpsProblem(url: URL, resolve: Resolve = systemResolve): Promise<PublicHttpsProblem | null> {
  if (url.protocol !== "https:") return "not https";
  if (url.port !== "") return "not port 443";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      return "not found";
    }
  }
  if (addresses.length === 0) return "not found";
  return addresses.some((a) => forbiddenAddress(a)) ? "not public" : null;
}
