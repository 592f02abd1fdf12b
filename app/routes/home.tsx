import { HomeSections } from "~/components/home/home-sections";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { agentJsonLd } from "~/lib/structured-data";

export function meta() {
  return pageMeta({
    title: `${site.agent.name} | Edmonton Real Estate & MLS® Listings`,
    path: "/",
    jsonLd: [agentJsonLd()],
  });
}

export default function HomePage() {
  return <HomeSections widgetIds={{ search: site.listings.widgetIds.search, newListings: site.listings.widgetIds.newListings }} />;
}
