import ChevronRight from "lucide-react/icons/chevron-right";
import { Link, useLocation, useMatches } from "react-router";
import { labelForPath } from "~/content/page-index";
import { type BreadcrumbHandle, type Crumb, breadcrumbJsonLd, jsonLdScript } from "~/lib/breadcrumb-structured-data";

/**
 * Crumbs for a path: Home, then one per segment with the catalogue's friendly label. `leafLabel`,
 * when given, names the last one instead: the page's own name from its data (a listing's address,
 * accents and punctuation kept, which its URL's slug cannot carry).
 */
export function crumbsFor(pathname: string, leafLabel?: string | null): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }];
  segments.forEach((_, i) => {
    const path = `/${segments.slice(0, i + 1).join("/")}`;
    const last = i === segments.length - 1;
    crumbs.push({ name: last && leafLabel ? leafLabel : labelForPath(path), path });
  });
  return crumbs;
}

/** The label the deepest matched route gives itself through `handle.breadcrumb(loaderData)`, if any. */
export function leafLabelOf(matches: readonly { handle: unknown; loaderData?: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const breadcrumb = (match.handle as BreadcrumbHandle | undefined)?.breadcrumb;
    if (typeof breadcrumb !== "function") continue;
    const label = breadcrumb(match.loaderData);
    return typeof label === "string" && label.trim() ? label.trim() : null;
  }
  return null;
}

/** The path the deepest matched route makes its crumbs for (`handle.breadcrumbPath`), if it names one. */
function crumbPathOf(matches: readonly { handle: unknown }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const path = (matches[i]!.handle as BreadcrumbHandle | undefined)?.breadcrumbPath;
    if (typeof path === "string") return path;
  }
  return null;
}

/** The breadcrumb bar of spec §2, hidden on the home page. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const matches = useMatches();
  if (pathname === "/") return null;
  const crumbs = crumbsFor(crumbPathOf(matches) ?? pathname, leafLabelOf(matches));
  return (
    <nav aria-label="Breadcrumb" className="border-b border-line bg-surface-muted">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm text-ink-muted">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={c.path} className="inline-flex min-w-0 items-center gap-1">
              {i > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0" />}
              {last ? (
                <span aria-current="page" className="min-w-0 text-ink wrap-anywhere">
                  {c.name}
                </span>
              ) : (
                <Link to={c.path} className="underline hover:text-ink">
                  {c.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(breadcrumbJsonLd(crumbs)) }} />
    </nav>
  );
}
