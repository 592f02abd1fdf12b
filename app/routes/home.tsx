import { lazy } from "react";
import { HomeSections } from "~/components/home/home-sections";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { agentJsonLd } from "~/lib/agent-structured-data";
import { agentListingsOnPage } from "~/lib/server/listings/agent-listings.server";
import type { Route } from "./+types/home";

// The cards' code loads only with a page that shows them: a site without the feed (and the
// prerendered page) never downloads it. The page waits for it on the server (entry.server.tsx
// renders everything before it answers); in the browser its chunk hydrates once it arrives.
const AgentListingsSection = lazy(() =>
  import("~/components/listings/agent-listings-section").then((m) => ({ default: m.AgentListingsSection })),
);

/**
 * The agent's own listings from the DDF® feed, when the feed is on and knows the agent
 * (DDF_MEMBER_KEY). Prerendering has no server context: the static page is exactly the page
 * without the feed, and the server renders "/" per request only while the agent's listings can
 * be shown (server/index.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return agentListingsOnPage(context);
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: `${site.agent.name} | Edmonton Real Estate & MLS® Listings`,
    path: location.pathname,
    jsonLd: [agentJsonLd()],
  });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const mine = loaderData?.agentListings;
  return (
    <HomeSections
      widgetIds={{ search: site.listings.widgetIds.search, newListings: site.listings.widgetIds.newListings }}
      afterHero={mine ? <AgentListingsSection listings={mine} className="mx-auto max-w-6xl px-4 pt-14" /> : undefined}
    />
  );
}
