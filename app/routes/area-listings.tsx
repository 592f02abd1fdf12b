import { Link, useLocation } from "react-router";
import type { Route } from "./+types/area-listings";
import { BackRow } from "~/components/layout/back-button";
import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { HomesForSaleSection, SECTION_PAGE_SIZE } from "~/components/listings/homes-for-sale-section";
import { pageParam } from "~/lib/listing-types";
import { ListingBanner } from "~/components/listings/listing-banner";
import { NotFoundContent } from "~/components/not-found-content";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { areaIntros } from "~/content/area-intros";
import { areaByPath, feedCitiesOf } from "~/content/areas";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { areaServedJsonLd } from "~/lib/area-structured-data";
import { searchListings } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { alertsOf } from "~/lib/server/alerts/link-pages.server";
import { searchSignUpForm } from "~/lib/server/alerts/sign-up-form.server";
import { allNeighbourhoods } from "~/lib/server/assessments/neighbourhoods.server";

/**
 * The fifteen area listing pages (spec §2 "Listing pages"), one module for all of them: the area
 * is found by the pathname, which is right both when prerendering and after a client navigation.
 */
/**
 * The area's homes from the DDF® feed, when the site has one. Prerendering has no load context:
 * the static files stay exactly as without the feed, and the server renders these pages per
 * request instead of serving those files only while the feed is on (server/index.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  const url = new URL(request.url);
  const area = areaByPath(url.pathname);
  if (!feed || !area) return { listings: null, alertForm: null, neighbourhoods: null, map: null };
  const cities = feedCitiesOf(area);
  // The City's neighbourhood pages (issue 42), with its roll on: the Edmonton page links to them.
  const roll = context.get(serverContext)?.assessments;
  const neighbourhoods = roll && cities.includes("Edmonton") ? await biggestNeighbourhoods(roll.db) : null;
  // "Save this search" for the area's own cities, as its listings are found (issue 32).
  const alertForm = alertsOf(context) ? searchSignUpForm({ cities }) : null;
  return {
    listings: await searchListings(feed.db, {
      cities,
      page: pageParam(url.searchParams),
      pageSize: SECTION_PAGE_SIZE,
      memberKey: feed.memberKey,
    }),
    alertForm,
    neighbourhoods,
    // The area's homes on the map; "Search this area" goes on in /listings, with the city when there is one.
    map: {
      dataQuery: new URLSearchParams(cities.map((c) => ["city", c])).toString(),
      searchQuery: cities.length === 1 ? new URLSearchParams({ city: cities[0]! }).toString() : "",
    },
  };
}

/** How many neighbourhoods the Edmonton page names: the ones with the most homes, the index has every one. */
const NAMED_NEIGHBOURHOODS = 12;

async function biggestNeighbourhoods(db: Parameters<typeof allNeighbourhoods>[0]) {
  const all = await allNeighbourhoods(db);
  if (all.length === 0) return null;
  return [...all]
    .sort((a, b) => b.homes.count - a.homes.count)
    .slice(0, NAMED_NEIGHBOURHOODS)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((h) => ({ slug: h.slug, name: h.name }));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const area = areaByPath(location.pathname);
  if (!area) return pageMeta({ title: "Page not found", path: "/404", noindex: true });
  const jsonLd = areaServedJsonLd(area.path);
  return pageMeta({
    title: `${area.name} Real Estate Listings`,
    description: `Homes for sale in ${area.name}, Alberta: every MLS® listing, with e-mail alerts for new matches from ${site.agent.name}, ${site.agent.title}.`,
    path: area.path,
    jsonLd: jsonLd ? [jsonLd] : [],
  });
};

export default function AreaListingsPage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const area = areaByPath(pathname);
  if (!area) return <NotFoundContent />;
  return (
    <>
      <ListingBanner title={area.name}>
        <p className="mt-2 text-lg">{area.kind === "city" ? "Homes for sale" : "Acreages, farms and rural homes for sale"}</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <p className="max-w-3xl text-lg leading-8 text-ink">{areaIntros[area.path]}</p>
        <GetNotifiedTip className="mt-6" />
        <ListingsWidget key={area.widgetId} widgetId={area.widgetId} label={`${area.name} listings`} className="mt-6" />
        {loaderData?.listings && <HomesForSaleSection place={area.name} result={loaderData.listings} map={loaderData.map ?? undefined} />}
        {loaderData?.alertForm && <AlertSignUp form={loaderData.alertForm} className="mt-8" />}
        {loaderData?.neighbourhoods && (
          <section aria-labelledby="neighbourhoods-heading" className="mt-8" data-testid="area-neighbourhoods">
            <h2 id="neighbourhoods-heading" className="text-xl font-bold text-ink">
              Home assessments by neighbourhood
            </h2>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {loaderData.neighbourhoods.map((h) => (
                <li key={h.slug}>
                  <Link to={`/neighbourhoods/${h.slug}`} className="text-brand underline">
                    {h.name}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-2">
              <Link to="/neighbourhoods" className="font-bold text-brand underline">
                Every Edmonton neighbourhood
              </Link>
            </p>
          </section>
        )}
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
