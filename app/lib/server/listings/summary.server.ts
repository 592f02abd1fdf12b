/**
 * How many listings a filter matches and their median asking price ("1,234 homes for sale ·
 * median asking price $415,000", above an area's or a property type's cards and on /listings),
 * kept in this process's memory until the local copy of the feed changes.
 *
 * Why a cache: the figures read every row the filter matches, about 10,000 for Edmonton with
 * 20,000 listings stored. They come from the search's narrow index (listings_search_idx, an
 * index-only scan once the sync's tidy has vacuumed: store.server.ts), not the wide rows (photos,
 * remarks) they were read from before, but still walk every matching entry, on PGlite's one
 * connection that every other request waits for. Yet the figures change only when the sync
 * stores something, every 15 minutes at most: computed once per filter per change, they cost
 * nothing in between.
 *
 * How a server knows that the copy changed: servers sharing one PostgreSQL each keep their own
 * cache and only one of them syncs, so a signal inside the syncing process would not reach the
 * others. Each request reads instead the sync's state row (`listing_sync`, one row by its key,
 * well under a millisecond), and the figures are kept under its `progress`, which the sync
 * rewrites when a run starts, after every page it stores and when the run ends. Figures computed
 * after reading a version reflect at least that version, so at worst they trail the copy by one
 * page, for the moment between a page stored and the checkpoint that follows it. (A run that
 * loses its lease or its process mid-page leaves its last page uncounted until the next run
 * starts and rewrites the row.)
 *
 * Until a sync has finished once on a database nothing is cached: the copy is still being loaded
 * (its count changes with each page) or is written by something other than the sync (tests), so
 * the figures are read each time.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ListingFilter } from "~/lib/listing-types";
import { listingSync, listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";

export interface ListingSummary {
  total: number;
  /** Over every listing matching the filter; null when none has a price. */
  median: number | null;
}

/** Filters remembered per version: the area and type pages need a few dozen; searches add more. */
const MAX_FILTERS = 500;

interface Cache {
  version: string;
  /** The promise is kept, so requests arriving together for one filter share one read. */
  figures: Map<string, Promise<ListingSummary>>;
}

/** Per database (tests open several in one process). */
const caches = new WeakMap<Database, Cache>();

/** The count and median of the filter's listings; `where` is the same filter as SQL. */
export async function listingSummary(db: Database, filter: ListingFilter, where: SQL, today: string): Promise<ListingSummary> {
  // Read before the figures: whatever they are computed from is at least this version.
  const [state] = await select(
    db.rows,
    { finished: listingSync.last_finished_at, progress: sql<string | null>`${listingSync.progress}::text` },
    sql`from ${listingSync} where ${listingSync.id} = 1`,
  );
  const version = state?.finished && state.progress !== null ? state.progress : null;
  if (version === null) return summarise(db, where);

  let cache = caches.get(db);
  if (cache?.version !== version) {
    cache = { version, figures: new Map() };
    caches.set(db, cache);
  }
  const key = filterKey(filter, today);
  const cached = cache.figures.get(key);
  if (cached) return cached;
  if (cache.figures.size >= MAX_FILTERS) cache.figures.delete(cache.figures.keys().next().value!);
  const figures = summarise(db, where);
  const { figures: map } = cache;
  map.set(key, figures);
  // A failed read (the database closing) is not remembered.
  figures.catch(() => {
    if (map.get(key) === figures) map.delete(key);
  });
  return figures;
}

async function summarise(db: Database, where: SQL): Promise<ListingSummary> {
  const [row] = await select(
    db.rows,
    { total: sql<number>`count(*)::int`, median: sql<number | null>`percentile_cont(0.5) within group (order by ${listings.list_price})` },
    sql`from ${listings} where ${where}`,
  );
  return { total: row?.total ?? 0, median: row?.median ?? null };
}

/** The filter as a key: the order of its cities does not change the figures; the day does, for open houses and "new in the last days". */
function filterKey(f: ListingFilter, today: string): string {
  const { cities, ...rest } = f;
  const dated = f.openHouse || f.newWithinDays !== undefined;
  const known: Required<Omit<ListingFilter, "cities">> = {
    withAcceptedOffers: false,
    category: "other",
    minPrice: 0,
    maxPrice: 0,
    minBeds: 0,
    minBaths: 0,
    minArea: 0,
    maxArea: 0,
    style: "",
    community: "",
    keywords: [],
    openHouse: false,
    priceReduced: false,
    newWithinDays: 0,
    bounds: { south: 0, west: 0, north: 0, east: 0 },
  };
  // Every filter field by name, in one order (a search's page, order and size are not filters and are left out).
  return JSON.stringify([
    [...(cities ?? [])].sort(),
    dated ? today : null,
    ...Object.keys(known).map((k) => rest[k as keyof typeof rest] ?? null),
  ]);
}
