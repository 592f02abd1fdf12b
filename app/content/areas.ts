/**
 * The fifteen areas the agent covers (spec/site.md §2 "Listing pages").
 * One list feeds the listing routes, the home page grid, the footer, the sitemap and the
 * structured data. Each has its own fixed listings widget id.
 */

export type AreaKind = "city" | "county";

export interface Area {
  /** Path of the area's listing page. */
  path: `/${string}-listings`;
  name: string;
  kind: AreaKind;
  widgetId: string;
  /** A short server-rendered introduction so search engines find a real page. */
  intro: string;
}

export const areas: readonly Area[] = [
  {
    path: "/devon-listings",
    name: "Devon",
    kind: "city",
    widgetId: "rv-area-devon-1a01",
    intro:
      "Devon is a town on the North Saskatchewan River just southwest of Edmonton, founded in 1948 after the Leduc No. 1 oil discovery nearby. Its river valley trails and golf course make it a quiet home base within a short drive of the city.",
  },
  {
    path: "/edmonton-listings",
    name: "Edmonton",
    kind: "city",
    widgetId: "rv-area-edmonton-1a02",
    intro:
      "Edmonton is Alberta's capital, built along the North Saskatchewan River, whose valley holds one of the largest connected urban park systems in North America. From mature central neighbourhoods to new communities at the city's edge, it offers every kind of home.",
  },
  {
    path: "/fort-saskatchewan-listings",
    name: "Fort Saskatchewan",
    kind: "city",
    widgetId: "rv-area-fort-sask-1a03",
    intro:
      "Fort Saskatchewan is a city northeast of Edmonton on the North Saskatchewan River, grown from a North-West Mounted Police fort of 1875. It sits beside Alberta's Industrial Heartland, and many of its residents work close to home.",
  },
  {
    path: "/sherwood-park-listings",
    name: "Sherwood Park",
    kind: "city",
    widgetId: "rv-area-sherwood-park-1a04",
    intro:
      "Sherwood Park is the urban centre of Strathcona County, directly east of Edmonton. Though it is governed as a hamlet, it is a community of city size, with established neighbourhoods, parks and quick access to Anthony Henday Drive.",
  },
  {
    path: "/st-albert-listings",
    name: "St. Albert",
    kind: "city",
    widgetId: "rv-area-st-albert-1a05",
    intro:
      "St. Albert is a city on Edmonton's northwest edge, founded in 1861 as a mission on the Sturgeon River. Its river trails, downtown farmers' market and well-kept neighbourhoods draw families looking for a quieter pace close to the city.",
  },
  {
    path: "/stony-plain-listings",
    name: "Stony Plain",
    kind: "city",
    widgetId: "rv-area-stony-plain-1a06",
    intro:
      "Stony Plain is a town west of Edmonton, known for the outdoor murals of its historic main street. Neighbouring Spruce Grove and Highway 16 put shopping and a city commute within easy reach.",
  },
  {
    path: "/spruce-grove-listings",
    name: "Spruce Grove",
    kind: "city",
    widgetId: "rv-area-spruce-grove-1a07",
    intro:
      "Spruce Grove is a growing city west of Edmonton along Highway 16. Newer subdivisions, schools and recreation facilities make it a popular choice for families who want space and a short drive into Edmonton.",
  },
  {
    path: "/leduc-listings",
    name: "Leduc",
    kind: "city",
    widgetId: "rv-area-leduc-1a08",
    intro:
      "Leduc is a city just south of Edmonton beside the Edmonton International Airport, and the namesake of the 1947 Leduc No. 1 oil discovery. Its location on the Queen Elizabeth II Highway suits commuters in both directions.",
  },
  {
    path: "/beaumont-listings",
    name: "Beaumont",
    kind: "city",
    widgetId: "rv-area-beaumont-1a09",
    intro:
      "Beaumont is a city on Edmonton's southeast edge with French-Canadian roots that still show in its town centre. It became a city in 2019 and remains one of the fastest growing communities in the region.",
  },
  {
    path: "/morinville-listings",
    name: "Morinville",
    kind: "city",
    widgetId: "rv-area-morinville-1a10",
    intro:
      "Morinville is a town north of Edmonton in Sturgeon County, founded by French-Canadian settlers in the 1890s. It offers small-town living with Highway 2 leading straight into St. Albert and Edmonton.",
  },
  {
    path: "/rural-leduc-county-listings",
    name: "Rural Leduc County",
    kind: "county",
    widgetId: "rv-area-rural-leduc-1b01",
    intro:
      "Leduc County surrounds the City of Leduc south of Edmonton and takes in farmland, lakeside communities and country residential acreages. It is a good fit for buyers who want land while staying close to the airport and the city.",
  },
  {
    path: "/rural-parkland-county-listings",
    name: "Rural Parkland County",
    kind: "county",
    widgetId: "rv-area-rural-parkland-1b02",
    intro:
      "Parkland County lies west of Edmonton around Spruce Grove and Stony Plain and includes lakes such as Wabamun Lake. Acreages, lake lots and farms make up most of its listings.",
  },
  {
    path: "/rural-sturgeon-county-listings",
    name: "Rural Sturgeon County",
    kind: "county",
    widgetId: "rv-area-rural-sturgeon-1b03",
    intro:
      "Sturgeon County spans the farmland north of Edmonton and St. Albert, around towns such as Morinville and Gibbons. Buyers find acreages and farm properties within a short drive of the city.",
  },
  {
    path: "/rural-strathcona-county-listings",
    name: "Rural Strathcona County",
    kind: "county",
    widgetId: "rv-area-rural-strathcona-1b04",
    intro:
      "Rural Strathcona County stretches east of Edmonton around Sherwood Park toward the Beaver Hills and Elk Island National Park. Country residential acreages here combine open space with county services close by.",
  },
  {
    path: "/rural-beaver-county-listings",
    name: "Rural Beaver County",
    kind: "county",
    widgetId: "rv-area-rural-beaver-1b05",
    intro:
      "Beaver County lies east and southeast of Edmonton along Highway 14, with communities such as Tofield, Ryley and Viking. Farms and acreages here often offer more land for the price than properties closer to the city.",
  },
];

export function areaByPath(pathname: string): Area | undefined {
  const bare = pathname.replace(/\/+$/, "");
  return areas.find((a) => a.path === bare);
}
