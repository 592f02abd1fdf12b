import { useLocation } from "react-router";
import type { Route } from "./+types/property-type";
import { BackRow } from "~/components/layout/back-button";
import { HomesForSaleSection, SECTION_PAGE_SIZE } from "~/components/listings/homes-for-sale-section";
import { ListingBanner } from "~/components/listings/listing-banner";
import { pageParam } from "~/lib/listing-types";
import { NotFoundContent } from "~/components/not-found-content";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { type PropertyType, propertyTypeByPath } from "~/content/property-types";
import type { ListingCategory } from "~/lib/schema-values";
import { pageMeta } from "~/lib/seo";
import { searchListings } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { alertsOf } from "~/lib/server/alerts/link-pages.server";
import { searchSignUpForm } from "~/lib/server/alerts/sign-up-form.server";

/** Which of the site's listing categories each page lists (the sync files every listing under one). */
const CATEGORY_OF: Record<PropertyType["path"], ListingCategory> = {
  "/single-family-homes": "single-family",
  "/condominiums": "condominium",
  "/townhouses": "townhouse",
};

/** The type's homes from the DDF® feed when there is one; none while prerendering (see area-listings.tsx). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  const url = new URL(request.url);
  const type = propertyTypeByPath(url.pathname);
  if (!feed || !type) return { listings: null, alertForm: null, map: null };
  const category = CATEGORY_OF[type.path];
  // "Save this search" for the type's category, as its listings are found (issue 32).
  const alertForm = alertsOf(context) ? searchSignUpForm({ category }) : null;
  return {
    listings: await searchListings(feed.db, {
      category,
      page: pageParam(url.searchParams),
      pageSize: SECTION_PAGE_SIZE,
      memberKey: feed.memberKey,
    }),
    alertForm,
    map: { dataQuery: `type=${category}`, searchQuery: `type=${category}` },
  };
}

/** /single-family-homes, /condominiums and /townhouses (spec §2), one module for the three. */
export const meta: Route.MetaFunction = ({ location }) => {
  const type = propertyTypeByPath(location.pathname);
  if (!type) return pageMeta({ title: "Page not found", path: "/404", noindex: true });
  return pageMeta({
    title: `${type.heading} for Sale in Edmonton`,
    description: `${type.subtitle}: browse ${type.plural.toLowerCase()} for sale in Edmonton and surrounding areas, with e-mail alerts for new listings.`,
    path: type.path,
  });
};

export default function PropertyTypePage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const type = propertyTypeByPath(pathname);
  if (!type) return <NotFoundContent />;
  return (
    <>
      <ListingBanner title={type.heading}>
        <p className="mt-2 text-lg">{type.subtitle}</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h2 className="text-2xl font-bold text-ink">Available {type.plural}</h2>
        <p className="mt-2 text-ink-muted">Browse our collection of {type.plural.toLowerCase()} in Edmonton and surrounding areas.</p>
        <ListingsWidget key={type.widgetId} widgetId={type.widgetId} label={`${type.plural} listings`} className="mt-6" />
        {loaderData?.listings && (
          <HomesForSaleSection place="Edmonton and area" result={loaderData.listings} map={loaderData.map ?? undefined} />
        )}
        {loaderData?.alertForm && <AlertSignUp form={loaderData.alertForm} className="mt-8" />}
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
