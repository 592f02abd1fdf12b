import { HomeSections } from "~/components/home/home-sections";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { agentJsonLd } from "~/lib/agent-structured-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: `${site.agent.name} | Edmonton Real Estate & MLS® Listings`,
    path: location.pathname,
    jsonLd: [agentJsonLd()],
  });

export default function HomePage() {
  return <HomeSections widgetIds={{ search: site.listings.widgetIds.search, newListings: site.listings.widgetIds.newListings }} />;
}
