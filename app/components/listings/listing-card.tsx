import { Link } from "react-router";
import { CATEGORY_LABELS, photoAtWidth, photoSrcSet } from "~/lib/listings";
import { CardMarks } from "./listing-marks";
import { brokerageNames, bedsBaths, formatListingPrice, formatLivingArea } from "~/lib/listing-text";
import type { ListingCard as Card } from "~/lib/listing-types";

/**
 * A card's photo at a card's widths, or a "No photo yet" box of the same size. Every card photo
 * loads lazily unless `eager` (a card at the top of a page, whose photo may be the largest thing
 * on the first screen).
 */
export function CardPhoto({ photo, alt, eager = false }: { photo: string | null; alt: string; eager?: boolean }) {
  if (!photo) return <span className="flex size-full items-center justify-center text-sm text-ink-muted">No photo yet</span>;
  return (
    <img
      src={photoAtWidth(photo, 480)}
      srcSet={photoSrcSet(photo, 800)}
      sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
      alt={alt}
      width={400}
      height={300}
      loading={eager ? undefined : "lazy"}
      decoding="async"
      className="size-full object-cover"
    />
  );
}

/**
 * One listing in a results grid. The photo's box has a fixed aspect ratio and explicit size, so
 * the grid never moves as photos arrive; every photo here is below the page's first screen or
 * small, so all load lazily. Each card names the listing's brokerage (the DDF® rules require it
 * beside every listing), marks a home whose offer is accepted and the agent's own listings.
 */
export function ListingCard({ listing: l }: { listing: Card }) {
  const area = formatLivingArea(l.area, l.areaUnits);
  const facts = [...bedsBaths(l.beds, l.baths), ...(area ? [area] : [])];
  const brokerage = brokerageNames(l.brokerages);
  return (
    <li className="overflow-hidden rounded-lg border border-line bg-surface shadow-sm">
      <Link to={l.path} className="group block focus-visible:outline-2 focus-visible:outline-brand">
        <div className="aspect-[4/3] bg-surface-muted">
          <CardPhoto photo={l.photo} alt={`${l.address}${l.city ? `, ${l.city}` : ""}`} />
        </div>
        <div className="p-4 wrap-anywhere">
          <CardMarks listing={l} />
          <p className="text-xl font-bold text-ink">{formatListingPrice(l.price)}</p>
          <p className="mt-1 font-bold text-brand group-hover:underline">{l.address}</p>
          {l.city && <p className="text-sm text-ink-muted">{l.city}</p>}
          {facts.length > 0 && <p className="mt-2 text-sm text-ink">{facts.join(" · ")}</p>}
          <p className="mt-1 text-xs uppercase tracking-wide text-ink-muted">{CATEGORY_LABELS[l.category]}</p>
          {brokerage && (
            <p className="mt-2 text-xs text-ink-muted" data-testid="card-brokerage">
              Listing brokerage: {brokerage}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}

export function ListingGrid({ listings }: { listings: readonly Card[] }) {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((l) => (
        <ListingCard key={l.key} listing={l} />
      ))}
    </ul>
  );
}
