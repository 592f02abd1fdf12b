/**
 * The fifteen areas the agent covers (spec/site.md §2 "Listing pages").
 * One list feeds the listing routes, the home page grid, the footer, the sitemap and the
 * structured data. Each has its own fixed listings widget id. The areas' introductions are in
 * area-intros.ts, so the footer and the home page do not ship them to every visitor.
 */

export type AreaKind = "city" | "county";

export interface Area {
  /** Path of the area's listing page. */
  path: `/${string}-listings`;
  name: string;
  kind: AreaKind;
  widgetId: string;
}

export const areas: readonly Area[] = [
  {
    path: "/devon-listings",
    name: "Devon",
    kind: "city",
    widgetId: "rv-area-devon-1a01",
  },
  {
    path: "/edmonton-listings",
    name: "Edmonton",
    kind: "city",
    widgetId: "rv-area-edmonton-1a02",
  },
  {
    path: "/fort-saskatchewan-listings",
    name: "Fort Saskatchewan",
    kind: "city",
    widgetId: "rv-area-fort-sask-1a03",
  },
  {
    path: "/sherwood-park-listings",
    name: "Sherwood Park",
    kind: "city",
    widgetId: "rv-area-sherwood-park-1a04",
  },
  {
    path: "/st-albert-listings",
    name: "St. Albert",
    kind: "city",
    widgetId: "rv-area-st-albert-1a05",
  },
  {
    path: "/stony-plain-listings",
    name: "Stony Plain",
    kind: "city",
    widgetId: "rv-area-stony-plain-1a06",
  },
  {
    path: "/spruce-grove-listings",
    name: "Spruce Grove",
    kind: "city",
    widgetId: "rv-area-spruce-grove-1a07",
  },
  {
    path: "/leduc-listings",
    name: "Leduc",
    kind: "city",
    widgetId: "rv-area-leduc-1a08",
  },
  {
    path: "/beaumont-listings",
    name: "Beaumont",
    kind: "city",
    widgetId: "rv-area-beaumont-1a09",
  },
  {
    path: "/morinville-listings",
    name: "Morinville",
    kind: "city",
    widgetId: "rv-area-morinville-1a10",
  },
  {
    path: "/rural-leduc-county-listings",
    name: "Rural Leduc County",
    kind: "county",
    widgetId: "rv-area-rural-leduc-1b01",
  },
  {
    path: "/rural-parkland-county-listings",
    name: "Rural Parkland County",
    kind: "county",
    widgetId: "rv-area-rural-parkland-1b02",
  },
  {
    path: "/rural-sturgeon-county-listings",
    name: "Rural Sturgeon County",
    kind: "county",
    widgetId: "rv-area-rural-sturgeon-1b03",
  },
  {
    path: "/rural-strathcona-county-listings",
    name: "Rural Strathcona County",
    kind: "county",
    widgetId: "rv-area-rural-strathcona-1b04",
  },
  {
    path: "/rural-beaver-county-listings",
    name: "Rural Beaver County",
    kind: "county",
    widgetId: "rv-area-rural-beaver-1b05",
  },
];

export function areaByPath(pathname: string): Area | undefined {
  const bare = pathname.replace(/\/+$/, "");
  return areas.find((a) => a.path === bare);
}

/**
 * The City values of the DDF® feed that belong to an area's page: a town's own name, and for a
 * rural area its county's ("Rural Leduc County" lists City "Leduc County").
 */
export function feedCitiesOf(area: Area): string[] {
  return area.kind === "city" ? [area.name] : [area.name.replace(/^Rural /, "")];
}
