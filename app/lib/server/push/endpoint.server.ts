/**
 * Which push endpoints the server stores and sends to. A subscription's endpoint is a URL the
 * browser hands over, so it is input like any other: stored unchecked, it would let anyone signed
 * in make this server POST to an address inside its own network, or to any service of a public
 * host. It must be an https URL on port 443 whose host resolves to public addresses only (platform/net/public-address.ts), checked when it is
 * stored and again on every connection by the sender's lookup (DNS can change in between). The
 * one exception is an `address:port` a test listed in TEST_ONLY's pushLocalHosts (its stand-in),
 * reached over http too.
 */
import { isIP } from "node:net";
import type { MediaHost } from "../../../../platform/config";
import { type Resolve, forbiddenAddress, systemResolve } from "../../../../platform/net/public-address";

export interface EndpointRules {
  localHosts: readonly MediaHost[];
  resolve?: Resolve;
}

/** The longest endpoint stored: real ones are under 500 characters. */
export const MAX_ENDPOINT_LENGTH = 1000;

/** Whether the endpoint is a test-listed local push service (TEST_ONLY's pushLocalHosts). */
export function isLocalPushService(url: URL, localHosts: readonly MediaHost[]): boolean {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return localHosts.some((h) => h.hostname === url.hostname && h.port === port);
}

/** Why the endpoint is refused (a sentence for the agent), or null when it may be stored. */
export async function endpointProblem(endpoint: string, rules: EndpointRules): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The browser gave an invalid push address.";
  }
  if (endpoint.length > MAX_ENDPOINT_LENGTH || url.username || url.password) return "The browser gave an invalid push address.";
  if (isLocalPushService(url, rules.localHosts))
    return url.protocol === "https:" || url.protocol === "http:" ? null : "The browser gave an invalid push address.";
  if (url.protocol !== "https:") return "Push addresses must use https.";
  // Push services listen on 443 (RFC 8030 is HTTP over TLS); any other port would let a subscription aim the server at a public host's other services (SSH, SMTP, a database).
  if (url.port !== "") return "Push addresses must use the standard https port (443).";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await (rules.resolve ?? systemResolve)(host)).map((a) => a.address);
    } catch {
      return "The push service's address could not be found.";
    }
  }
  if (addresses.length === 0) return "The push service's address could not be found.";
  return addresses.some((a) => forbiddenAddress(a)) ? "That push address is not on the public internet." : null;
}

/** "Chrome on Android", "Safari on iPhone": what the device list calls a browser. */
export function browserName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Chrome\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return system ? `${browser} on ${system}` : browser;
}
