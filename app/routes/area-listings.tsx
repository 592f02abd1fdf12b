import { useLocation } from "react-router";
import type { Route } from "./+types/area-listings";
import { BackButton } from "~/components/layout/back-button";
import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { ListingBanner } from "~/components/listings/listing-banner";
import { NotFoundContent } from "~/components/not-found-content";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { areaIntros } from "~/content/area-intros";
import { areaByPath } from "~/content/areas";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { areaServedJsonLd } from "~/lib/structured-data";

/**
 * The fifteen area listing pages (spec §2 "Listing pages"), one module for all of them: the area
 * is found by the pathname, which is right both when prerendering and after a client navigation.
 */
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

export default function AreaListingsPage() {
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
        <div className="mt-8">
          <BackButton />
        </div>
      </div>
    </>
  );
}
