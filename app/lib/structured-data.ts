/**
 * JSON-LD (schema.org) for a listing page. The site's other builders each have a module of their
 * own, so a page loads only the one it publishes: breadcrumb-structured-data.ts (every page, in
 * the root layout), agent-structured-data.ts, article-structured-data.ts, area-structured-data.ts
 * and faq-structured-data.ts.
 */
import type { ListingDetail } from "~/components/listings/listing-types";
import { absoluteUrl } from "./site-url";

const RESIDENCE_TYPES: Record<ListingDetail["category"], string> = {
  "single-family": "SingleFamilyResidence",
  condominium: "Apartment",
  townhouse: "House",
  other: "Accommodation",
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
  if (l.beds !== null) home.numberOfBedrooms = l.beds;
  if (l.baths !== null) home.numberOfBathroomsTotal = l.baths;
  if (l.area !== null && l.area > 0) home.floorSize = { "@type": "QuantitativeValue", value: l.area, unitCode: sqFt ? "FTK" : "MTK" };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: [l.address, l.city].filter(Boolean).join(", "),
    url: absoluteUrl(l.path),
    ...(l.photos.length ? { image: l.photos.map((p) => absoluteUrl(p.url)) } : {}),
    ...(l.listedAt ? { datePosted: l.listedAt } : {}),
    dateModified: l.modifiedAt,
    ...(l.remarks ? { description: l.remarks } : {}),
    ...(l.price !== null ? { offers: { "@type": "Offer", price: l.price, priceCurrency: "CAD" } } : {}),
    mainEntity: home,
    provider: { "@id": absoluteUrl("/#agent") },
  };
}
