import { Link } from "react-router";
import { CATEGORY_LABELS, photoAtWidth, photoSrcSet } from "~/lib/listings";
import { formatCurrency, formatNumber } from "~/lib/format";
import type { ListingCard as Card } from "./listing-types";

/** "1,450 sq ft": the feed's units word shortened where it is the usual one, else shown as sent. */
export function formatLivingArea(area: number | null, units: string | null): string | null {
  if (area === null || !Number.isFinite(area) || area <= 0) return null;
  const unit = units && /square\s*f(ee|oo)t|sq\.?\s*ft/i.test(units) ? "sq ft" : units && /square\s*met(er|re)s?|m2|m²/i.test(units) ? "m²" : (units ?? "sq ft");
  return `${formatNumber(Math.round(area))} ${unit}`;
}

export function bedsBaths(beds: number | null, baths: number | null): string[] {
  const parts: string[] = [];
  if (beds !== null) parts.push(`${beds} ${beds === 1 ? "bed" : "beds"}`);
  if (baths !== null) parts.push(`${baths} ${baths === 1 ? "bath" : "baths"}`);
  return parts;
}

/**
 * One listing in a results grid. The photo's box has a fixed aspect ratio and explicit size, so
 * the grid never moves as photos arrive; every photo here is below the page's first screen or
 * small, so all load lazily.
 */
export function ListingCard({ listing: l }: { listing: Card }) {
  const area = formatLivingArea(l.area, l.areaUnits);
  const facts = [...bedsBaths(l.beds, l.baths), ...(area ? [area] : [])];
  return (
    <li className="overflow-hidden rounded-lg border border-line bg-surface shadow-sm">
      <Link to={l.path} className="group block focus-visible:outline-2 focus-visible:outline-brand">
        <div className="aspect-[4/3] bg-surface-muted">
          {l.photo ? (
            <img
              src={photoAtWidth(l.photo, 480)}
              srcSet={photoSrcSet(l.photo, 800)}
              sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
              alt={`${l.address}${l.city ? `, ${l.city}` : ""}`}
              width={400}
              height={300}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-ink-muted">No photo yet</div>
          )}
        </div>
        <div className="p-4">
          <p className="text-xl font-bold text-ink">{formatCurrency(l.price)}</p>
          <p className="mt-1 font-bold text-brand group-hover:underline">{l.address}</p>
          {l.city && <p className="text-sm text-ink-muted">{l.city}</p>}
          {facts.length > 0 && <p className="mt-2 text-sm text-ink">{facts.join(" · ")}</p>}
          <p className="mt-1 text-xs uppercase tracking-wide text-ink-muted">{CATEGORY_LABELS[l.category]}</p>
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
