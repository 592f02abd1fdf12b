/**
 * JSON-LD (schema.org) for a listing page. The site's other builders each have a module of their
 * own, so a page loads only the one it publishes: breadcrumb-structured-data.ts (every page, in
 * the root layout), agent-structured-data.ts, article-structured-data.ts, area-structured-data.ts
 * and faq-structured-data.ts.
 */
import type { ListingDetail } from "~/lib/listing-types";
import { absoluteUrl } from "./site-url";

const RESIDENCE_TYPES: Record<ListingDetail["category"], string> = {
  "single-family": "SingleFamilyResidence",
  condominium: "Apartment",
  townhouse: "House",
  other: "Accommodation",
};

/**
 * schema.org's availability of the offer: an available home is in stock; a conditional sale may
 * still fall through (and backup offers are taken), so its availability is limited; a pending sale
 * is firm, the home is no longer on offer.
 */
export const OFFER_AVAILABILITY: Record<ListingDetail["status"], string> = {
  active: "https://schema.org/InStock",
  "under-contract": "https://schema.org/LimitedAvailability",
  pending: "https://schema.org/SoldOut",
};

/**
 * A listing page as a RealEstateListing. Address, rooms and floor size belong to the home, not
 * the listing, in schema.org's model: they sit on its mainEntity (an Accommodation subtype).
 */
export function realEstateListingJsonLd(l: ListingDetail) {
  const sqFt = !l.areaUnits || /f(ee|oo)t|ft/i.test(l.areaUnits);
  const home: Record<string, unknown> = {
    "@type": RESIDENCE_TYPES[l.category],
    address: {
      "@type": "PostalAddress",
      streetAddress: l.address,
      ...(l.city ? { addressLocality: l.city } : {}),
      addressRegion: l.province ?? "AB",
      ...(l.postalCode ? { postalCode: l.postalCode } : {}),
      addressCountry: "CA",
    },
  };
  if (l.beds !== null && l.beds > 0) home.numberOfBedrooms = l.beds;
  if (l.baths !== null && l.baths > 0) home.numberOfBathroomsTotal = l.baths;
  if (l.area !== null && Number.isFinite(l.area) && l.area > 0)
    home.floorSize = { "@type": "QuantitativeValue", value: l.area, unitCode: sqFt ? "FTK" : "MTK" };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: [l.address, l.city].filter(Boolean).join(", "),
    url: absoluteUrl(l.path),
    ...(l.photos.length ? { image: l.photos.map((p) => absoluteUrl(p.url)) } : {}),
    ...(l.listedAt ? { datePosted: l.listedAt } : {}),
    dateModified: l.modifiedAt,
    ...(l.remarks ? { description: l.remarks } : {}),
    offers: offerOf(l),
    mainEntity: home,
    provider: { "@id": absoluteUrl("/#agent") },
  };
}

/**
 * The listing's offer: its availability by status, its price when it has one, and the listing
 * brokerage with the co-listing ones as the offerers (the names the page shows, from the feed).
 */
function offerOf(l: ListingDetail) {
  const brokerages = [...new Set(l.brokerages.map((b) => b.trim()).filter(Boolean))];
  return {
    "@type": "Offer",
    availability: OFFER_AVAILABILITY[l.status],
    ...(l.price !== null && Number.isFinite(l.price) && l.price > 0 ? { price: l.price, priceCurrency: "CAD" } : {}),
    ...(brokerages.length ? { offeredBy: brokerages.map((name) => ({ "@type": "RealEstateAgent", name })) } : {}),
  };
}
