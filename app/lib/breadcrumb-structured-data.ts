/**
 * The breadcrumb list of every page (schema.org BreadcrumbList) and the serialiser for inline
 * JSON-LD. Apart from the other builders (structured-data.ts) because the root layout renders it
 * on every page: those load only with the pages that use them.
 */
import { absoluteUrl } from "./site-url";

/**
 * What a route module may export as `handle` to name its page in the breadcrumb bar from its own
 * loader data (the listing page: the listing's address); null keeps the catalogue's label.
 */
export interface BreadcrumbHandle {
  breadcrumb?: (loaderData: unknown) => string | null;
  /** The path the crumbs are made for instead of the URL's, when the URL holds what no link or structured data may repeat (a mail's signed token). */
  breadcrumbPath?: string;
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };
}

/** Serialises JSON-LD for an inline script element; `<` is escaped so no tag can be closed. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
