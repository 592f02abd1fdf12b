/**
 * The agent as a RealEstateAgent (schema.org JSON-LD), for the pages that present the agent.
 * See structured-data.ts for why each builder has a module of its own.
 */
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

/**
 * The agent as a RealEstateAgent (a LocalBusiness subtype) with the metadata of spec §9. The
 * towns served are the twelve of the site's data unless a page lists its own: the sellers'-market
 * tips article names ten ("ten in blog article data"), and its structured data says what it says.
 */
export function agentJsonLd({ areaServed = site.serviceAreaTowns }: { areaServed?: readonly string[] } = {}) {
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
    // No aggregateRating: the spec's "5 from 25 reviews" are reviews no page shows, and a rating in
    // structured data must be of reviews a visitor can read there (decision 047).
    areaServed: areaServed.map((name) => ({ "@type": "City", name })),
    sameAs: site.social.map((s) => s.href),
  };
}
