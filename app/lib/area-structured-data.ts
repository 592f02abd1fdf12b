/**
 * An area listings page as a WebPage about a place the agent serves (schema.org JSON-LD).
 * See structured-data.ts for why each builder has a module of its own.
 */
import { areas } from "~/content/areas";
import { absoluteUrl } from "./site-url";

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
