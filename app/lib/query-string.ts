/**
 * The query-string rule of spec/site.md §2: query strings survive only on search and listing
 * pages; everywhere else the location is replaced by the bare path.
 */
import { areas } from "~/content/areas";

/** Path prefixes whose pages keep their query string. */
export const QUERY_KEEPING_PREFIXES: readonly string[] = [
  "/buy",
  "/search",
  "/property-search",
  "/mls-search",
  "/sold-properties",
  "/single-family-homes",
  "/condominiums",
  "/townhouses",
  "/office-listings",
  ...areas.map((a) => a.path),
];

/** True when the page at `pathname` keeps its query string (spec: "starts with" a prefix). */
export function keepsQueryString(pathname: string): boolean {
  // The agent's inbox is not part of the public site the rule is about; its filters live in the query.
  if (pathname === "/inbox" || pathname.startsWith("/inbox/")) return true;
  // The DDF® feed's search and listing pages (issue 12, after the spec): the search's filters and pages live in the query.
  if (pathname === "/listings" || pathname.startsWith("/listings/")) return true;
  return QUERY_KEEPING_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * The location to replace the current one with, or null when it should stay.
 * The fragment is kept: the mortgage calculator shares its inputs through it.
 */
export function bareLocation(pathname: string, search: string, hash: string): string | null {
  if (!search) return null;
  if (keepsQueryString(pathname)) return null;
  return pathname + hash;
}
