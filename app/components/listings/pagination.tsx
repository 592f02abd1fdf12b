import { Link } from "react-router";

/** The URL of results page `page`, keeping every other parameter of the current query (the filters). */
export function pageHref(pathname: string, search: URLSearchParams, page: number, hash = ""): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}${hash}`;
}

/**
 * Previous / "Page X of Y" / Next as plain links, so paging works before (or without) JavaScript
 * and search engines can follow it. `hash` brings the reader back to the results, not the top.
 */
export function Pagination({
  pathname,
  search,
  page,
  pageCount,
  hash = "",
}: {
  pathname: string;
  search: URLSearchParams;
  page: number;
  pageCount: number;
  hash?: string;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const linkClass = "inline-flex min-h-11 items-center rounded-md border border-line px-4 font-bold text-brand hover:bg-brand-soft";
  return (
    <nav aria-label="Results pages" className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageHref(pathname, search, Math.min(page - 1, pageCount), hash)} rel="prev" className={linkClass}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={pageHref(pathname, search, page + 1, hash)} rel="next" className={linkClass}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
