/**
 * "Facts about this home" grouped as the portals group them (issue 45): the building, its inside,
 * parking, the land, the condo, the community, taxes and the listing itself. Only what the feed
 * gave is shown, each fact once; a group with nothing in it is left out. Worked out by the loader,
 * so the page's first script carries none of these labels or formats.
 */
import { formatCurrency, formatNumber } from "~/lib/format";
import type { ListingDetail, ListingFeatures } from "~/lib/listing-types";

export type FactRow = [label: string, value: string];
export interface FactGroup {
  title: string;
  rows: FactRow[];
}

const positive = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
const words = (list: readonly string[] | undefined) => (list ?? []).map((s) => s.trim()).filter(Boolean);
const listed = (list: readonly string[] | undefined): string | null => words(list).join(", ") || null;
const count = (n: number | undefined): string | null => (positive(n) ? formatNumber(n) : null);

/** "1,250 square feet", "0.25 acres": a figure with the units the feed wrote out, or alone without them. */
export function withUnits(value: number | null | undefined, units: string | null | undefined): string | null {
  if (!positive(value)) return null;
  const unit = units?.trim();
  return unit ? `${formatNumber(value)} ${unit.toLowerCase()}` : formatNumber(value);
}

/** "Yes, 2 (gas, stone surround)": the fireplace facts in one line; null when the feed says nothing or "no". */
function fireplaceOf(f: ListingFeatures): string | null {
  const kinds = listed(f.fireplaceFeatures);
  if (f.fireplace === false && !positive(f.fireplaces) && !kinds) return "None";
  if (!positive(f.fireplaces) && !kinds && f.fireplace !== true) return null;
  const head = positive(f.fireplaces) ? formatNumber(f.fireplaces) : "Yes";
  return kinds ? `${head} (${kinds})` : head;
}

/** "$420 Monthly", as the feed names the frequency. */
function feeOf(fee: number | null, frequency: string | null): string | null {
  if (!positive(fee)) return null;
  return frequency?.trim() ? `${formatCurrency(fee)} ${frequency.trim().toLowerCase()}` : formatCurrency(fee);
}

/**
 * The groups of one listing. `extra` holds the rows the page works out itself (days on the market,
 * price per square foot), put in "Listing". Beds, baths, living area, type, community and the MLS®
 * number are shown above the photos' facts (listingFactsOf's `main`), not again here.
 */
export function listingFactGroups(l: ListingDetail, extra: readonly [string, string | null][] = []): FactGroup[] {
  const { facts, costs } = l;
  const f = facts.features;
  const groups: [string, [string, string | null][]][] = [
    [
      "Building",
      [
        ["Style", listed(f.architecturalStyle)],
        ["Year built", positive(facts.yearBuilt) ? String(facts.yearBuilt) : null],
        ["Storeys", count(f.stories)],
        ["Finished area above ground", withUnits(f.aboveGradeArea, f.aboveGradeAreaUnits)],
        ["Finished area below ground", withUnits(f.belowGradeArea, f.belowGradeAreaUnits)],
        ["Bedrooms above ground", count(f.bedroomsAboveGrade)],
        ["Bedrooms below ground", count(f.bedroomsBelowGrade)],
        ["Half bathrooms", count(f.bathroomsPartial)],
        ["Construction", listed(f.constructionMaterials)],
        ["Foundation", listed(f.foundation)],
        ["Roof", listed(f.roof)],
        ["Exterior", listed(f.exterior)],
        ["Building features", listed(f.buildingFeatures)],
      ],
    ],
    [
      "Inside",
      [
        ["Heating", listed(facts.heating)],
        ["Cooling", listed(f.cooling)],
        ["Basement", listed(f.basement)],
        ["Flooring", listed(f.flooring)],
        ["Fireplace", fireplaceOf(f)],
        ["Appliances", listed(f.appliances)],
        ["Accessibility", listed(f.accessibility)],
        ["Security", listed(f.security)],
      ],
    ],
    [
      "Parking",
      [
        ["Parking spaces", count(facts.parkingTotal ?? undefined)],
        ["Parking", listed(f.parking)],
      ],
    ],
    [
      "Land",
      [
        ["Lot size", facts.lotSize ? withUnits(facts.lotSize.area, facts.lotSize.units) : null],
        ["Lot dimensions", f.lotDimensions ?? null],
        ["Frontage", withUnits(f.frontage, f.frontageUnits)],
        ["Lot features", listed(f.lotFeatures)],
        ["Fencing", listed(f.fencing)],
        ["Pool", listed(f.pool)],
        ["View", listed(f.view)],
        ["Waterfront", listed(f.waterfront)],
        ["Zoning", [f.zoning, f.zoningDescription].filter(Boolean).join(": ") || null],
        ["Utilities", listed(f.utilities)],
        ["Water", listed(f.waterSource)],
        ["Sewer", listed(f.sewer)],
      ],
    ],
    [
      "Condo",
      [
        ["Condo fee", feeOf(costs.associationFee, costs.associationFeeFrequency)],
        ["Condo fee includes", listed(facts.feeIncludes)],
        ["Condo association", f.associationName ?? null],
      ],
    ],
    ["Community", [["Amenities nearby", listed(f.communityFeatures)]]],
    [
      "Taxes",
      [
        [
          "Property tax",
          positive(costs.taxAnnualAmount)
            ? `${formatCurrency(costs.taxAnnualAmount)}${positive(costs.taxYear) ? ` (${costs.taxYear})` : ""}`
            : null,
        ],
      ],
    ],
    ["Listing", [["Price reduced from", positive(l.previousPrice) ? formatCurrency(l.previousPrice) : null], ...extra]],
  ];
  return groups
    .map(([title, rows]) => ({ title, rows: rows.filter((row): row is FactRow => Boolean(row[1])) }))
    .filter((g) => g.rows.length > 0);
}
