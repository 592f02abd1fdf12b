/**
 * The page catalogue: every public page of the site, once.
 *
 * `app/routes.ts` builds the route table from it, `/my-sitemap` and `/sitemap.xml` list it,
 * the breadcrumbs, footers and robots tags read it through its index (`app/content/page-index.ts`)
 * and `react-router.config.ts` prerenders from it.
 * Blog articles come from the blog registry (`app/content/blog/posts.ts`), areas from `areas.ts`.
 */
import { areas } from "./areas";
import { livePosts } from "./blog/posts";
import { propertyTypes } from "./property-types";

export type PageGroup = "Home" | "Buying" | "Selling" | "Listings" | "Resources" | "About" | "Legal" | "Test and theme pages";

export interface PageEntry {
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Route id; needed where one module serves several paths. */
  id: string;
  /** Breadcrumb and sitemap label. */
  label: string;
  group: PageGroup;
  /** Indexable pages are in /sitemap.xml; the rest carry noindex. */
  indexable: boolean;
  /**
   * Prerendered to static HTML at build time. False for pages with a form action or a
   * server-rendered GET result (their HTML depends on the request, or on the day).
   */
  prerender: boolean;
  /** The page's action takes a visitor's submission: its route module declares `middleware = [formQuota]` (a test checks). */
  form: boolean;
  /** Which of the two footers of spec §2 the page shows. */
  footer: "brokerage" | "social";
  /** ISO date the content last changed, for the sitemap's lastmod. */
  lastModified: string;
}

const SITE_LAUNCH = "2025-06-02";

