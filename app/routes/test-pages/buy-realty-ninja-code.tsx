import { SearchPageBody } from "~/components/listings/search-page-body";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/buy-realty-ninja-code";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ title: "Buy - Property Search (widget code)", path: location.pathname });

/**
 * /buyrealtyninjacode: in the route table with its content "not shown". It is kept as the page
 * that carries the bare search-widget embed for a buying page (banner, tip, widget), out of the
 * sitemap and noindex.
 */
export default function BuyRealtyNinjaCodePage() {
  return <SearchPageBody title="Buy - Property Search" lead="Search every MLS® listing in Edmonton and the surrounding area." />;
}
