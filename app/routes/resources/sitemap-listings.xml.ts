import type { Route } from "./+types/sitemap-listings.xml";
import { allListingPaths } from "~/lib/server/listings/queries.server";
import { absoluteUrl } from "~/lib/site-url";
import { serverContext } from "~/router-context";

/**
 * /sitemap-listings.xml: the /listings search and every listing page of the DDF® feed, with the
 * listing's last change as lastmod. robots.txt names it beside /sitemap.xml while the feed is on;
 * with the feed off there is no such file (404).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  if (!feed) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const listings = await allListingPaths(feed.db);
  const newest = listings.reduce<Date | null>((max, l) => (!max || l.modifiedAt > max ? l.modifiedAt : max), null);
  const entry = (path: string, lastmod: Date | null) =>
    `  <url>\n    <loc>${absoluteUrl(path)}</loc>\n${lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>\n` : ""}  </url>`;
  // Paths are built from ListingKeys and slugs ([A-Za-z0-9_-] only): nothing in them needs XML escaping.
  const urls = [entry("/listings", newest), ...listings.map((l) => entry(l.path, l.modifiedAt))].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
