import { allPages } from "~/content/pages";
import { absoluteUrl } from "~/lib/site-url";

/** /sitemap.xml: every indexable page with its lastmod. */
export function loader() {
  const urls = allPages
    .filter((p) => p.indexable)
    .map((p) => `  <url>\n    <loc>${absoluteUrl(p.path)}</loc>\n    <lastmod>${p.lastModified}</lastmod>\n  </url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
