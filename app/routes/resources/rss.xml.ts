import { livePosts } from "~/content/blog/posts";
import { site } from "~/content/site";
import { buildRssFeed } from "~/lib/rss";

/** /blog/rss.xml: every live post of the registry as RSS 2.0 (linked from every page's head). */
export function loader() {
  const xml = buildRssFeed(
    {
      title: `${site.agent.name} Real Estate Blog`,
      description: "Guides for home buyers and sellers in Edmonton and area, from an Edmonton REALTOR®.",
      path: "/blog",
      feedPath: "/blog/rss.xml",
      author: site.agent.name,
    },
    livePosts,
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
    },
  });
}
