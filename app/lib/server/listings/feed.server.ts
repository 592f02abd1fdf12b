/**
 * What the route modules get of the listings feed (`ServerContext.listings`, app/router-context.ts): the database that
 * holds the local copy. Present only when the feed is configured; every page that lists homes
 * renders without listings when it is null, exactly as before the feed existed.
 */
import type { Database } from "../../../../platform/db/database";
import type { MediaFetcher } from "./media-fetch.server";

export interface ListingsFeed {
  db: Database;
  /** DDF_MEMBER_KEY: the agent's CREA member key, whose listings are marked and shown first; null when unset. */
  memberKey: string | null;
  /** Fetches the listings' photos, only from the media hosts the configuration allows (DDF_MEDIA_HOSTS, media-fetch.server.ts). */
  media: MediaFetcher;
}
