/**
 * What the route modules get of the listings feed (`ServerContext.listings`, app/router-context.ts): the database that
 * holds the local copy. Present only when the feed is configured; every page that lists homes
 * renders without listings when it is null, exactly as before the feed existed.
 */
import type { Database } from "../db.server";

export interface ListingsFeed {
  db: Database;
}
