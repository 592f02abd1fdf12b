import { Link, useLocation } from "react-router";
import { formatCurrency, formatNumber } from "~/lib/format";
import { DdfNotice } from "./ddf-notices";
import { ListingGrid } from "./listing-card";
import type { ListingPage } from "~/lib/listing-types";
import { Pagination } from "./pagination";
import { MapView, type MapViewProps } from "./map-view";

export const SECTION_PAGE_SIZE = 12;
const SECTION_ID = "homes-for-sale";

/** "1 home" / "1,234 homes". */
export function homesCount(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? "home" : "homes"}`;
}

/**
 * "Homes for sale in {place}" under an area's or a property type's widget: the feed's listings
 * as server-rendered cards, so the page's own text carries them for search engines; with `map`,
 * the "Map" view of the same listings above them (issue 45).
 */
export function HomesForSaleSection({ place, result, map }: { place: string; result: ListingPage; map?: MapViewProps }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <section id={SECTION_ID} aria-labelledby="homes-for-sale-heading" className="mt-10 scroll-mt-4">
      <h2 id="homes-for-sale-heading" className="text-2xl font-bold text-ink">
        Homes for sale in {place}
      </h2>
      <p className="mt-2 text-ink-muted" data-testid="listings-summary">
        {homesCount(result.total)} for sale
        {result.medianAskingPrice !== null && (
          <>
            {" "}
            · median asking price <strong className="text-ink">{formatCurrency(result.medianAskingPrice)}</strong>
          </>
        )}
        {result.total > 0 && " · newest first"}
      </p>
      {map && <MapView {...map} className="mt-3" />}
      {result.listings.length > 0 ? (
        <ListingGrid listings={result.listings} />
      ) : (
        <p className="mt-6 rounded-md border border-line bg-surface-muted p-4">
          {result.total > 0 ? (
            <>
              There are no more listings past page {result.pageCount}.{" "}
              <Link to={`${pathname}#${SECTION_ID}`} className="font-bold text-brand underline">
                Back to the newest
              </Link>
            </>
          ) : (
            <>No listings here right now. New ones appear as soon as they are listed.</>
          )}
        </p>
      )}
      <Pagination pathname={pathname} search={params} page={result.page} pageCount={result.pageCount} hash={`#${SECTION_ID}`} />
      <DdfNotice className="mt-8" />
    </section>
  );
}
