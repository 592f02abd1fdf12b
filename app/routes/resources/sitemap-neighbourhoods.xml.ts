import type { Route } from "./+types/sitemap-neighbourhoods.xml";
import { allNeighbourhoods } from "~/lib/server/assessments/neighbourhoods.server";
import { rollStatus } from "~/lib/server/assessments/import.server";
import { absoluteUrl } from "~/lib/site-url";
import { serverContext } from "~/router-context";

/**
 * /sitemap-neighbourhoods.xml: the neighbourhood index and every residential neighbourhood's page,
 * with the live roll's load as lastmod. robots.txt names it while the roll is on; off, 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const roll = context.get(serverContext)?.assessments;
  if (!roll) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const [hoods, status] = await Promise.all([allNeighbourhoods(roll.db), rollStatus(roll.db)]);
  const lastmod = status.liveImportedAt ? `    <lastmod>${status.liveImportedAt.toISOString()}</lastmod>\n` : "";
  const entry = (path: string) => `  <url>\n    <loc>${absoluteUrl(path)}</loc>\n${lastmod}  </url>`;
  // Slugs are [a-z0-9-] only (neighbourhoodSlug): nothing in them needs XML escaping.
  const urls = hoods.length > 0 ? [entry("/neighbourhoods"), ...hoods.map((h) => entry(`/neighbourhoods/${h.slug}`))] : [];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
