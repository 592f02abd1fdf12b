/**
 * One helper for every page's head: title, description, canonical URL, robots, Open Graph and
 * Twitter tags, and any JSON-LD blocks.
 */
import type { MetaDescriptor } from "react-router";
import { pageByPath } from "~/content/page-index";
import { site } from "~/content/site";
import { keepsQueryString } from "./query-string";
import { absoluteUrl } from "./site-url";

export interface PageMetaInput {
  title: string;
  description?: string;
  /**
   * The path the page was asked for (the route's `location.pathname`). The page catalogue
   * (app/content/pages.ts) gives its canonical path, never with a query string or a trailing
   * slash, and whether it is indexed; a path outside the catalogue (/404) is used as it is.
   */
  path: string;
  /** Only for pages outside the catalogue; a catalogue page's robots come from its entry. */
  noindex?: boolean;
  /** Absolute or root-relative social image. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "profile";
  /** JSON-LD objects to add to the head. */
  jsonLd?: readonly object[];
}

export const DEFAULT_SHARE_IMAGE = "/images/share-card.jpg";

/**
 * Listing pages outside spec §2's query-string list: /browse-by-building is a placeholder for
 * listings, like its siblings /sold-properties and /office-listings (spec §2's route table puts
 * the three on one line), so its title names the brokerage as theirs do; its query string is still
 * removed, as the rule says.
 */
const OTHER_LISTING_PAGES: ReadonlySet<string> = new Set(["/browse-by-building"]);

/**
 * The document title: the page's own, then the agent (the home page's own title starts with the
 * agent's name and is left as it is). On listing and search pages (the paths of spec §2's
 * query-string rule, and OTHER_LISTING_PAGES) it ends with the brokerage's name (spec §1), as
 * REALTOR® advertising of listings names the brokerage.
 */
export function documentTitle(title: string, path: string): string {
  const withAgent = title.startsWith(site.agent.name) ? title : `${title} | ${site.agent.name}, Edmonton REALTOR®`;
  return (keepsQueryString(path) || OTHER_LISTING_PAGES.has(path)) && path !== "/404" ? `${withAgent} | ${site.brokerage.name}` : withAgent;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const entry = pageByPath(input.path);
  const path = entry?.path ?? input.path;
  const noindex = entry ? !entry.indexable : Boolean(input.noindex);
  const title = documentTitle(input.title, path);
  const description = input.description ?? site.defaultDescription;
  const url = absoluteUrl(path);
  const image = absoluteUrl(input.image ?? DEFAULT_SHARE_IMAGE);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { name: "robots", content: noindex ? "noindex, follow" : "index, follow" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "en_CA" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.imageAlt ?? `${site.agent.name}, Edmonton real estate` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  for (const block of input.jsonLd ?? []) meta.push({ "script:ld+json": block });
  return meta;
}
