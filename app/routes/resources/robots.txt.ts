import type { Route } from "./+types/robots.txt";
import { absoluteUrl } from "~/lib/site-url";
import { serverContext } from "~/router-context";

/** With the DDF® feed on, its listing pages have their own sitemap (a second Sitemap line, no index file needed). */
export function loader({ context }: Route.LoaderArgs) {
  const server = context.get(serverContext);
  const sitemaps = [
    absoluteUrl("/sitemap.xml"),
    ...(server?.listings ? [absoluteUrl("/sitemap-listings.xml")] : []),
    ...(server?.assessments ? [absoluteUrl("/sitemap-neighbourhoods.xml")] : []),
  ];
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /healthz",
    "Disallow: /inbox",
    "",
    ...sitemaps.map((s) => `Sitemap: ${s}`),
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
