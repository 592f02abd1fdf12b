/**
 * A short server-rendered introduction for each area page (keyed by the page's path in
 * areas.ts), so search engines, which do not read the listings widget, find a real page.
 * Kept apart from areas.ts because only the area pages need the text.
 */
import type { Area } from "./areas";

export const areaIntros: Record<Area["path"], string> = {
  "/devon-listings":
    "Devon is a town on the North Saskatchewan River just southwest of Edmonton, founded in 1948 after the Leduc No. 1 oil discovery nearby. Its river valley trails and golf course make it a quiet home base within a short drive of the city.",
  "/edmonton-listings":
    "Edmonton is Alberta's capital, built along the North Saskatchewan River, whose valley holds one of the largest connected urban park systems in North America. From mature central neighbourhoods to new communities at the city's edge, it offers every kind of home.",
  "/fort-saskatchewan-listings":
    "Fort Saskatchewan is a city northeast of Edmonton on the North Saskatchewan River, grown from a North-West Mounted Police fort of 1875. It sits beside Alberta's Industrial Heartland, and many of its residents work close to home.",
  "/sherwood-park-listings":
    "Sherwood Park is the urban centre of Strathcona County, directly east of Edmonton. Though it is governed as a hamlet, it is a community of city size, with established neighbourhoods, parks and quick access to Anthony Henday Drive.",
  "/st-albert-listings":
    "St. Albert is a city on Edmonton's northwest edge, founded in 1861 as a mission on the Sturgeon River. Its river trails, downtown farmers' market and well-kept neighbourhoods draw families looking for a quieter pace close to the city.",
  "/stony-plain-listings":
    "Stony Plain is a town west of Edmonton, known for the outdoor murals of its historic main street. Neighbouring Spruce Grove and Highway 16 put shopping and a city commute within easy reach.",
  "/spruce-grove-listings":
    "Spruce Grove is a growing city west of Edmonton along Highway 16. Newer subdivisions, schools and recreation facilities make it a popular choice for families who want space and a short drive into Edmonton.",
  "/leduc-listings":
    "Leduc is a city just south of Edmonton beside the Edmonton International Airport, and the namesake of the 1947 Leduc No. 1 oil discovery. Its location on the Queen Elizabeth II Highway suits commuters in both directions.",
  "/beaumont-listings":
    "Beaumont is a city on Edmonton's southeast edge with French-Canadian roots that still show in its town centre. It became a city in 2019 and remains one of the fastest growing communities in the region.",
  "/morinville-listings":
    "Morinville is a town north of Edmonton in Sturgeon County, founded by French-Canadian settlers in the 1890s. It offers small-town living with Highway 2 leading straight into St. Albert and Edmonton.",
  "/rural-leduc-county-listings":
    "Leduc County surrounds the City of Leduc south of Edmonton and takes in farmland, lakeside communities and country residential acreages. It is a good fit for buyers who want land while staying close to the airport and the city.",
  "/rural-parkland-county-listings":
    "Parkland County lies west of Edmonton around Spruce Grove and Stony Plain and includes lakes such as Wabamun Lake. Acreages, lake lots and farms make up most of its listings.",
  "/rural-sturgeon-county-listings":
    "Sturgeon County spans the farmland north of Edmonton and St. Albert, around towns such as Morinville and Gibbons. Buyers find acreages and farm properties within a short drive of the city.",
  "/rural-strathcona-county-listings":
    "Rural Strathcona County stretches east of Edmonton around Sherwood Park toward the Beaver Hills and Elk Island National Park. Country residential acreages here combine open space with county services close by.",
  "/rural-beaver-county-listings":
    "Beaver County lies east and southeast of Edmonton along Highway 14, with communities such as Tofield, Ryley and Viking. Farms and acreages here often offer more land for the price than properties closer to the city.",
};
