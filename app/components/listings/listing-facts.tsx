/**
 * The facts buyers ask about (issue 28), as far as the feed carries them: a fact the feed left out
 * is not shown at all, never as "null", "0" or a dash. And the "Similar homes" under a listing.
 */
import { edmontonDate } from "~/lib/dates";
import { formatCurrency, formatNumber } from "~/lib/format";
import { type FactGroup, type FactRow, listingFactGroups } from "./listing-fact-groups";
import { Link } from "react-router";
import type { ListingCard, ListingDetail, ListingRoom } from "~/lib/listing-types";
import { CATEGORY_LABELS, photoAtWidth } from "~/lib/listings";
import { bedsBaths, brokerageNames, countFact, formatListingPrice, formatLivingArea } from "~/lib/listing-text";
import { SQ_FT_PER_M2 } from "~/lib/schema-values";

/**
 * Whole calendar days in Edmonton since the listing entered the feed (OriginalEntryTimestamp);
 * null without a usable date. Worked out by the loader, so the server's HTML and the hydrated
 * page agree even across midnight.
 */
export function daysOnMarket(listedAt: string | null, now: Date = new Date()): number | null {
  if (!listedAt) return null;
  const listed = new Date(listedAt);
  if (Number.isNaN(listed.getTime()) || listed.getTime() > now.getTime()) return null;
  return Math.round((Date.parse(edmontonDate(now)) - Date.parse(edmontonDate(listed))) / 86_400_000);
}

/** "$362 per sq ft" from the price and the living area, when both are there and the area's units are known. */
export function pricePerSquareFoot(price: number | null, area: number | null, units: string | null): string | null {
  if (price === null || !(price > 0) || area === null || !Number.isFinite(area) || area <= 0) return null;
  const metres = units ? /square\s*met(er|re)s?|m2|m²/i.test(units) : false;
  const feet = !units?.trim() || /square\s*f(ee|oo)t|sq\.?\s*ft/i.test(units);
  if (!metres && !feet) return null;
  return `${formatCurrency(price / (metres ? area * SQ_FT_PER_M2 : area))} per sq ft`;
}

function daysText(days: number): string {
  return days === 0 ? "Listed today" : `${formatNumber(days)} ${days === 1 ? "day" : "days"}`;
}

/** The grouped facts' rows in one list; [] when the feed carries none. */
export function listingFactRows(l: ListingDetail, days: number | null): FactRow[] {
  return factGroupsOf(l, days).flatMap((g) => g.rows);
}

function factGroupsOf(l: ListingDetail, days: number | null): FactGroup[] {
  return listingFactGroups(l, [
    ["Days on the market", days !== null && days >= 0 ? daysText(days) : null],
    ["Price per square foot", pricePerSquareFoot(l.price, l.area, l.areaUnits)],
  ]);
}

/** The page's facts in words: `main` under the photos, `more` in "Facts about this home". */
export interface ListingFacts {
  main: FactRow[];
  more: FactGroup[];
}

/**
 * Worked out by the loader (as daysOnMarket is), so the page's first script carries none of the
 * labels, units or formatting: the components only lay out the pairs.
 */
export function listingFactsOf(l: ListingDetail, days: number | null): ListingFacts {
  const type = l.subType ? `${CATEGORY_LABELS[l.category]} (${l.subType})` : CATEGORY_LABELS[l.category];
  // Only what the feed gave: a fact it left out is not shown at all (never "—" or "0 beds").
  const main: [string, string | null][] = [
    ["Bedrooms", countFact(l.beds)],
    ["Bathrooms", countFact(l.baths)],
    ["Living area", formatLivingArea(l.area, l.areaUnits)],
    ["Type", type],
    ["Community", l.community],
    ["MLS® number", l.mlsNumber],
  ];
  return { main: main.filter((fact): fact is [string, string] => Boolean(fact[1])), more: factGroupsOf(l, days) };
}

export function ListingFactsSection({ rooms: all, groups }: { rooms: readonly ListingRoom[]; groups: ListingFacts["more"] }) {
  const rooms = all.filter((r) => r.type.trim());
  if (groups.length === 0 && rooms.length === 0) return null;
  return (
    <section aria-labelledby="home-facts" className="mt-8" data-testid="listing-facts">
      <h2 id="home-facts" className="text-xl font-bold text-ink">
        Facts about this home
      </h2>
      {groups.map((g) => (
        <section key={g.title} aria-label={g.title} className="mt-4">
          <h3 className="text-base font-bold text-ink">{g.title}</h3>
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {g.rows.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-sm font-bold text-ink-muted">{label}</dt>
                <dd className="text-ink wrap-anywhere">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {rooms.length > 0 && (
        <div className="mt-5 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-bold text-ink">Rooms</caption>
            <thead>
              <tr className="border-b border-line text-ink-muted">
                {["Room", "Level", "Size"].map((h) => (
                  <th key={h} scope="col" className="py-1 pr-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rooms.map((r, i) => (
                <tr key={`${r.type}-${i}`} className="border-b border-line text-ink">
                  {[r.type, r.level?.trim(), r.dimensions?.trim()].map((cell, j) => (
                    <td key={j} className="py-1 pr-3 wrap-anywhere">
                      {cell || ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * One similar home: a plain link with a small lazy photo, not the results grid's card (listing-card.tsx),
 * so the listing page's script stays within issue 28's budget. It names the brokerage, as DDF® rules ask beside every listing.
 */
function SimilarHome({ listing: l }: { listing: ListingCard }) {
  const place = `${l.address}${l.city ? `, ${l.city}` : ""}`;
  const facts = bedsBaths(l.beds, l.baths).join(" · ");
  const brokerage = brokerageNames(l.brokerages);
  return (
    <li className="min-w-0 overflow-hidden rounded-lg border border-line bg-surface">
      <Link to={l.path} className="group block wrap-anywhere">
        {l.photo && (
          <img
            src={photoAtWidth(l.photo, 480)}
            alt={place}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full bg-surface-muted object-cover"
          />
        )}
        <span className="block p-4">
          <span className="block text-lg font-bold text-ink">{formatListingPrice(l.price)}</span>
          <span className="block font-bold text-brand group-hover:underline">{place}</span>
          {facts && <span className="block text-sm text-ink">{facts}</span>}
          {brokerage && <span className="mt-1 block text-xs text-ink-muted">Listing brokerage: {brokerage}</span>}
        </span>
      </Link>
    </li>
  );
}

/** Server-rendered links to homes like this one (same area and type, a price nearby), for buyers and search engines. */
export function SimilarHomes({ listings }: { listings: readonly ListingCard[] }) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="similar-homes" className="mt-10" data-testid="similar-homes">
      <h2 id="similar-homes" className="text-xl font-bold text-ink">
        Similar homes
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {listings.map((l) => (
          <SimilarHome key={l.key} listing={l} />
        ))}
      </ul>
    </section>
  );
}
