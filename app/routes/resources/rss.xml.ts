// TEMPORARY scaffold: the blog work writes the feed.
export function loader() {
  return new Response("<rss version=\"2.0\"></rss>", { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
