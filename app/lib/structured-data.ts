/**
 * Typed builders for the JSON-LD the site publishes (schema.org).
 */
import type { ListingDetail } from "~/components/listings/listing-types";
import { areas } from "~/content/areas";
import { site } from "~/content/site";
import { absoluteUrl } from "./site-url";

const dayMap: Record<string, string> = {
  Monday: "https://schema.org/Monday",
  Tuesday: "https://schema.org/Tuesday",
  Wednesday: "https://schema.org/Wednesday",
  Thursday: "https://schema.org/Thursday",
  Friday: "https://schema.org/Friday",
  Saturday: "https://schema.org/Saturday",
  Sunday: "https://schema.org/Sunday",
};

/** The agent as a RealEstateAgent (a LocalBusiness subtype) with the metadata of spec §9. */
export function agentJsonLd() {
  const a = site.brokerage.address;
  return {
    "@context": "https://schema.org",
    "@type": ["RealEstateAgent", "LocalBusiness"],
    "@id": absoluteUrl("/#agent"),
    name: site.agent.name,
    url: absoluteUrl("/"),
    image: absoluteUrl(site.agent.photo),
    telephone: site.agent.phone,
    email: site.agent.email,
    priceRange: site.priceRange,
    parentOrganization: { "@type": "RealEstateAgent", name: site.brokerage.name, telephone: site.brokerage.phone },
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    openingHoursSpecification: site.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days.map((d) => dayMap[d]),
      opens: h.opens,
      closes: h.closes,
    })),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: site.aggregateRating.ratingValue,
      reviewCount: site.aggregateRating.reviewCount,
      bestRating: 5,
    },
    areaServed: site.serviceAreaTowns.map((name) => ({ "@type": "City", name })),
    sameAs: site.social.map((s) => s.href),
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };
}

export interface ArticleInput {
  title: string;
  description: string;
  path: string;
  image: string;
  datePublished: string;
  dateModified: string;
}

export function blogPostingJsonLd(article: ArticleInput) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.description,
    mainEntityOfPage: absoluteUrl(article.path),
    url: absoluteUrl(article.path),
    image: absoluteUrl(article.image),
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    author: { "@type": "Person", name: site.agent.name, url: absoluteUrl("/about") },
    publisher: { "@id": absoluteUrl("/#agent"), "@type": "RealEstateAgent", name: site.agent.name },
  };
}

/** Areas as places the agent serves, for the area pages. */
export function areaServedJsonLd(areaPath: string) {
  const area = areas.find((a) => a.path === areaPath);
  if (!area) return null;
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: `${area.name} real estate listings`,
    url: absoluteUrl(area.path),
    about: { "@type": "Place", name: `${area.name}, Alberta` },
    provider: { "@id": absoluteUrl("/#agent") },
  };
}

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
    ...(l.photos.length ? { image: l.photos.map((p) => p.url) } : {}),
    ...(l.listedAt ? { datePosted: l.listedAt } : {}),
    dateModified: l.modifiedAt,
    ...(l.remarks ? { description: l.remarks } : {}),
    ...(l.price !== null ? { offers: { "@type": "Offer", price: l.price, priceCurrency: "CAD" } } : {}),
    mainEntity: home,
    provider: { "@id": absoluteUrl("/#agent") },
  };
}

/** Serialises JSON-LD for an inline script element; `<` is escaped so no tag can be closed. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
