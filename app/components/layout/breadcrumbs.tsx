import ChevronRight from "lucide-react/icons/chevron-right";
import { Link, useLocation } from "react-router";
import { labelForPath } from "~/content/pages";
import { type Crumb, breadcrumbJsonLd, jsonLdScript } from "~/lib/breadcrumb-structured-data";

/** Crumbs for a path: Home, then one per segment with the catalogue's friendly label. */
export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }];
  segments.forEach((_, i) => {
    const path = `/${segments.slice(0, i + 1).join("/")}`;
    crumbs.push({ name: labelForPath(path), path });
  });
  return crumbs;
}

/** The breadcrumb bar of spec §2, hidden on the home page. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  if (pathname === "/") return null;
  const crumbs = crumbsFor(pathname);
  return (
    <nav aria-label="Breadcrumb" className="border-b border-line bg-surface-muted">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm text-ink-muted">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={c.path} className="inline-flex items-center gap-1">
              {i > 0 && <ChevronRight aria-hidden="true" className="size-4" />}
              {last ? (
                <span aria-current="page" className="text-ink">
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
