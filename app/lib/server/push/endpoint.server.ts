/**
 * Which push endpoints the server stores and sends to. A subscription's endpoint is a URL the
 * browser hands over, so it is input like any other: stored unchecked, it would let anyone signed
 * in make this server POST to an address inside its own network, or to any service of a public
 * host. It must be an https URL on port 443 whose host resolves to public addresses only (platform/net/public-address.ts), checked when it is
 * stored and again on every connection by the sender's lookup (DNS can change in between). The
 * one exception is an `address:port` a test listed in TEST_ONLY's pushLocalHosts (its stand-in),
 * reached over http too.
 */
import type { MediaHost } from "../../../../platform/config";
import { type PublicHttpsProblem, type Resolve, isListedHost, publicHttpsProblem } from "../../../../platform/net/public-address";

export interface EndpointRules {
  localHosts: readonly MediaHost[];
  resolve?: Resolve;
}

/** The longest endpoint stored: real ones are under 500 characters. */
export const MAX_ENDPOINT_LENGTH = 1000;

const PROBLEMS: Record<PublicHttpsProblem, string> = {
  "not https": "Push addresses must use https.",
  // Push services listen on 443 (RFC 8030 is HTTP over TLS).
  "not port 443": "Push addresses must use the standard https port (443).",
  "not found": "The push service's address could not be found.",
  "not public": "That push address is not on the public internet.",
};

/** Why the endpoint is refused (a sentence for the agent), or null when it may be stored. */
export async function endpointProblem(endpoint: string, rules: EndpointRules): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The browser gave an invalid push address.";
  }
  if (endpoint.length > MAX_ENDPOINT_LENGTH || url.username || url.password) return "The browser gave an invalid push address.";
  if (isListedHost(url, rules.localHosts))
    return url.protocol === "https:" || url.protocol === "http:" ? null : "The browser gave an invalid push address.";
  const problem = await publicHttpsProblem(url, rules.resolve);
  return problem && PROBLEMS[problem];
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