function page(
  path: string,
  file: string,
  label: string,
  group: PageGroup,
  options: Partial<Pick<PageEntry, "id" | "indexable" | "prerender" | "form" | "footer" | "lastModified">> = {},
): PageEntry {
  return {
    path,
    file,
    label,
    group,
    id: options.id ?? (path === "/" ? "home" : path.slice(1).replace(/\//g, "-")),
    indexable: options.indexable ?? true,
    prerender: options.prerender ?? true,
    form: options.form ?? false,
    footer: options.footer ?? "brokerage",
    lastModified: options.lastModified ?? SITE_LAUNCH,
  };
}

const noindex = { indexable: false } as const;

/** An internal, test or theme page (routes/test-pages/): reachable, never indexed. */
const testPage = (path: string, file: string, label: string) => page(path, file, label, "Test and theme pages", noindex);

export const pages: readonly PageEntry[] = [
  page("/", "routes/home.tsx", "Home", "Home", { footer: "social" }),

  // Buying
  page("/search", "routes/search.tsx", "Search Listings", "Buying", { id: "search", footer: "social" }),
  page("/mls-search", "routes/search.tsx", "MLS® Search", "Buying", { id: "mls-search", footer: "social" }),
  ...propertyTypes.map((t) =>
    page(t.path, "routes/property-type.tsx", t.heading, "Buying", { id: `type${t.path}`.replace(/\//g, "-"), footer: "social" }),
  ),
  // Rendered per request: the feed's upcoming open houses, or samples dated on the coming weekends.
  page("/open-house", "routes/open-house.tsx", "Open Houses", "Buying", { prerender: false }),
  page("/buyersearch", "routes/buyersearch.tsx", "Buyer Search", "Buying"),
  page("/instant-updates", "routes/instant-updates.tsx", "Instant Updates", "Buying"),
  page("/mortgage-calculator", "routes/mortgage-calculator.tsx", "Mortgage Calculator", "Buying", { prerender: false }),
  page("/buy", "routes/placeholder.tsx", "Buy", "Buying", { id: "buy", ...noindex }),
  page("/sold-properties", "routes/placeholder.tsx", "Sold Properties", "Buying", { id: "sold-properties", ...noindex }),
  page("/office-listings", "routes/placeholder.tsx", "Office Listings", "Buying", { id: "office-listings", ...noindex }),
  page("/browse-by-building", "routes/placeholder.tsx", "Browse by Building", "Buying", { id: "browse-by-building", ...noindex }),

  // Area listings
  ...areas.map((a) =>
    page(a.path, "routes/area-listings.tsx", `${a.name} Listings`, "Listings", {
      id: `area${a.path}`.replace(/\//g, "-"),
      footer: "social",
    }),
  ),

  // Selling
  page("/sell", "routes/sell.tsx", "Sell", "Selling"),
  page("/free-home-valuation", "routes/free-home-valuation.tsx", "Free Home Valuation", "Selling"),
  // Reads its query (the matches without JavaScript): rendered per request.
  page("/home-value", "routes/home-value.tsx", "What's My Home Worth?", "Selling", { prerender: false, lastModified: "2026-11-29" }),
  page("/marketing-strategy", "routes/marketing-strategy.tsx", "Marketing Strategy", "Selling"),

  // Resources
  page("/blog", "routes/blog.tsx", "Blog", "Resources"),

  // About and contact
  page("/about", "routes/about.tsx", "About", "About"),
  page("/contact", "routes/contact.tsx", "Contact", "About", { prerender: false, form: true }),
  page("/welcome", "routes/welcome.tsx", "Welcome", "About", { prerender: false, form: true }),
  page("/my-sitemap", "routes/my-sitemap.tsx", "Sitemap", "About"),

  // Legal
  page("/mls-disclaimer", "routes/mls-disclaimer.tsx", "MLS® Disclaimer", "Legal"),
  page("/privacy-policy-test", "routes/privacy-policy.tsx", "Privacy Policy", "Legal"),
  page("/terms-of-service-test", "routes/terms-of-service.tsx", "Terms of Service", "Legal"),

  // Internal, test and theme pages: reachable, never indexed.
  testPage("/emailtemplate", "routes/test-pages/email-template.tsx", "E-mail Template"),
  testPage("/buyrealtyninjacode", "routes/test-pages/buy-realty-ninja-code.tsx", "Buy (widget code)"),
  ...[1, 2, 3, 4].map((n) => {
    const path = n === 1 ? "/themepage" : `/themepage${n}`;
    return page(path, "routes/test-pages/theme-page.tsx", `Theme Page ${n}`, "Test and theme pages", {
      id: path.slice(1),
      footer: "social",
      ...noindex,
    });
  }),
  testPage("/testpage", "routes/test-pages/testpage.tsx", "Test Page"),
  testPage("/buytestpage", "routes/test-pages/buy-test.tsx", "Buy Test Page"),
  testPage("/selltestpage", "routes/test-pages/sell-test.tsx", "Sell Test Page"),
  testPage("/instantupdatestestpage", "routes/test-pages/instant-updates-test.tsx", "Instant Updates Test Page"),
  testPage("/mortgagecalculatortestpage", "routes/test-pages/mortgage-calculator-test.tsx", "Mortgage Calculator Test Page"),
  testPage("/blogtestpage", "routes/test-pages/blog-test.tsx", "Blog Test Page"),
  testPage("/abouttestpage", "routes/test-pages/about-test.tsx", "About Test Page"),
  testPage("/contacttestpage", "routes/test-pages/contact-test.tsx", "Contact Test Page"),
];

/** Blog articles are pages too; their metadata stays in the blog registry. */
export const blogArticlePages: readonly PageEntry[] = livePosts.map((p) =>
  page(`/blog/${p.slug}`, `routes/blog/${p.slug}.tsx`, p.title, "Resources", { id: `blog-${p.slug}`, lastModified: p.dateModified }),
);

export const allPages: readonly PageEntry[] = [...pages, ...blogArticlePages];

/** Paths React Router writes to static HTML at build time. */
export function prerenderPaths(): string[] {
  return allPages.filter((p) => p.prerender).map((p) => p.path);
}

/**
 * What the browser needs of the catalogue, by path: the label, the footer (1: social) and whether
 * the page is indexed (1). The catalogue with its blog registry is ~5 KB of compressed script that
 * every page would load for three facts about itself; vite.config.ts bakes this instead
 * (app/content/page-index.ts reads it; decision 061).
 */
export type PageIndex = Record<string, readonly [label: string, social: 0 | 1, indexable: 0 | 1]>;

export function pageIndex(): PageIndex {
  return Object.fromEntries(allPages.map((p) => [p.path, [p.label, p.footer === "social" ? 1 : 0, p.indexable ? 1 : 0] as const]));
}
