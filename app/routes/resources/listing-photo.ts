import type { Route } from "./+types/listing-photo";
import { listingPhoto } from "~/lib/server/listings/photos.server";
import { serverContext } from "~/router-context";

/**
 * /listings/photos/{ListingKey}/{n}-{digest}.jpg (and its narrower copies, `-w{width}.webp`): a
 * stored listing's photo from the site's own origin (app/lib/server/listings/photos.server.ts);
 * `cover.jpg`, its first photo that loads (for `og:image`). Not found without the feed, for a
 * listing that is not stored, or for any other file name. A photo that failed a moment ago
 * answers 502 at once, logged only when it failed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const feed = context.get(serverContext)?.listings;
  const answer = feed ? await listingPhoto(feed.db, params.key ?? "", params.file ?? "", feed.media) : ({ status: 404 } as const);
  if (answer.status === 200) {
    return new Response(answer.photo.bytes, {
      headers: { "Content-Type": answer.photo.type, "Cache-Control": answer.cacheControl },
    });
  }
  if (answer.status === 502 && !answer.remembered)
    console.warn(`[listings] photo ${params.key}/${params.file} unavailable: ${answer.reason}`);
  const text = answer.status === 404 ? "Not found" : "This photo is not available right now.";
  return new Response(text, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
