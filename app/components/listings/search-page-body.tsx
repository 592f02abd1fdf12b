import type { ReactNode } from "react";
import { BackRow } from "~/components/layout/back-button";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { site } from "~/content/site";
import { GetNotifiedTip } from "./get-notified-tip";
import { ListingBanner } from "./listing-banner";

/**
 * A page built around the MLS® search widget: banner with its heading and lead line, the
 * Get Notified tip, the search widget and BACK. /search, /mls-search and /buyrealtyninjacode.
 */
export function SearchPageBody({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <>
      <ListingBanner title={title}>
        <p className="mt-2 text-lg">{lead}</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <GetNotifiedTip />
        <ListingsWidget widgetId={site.listings.widgetIds.search} label="MLS® listing search" className="mt-6" />
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
