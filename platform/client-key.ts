/**
 * Whose quota a request spends: its client's IPv4 address, or the /64 network of its IPv6 one.
 *
 * One IPv6 subscriber is given a whole /64 (often a /56 or /48): counted per address, one
 * connection could take 2^64 fresh quotas by changing the low bits of its address (issue 38 saw
 * one /64 send 40 confirmation mails). A /64 is the smallest block a network hands one site, so it
 * is the unit a person controls; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as Node reports
 * an IPv4 peer on a dual-stack socket) is its IPv4 address. Anything that is no IP address is
 * returned as it is (the limiter counts "" as one key of its own).
 */
import { isIPv4, isIPv6 } from "node:net";

export function clientKeyOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  // A zone ("fe80::1%eth0") names the local interface, not the peer.
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}
