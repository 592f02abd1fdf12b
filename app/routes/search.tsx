import { useLocation } from "react-router";
import type { Route } from "./+types/search";
import { SearchPageBody } from "~/components/listings/search-page-body";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

/** /search and /mls-search (spec §2): heading, the Get Notified tip, the search widget, BACK. */
const headings: Record<string, string> = {
  "/search": "Search Edmonton Homes for Sale",
  "/mls-search": "MLS® Search: Edmonton and Area",
};

function headingFor(pathname: string): string {
  return headings[pathname.replace(/\/+$/, "")] ?? headings["/search"]!;
}

export const meta: Route.MetaFunction = ({ location }) => {
  return pageMeta({
    title: headingFor(location.pathname),
    description: `Search every MLS® listing in Edmonton and the surrounding area, filter by price, type and neighbourhood, and get new matches by e-mail from ${site.agent.name}.`,
    path: location.pathname.replace(/\/+$/, ""),
  });
};

export default function SearchPage() {
  const { pathname } = useLocation();
  return <SearchPageBody title={headingFor(pathname)} lead="Every active MLS® listing in Edmonton and the surrounding communities." />;
}
