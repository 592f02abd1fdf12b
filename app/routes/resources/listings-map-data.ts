import type { Route } from "./+types/listings-map-data";
import { SEARCH_CITIES, boundsOf, parseListingSearch } from "~/lib/listing-types";
import { encodeMapData } from "~/lib/map-data";
import { mapListings } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";

/**
 * /listings/map-data?{the search's filters}: every listing the search matches, as the map's
 * compact document (app/lib/map-data.ts), in one request. The filters read as /listings reads
 * them; `city` may repeat, as an area page searches all its feed cities; the map area and the
 * order and page are not the map's business (it shows the whole search). A bad `bounds` is 400,
 * as on /listings. 404 with the feed off.
 */
const MAX_AGE_SECONDS = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  if (!feed) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const params = new URL(request.url).searchParams;
  if (boundsOf(params.get("bounds")) === "invalid") {
    return new Response("Bad map area", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const search = parseListingSearch(params);
  const cities = [...new Set(params.getAll("city"))].filter((c) => SEARCH_CITIES.includes(c));
  const listings = await mapListings(feed.db, { ...search, cities: cities.length ? cities : undefined });
  return Response.json(encodeMapData(listings), {
    // The sync changes the copy every 15 minutes at most: a few minutes' staleness costs nothing.
    headers: { "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}` },
  });
}
