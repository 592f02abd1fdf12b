import type { Route } from "./+types/listings-map-card";
import { listingKeyOf } from "~/lib/listings";
import { listingCard } from "~/lib/server/listings/queries.server";
import { serverContext } from "~/router-context";

/**
 * /listings/map-card/{ListingKey}: the card a map marker opens (photo, price, address, rooms, the
 * brokerage the DDF rules require, the page's link), fetched when it is opened so the map's data
 * stays a few bytes per listing. 404 for a key the feed does not have, or with the feed off.
 */
const MAX_AGE_SECONDS = 300;

export async function loader({ params, context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  const key = listingKeyOf(params.key);
  const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!feed || !key || key !== params.key || key.length > 64) return notFound();
  const card = await listingCard(feed.db, key, feed.memberKey);
  if (!card) return notFound();
  return Response.json(card, { headers: { "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}` } });
}
