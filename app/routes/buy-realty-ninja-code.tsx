import { BackButton } from "~/components/layout/back-button";
import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { ListingBanner } from "~/components/listings/listing-banner";
import { ListingsWidget } from "~/components/widgets/listings-widget";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export function meta() {
  return pageMeta({ title: "Buy - Property Search (widget code)", path: "/buyrealtyninjacode", noindex: true });
}

/**
 * /buyrealtyninjacode: in the route table with its content "not shown". It is kept as the page
 * that carries the bare search-widget embed for a buying page (banner, tip, widget), out of the
 * sitemap and noindex.
 */
export default function BuyRealtyNinjaCodePage() {
  return (
    <>
      <ListingBanner title="Buy - Property Search">
        <p className="mt-2 text-lg">Search every MLS® listing in Edmonton and the surrounding area.</p>
      </ListingBanner>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <GetNotifiedTip />
        <ListingsWidget widgetId={site.listings.widgetIds.search} label="MLS® listing search" className="mt-6" />
        <div className="mt-8">
          <BackButton />
        </div>
      </div>
    </>
  );
}
