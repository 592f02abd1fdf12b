/**
 * The page catalogue as the browser reads it: a page's label, footer and robots, from the index
 * vite.config.ts bakes out of app/content/pages.ts at build time (`pageIndex()`), so the catalogue
 * and the blog registry behind it stay out of the script every page loads (decision 061).
 */
import type { PageEntry, PageIndex } from "./pages";

declare const __PAGE_INDEX__: PageIndex;

const index: PageIndex = __PAGE_INDEX__;

export type PageSummary = Pick<PageEntry, "path" | "label" | "footer" | "indexable">;

/** The catalogue page at `pathname` (a trailing slash ignored), if it is one. */
export function pageByPath(pathname: string): PageSummary | undefined {
  const path = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
  // Own keys only: a path such as /constructor is not a page.
  if (!Object.hasOwn(index, path)) return undefined;
  const [label, social, indexable] = index[path]!;
  return { path, label, footer: social ? "social" : "brokerage", indexable: indexable === 1 };
}

/**
 * Friendly labels for path segments that are not pages of their own (the breadcrumb bar
 * of spec §2 names every segment).
 */
export function labelForPath(pathname: string): string {
  const entry = pageByPath(pathname);
  if (entry) return entry.label;
  const last = pathname.split("/").filter(Boolean).pop() ?? "";
  // A listing page (/listings/{ListingKey}-{address}) is named by its address alone.
  const words = pathname.startsWith("/listings/") ? decodeSegment(last).replace(/^[A-Za-z0-9_]+-/, "") : decodeSegment(last);
  return words
    .replace(/[-_]+/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .replace(/\b(Nw|Ne|Sw|Se)\b/g, (d) => d.toUpperCase());
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
