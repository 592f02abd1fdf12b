import { useLocation } from "react-router";
import type { Route } from "./+types/property-type";
import { BackButton } from "~/components/layout/back-button";
import { ListingBanner } from "~/components/listings/listing-banner";
import { NotFoundContent } from "~/components/not-found-content";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { propertyTypeByPath } from "~/content/property-types";
import { pageMeta } from "~/lib/seo";

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

export default function PropertyTypePage() {
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
        <div className="mt-8">
          <BackButton />
        </div>
      </div>
    </>
  );
}
