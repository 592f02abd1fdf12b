import Building2 from "lucide-react/icons/building-complex";
import Home from "lucide-react/icons/house";
import Warehouse from "lucide-react/icons/warehouse";
import { Link } from "react-router";
import { BackRow } from "~/components/layout/back-button";
import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { ListingBanner } from "~/components/listings/listing-banner";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { propertyTypes } from "~/content/property-types";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/buy-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Buy Test Page", path: location.pathname });

const typeIcons = { "/single-family-homes": Home, "/condominiums": Building2, "/townhouses": Warehouse } as const;

/** /buytestpage: a trial layout of a buying page, from the live listing components. Not indexed. */
export default function BuyTestPage() {
  return (
    <>
      <ListingBanner title="Buy a Home in Edmonton">
        <p className="mt-2 text-lg">Start with a property type, or search every MLS® listing below.</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <ul className="grid gap-4 sm:grid-cols-3">
          {propertyTypes.map((t) => {
            const Icon = typeIcons[t.path];
            return (
              <li key={t.path}>
                <Link
                  to={t.path}
                  className="flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-5 text-ink hover:border-brand hover:bg-brand-soft"
                >
                  <Icon aria-hidden="true" className="size-7 text-ink-muted" />
                  <span className="text-lg font-bold">{t.heading}</span>
                  <span className="text-ink-muted">{t.subtitle}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <GetNotifiedTip className="mt-8" />
        <ListingsWidget widgetId={site.listings.widgetIds.search} label="MLS® listing search" className="mt-6" />
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
