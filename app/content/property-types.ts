/**
 * The three property-type listing pages of spec/site.md §2, each with its own widget.
 */
import { site } from "./site";

export interface PropertyType {
  path: "/single-family-homes" | "/condominiums" | "/townhouses";
  heading: string;
  subtitle: string;
  /** Plural noun used in 'Available ...' and 'Browse our collection of ...'. */
  plural: string;
  widgetId: string;
}

export const propertyTypes: readonly PropertyType[] = [
  {
    path: "/single-family-homes",
    heading: "Single Family Homes",
    subtitle: "Find your perfect family home",
    plural: "Single Family Homes",
    widgetId: site.listings.widgetIds.singleFamily,
  },
  {
    path: "/condominiums",
    heading: "Condominiums",
    subtitle: "Discover modern condo living",
    plural: "Condominiums",
    widgetId: site.listings.widgetIds.condominiums,
  },
  {
    path: "/townhouses",
    heading: "Townhouses",
    subtitle: "Find your ideal townhouse",
    plural: "Townhouses",
    widgetId: site.listings.widgetIds.townhouses,
  },
];

export function propertyTypeByPath(pathname: string): PropertyType | undefined {
  const bare = pathname.replace(/\/+$/, "");
  return propertyTypes.find((t) => t.path === bare);
}
