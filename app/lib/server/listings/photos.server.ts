/**
 * Listing photos served from the site's own origin (decision record 026).
 *
 * The feed gives each photo as a URL on CREA's media host. A page that shows it there makes a
 * phone look up and connect to a second host before it can fetch the page's largest image; from
 * the site's own origin the photo comes over the connection the page already has. CREA allows
 * either use of the photo URLs (embed them, or download them and serve them from your own
 * system), so this server fetches a photo from the media host the first time it is asked for,
 * keeps it in a bounded memory cache and answers from there.
 *
 * This is not an open proxy: a photo address names a stored listing, the photo's position and a
 * digest of the feed's URL, and only that URL, read from the database, is ever fetched. A listing
 * that left the feed has no photos here any more, even if they are still in the cache. Only image
 * types are passed on (never SVG or HTML, which would run as this site's own content). And the
 * feed's URL is fetched only over HTTPS, from the hosts DDF_MEDIA_HOSTS names, at public addresses,
 * redirects included (media-fetch.server.ts): a feed record cannot make this server fetch from its
 * own machine or network.
 *
 * A photo that does not load is remembered as failing for FAILURE_TTL_MS: until then its address
 * answers 502 at once, without asking the media host again, and `photoKnownToFail` tells the pages
 * to leave it out. `/listings/photos/{key}/cover.jpg` is the listing's first photo that loads
 * (`listingCoverPath`, for `og:image`).
 *
 * A phone shows a photo at its own width, a few hundred pixels, while the feed's photos are made
 * for a desktop. Each photo is therefore also offered narrower (PHOTO_WIDTHS in app/lib/listings.ts,
 * by `srcset`), resized once with sharp and encoded as WebP: on the listing page the first photo and the two beside
 * it then weigh about a quarter of the feed's own, and they are what a phone downloads before the page is complete.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { PHOTO_WIDTHS, type PhotoWidth, listingKeyOf } from "../../listings";
import { listings } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { select } from "../../../../platform/db/query";
import type { MediaFetcher } from "./media-fetch.server";

/**
 * Where photo `index` (0-based) of a listing is served as the feed gives it (photoAtWidth in
 * app/lib/listings.ts names its narrower copies): the digest changes when the feed's URL does.
 */
export function listingPhotoPath(listingKey: string, index: number, feedUrl: string): string {
  return `/listings/photos/${encodeURIComponent(listingKey)}/${index + 1}-${digest(feedUrl)}.jpg`;
}

/**
 * Where a listing's cover is served: its first photo that loads (for `og:image`, which must name
 * one photo before anyone knows which of the feed's will load). 404 for a listing without photos,
 * 502 when none of its first photos loads. Its narrower copies are `photoAtWidth(path, width)`.
 */
export function listingCoverPath(listingKey: string): string {
  return `/listings/photos/${encodeURIComponent(listingKey)}/cover.jpg`;
}

function digest(feedUrl: string): string {
  return createHash("sha256").update(feedUrl).digest("hex").slice(0, 12);
}

/**
 * `{n}-{digest}.jpg`, the feed's own photo, or `{n}-{digest}-w{width}.webp`, a narrower copy;
 * `cover.jpg` and `cover-w{width}.webp`, the same for the listing's first photo that loads.
 */
const FILE = /^(?:cover|([1-9][0-9]{0,2})-([0-9a-f]{12}))(?:\.jpg|-w([0-9]+)\.webp)$/;

/** Image types a browser shows without running anything; everything else from upstream is refused. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

/** A listing photo is rarely above a few hundred kilobytes; anything past this is not one. */
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Photos kept in memory: 64 MB holds the first photos of a few hundred listings, the ones
 * visitors are looking at. Entries expire after a day, the longest a removed listing's photo
 * may stay on the site (the DDF® rules); the database check above removes them sooner.
 */
const CACHE_BYTES = 64 * 1024 * 1024;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** How long browsers may keep a photo: the same day as the cache. */
export const PHOTO_CACHE_CONTROL = "public, max-age=86400";
/**
 * A cover is whichever photo loaded when it was asked for: an hour, so a first photo that failed
 * for a while, or a new first photo, becomes the cover again soon.
 */
export const COVER_CACHE_CONTROL = "public, max-age=3600";

/**
 * How long a photo that did not load is remembered as failing, and how many are: a photo the
 * media host does not give answers 502 from memory instead of costing one upstream request (up to
 * UPSTREAM_TIMEOUT_MS) per page view; after this it is tried again.
 */
const FAILURE_TTL_MS = 10 * 60 * 1000;
const FAILURES_MAX = 5_000;

/** The cover: photos tried in order, at most this many fetched, within this time. */
const COVER_TRIES = 4;
const COVER_BUDGET_MS = 12_000;

interface Photo {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The upstream answered with something that is not a photo we may pass on. */
class PhotoUnavailable extends Error {}

/** The feed's photo at `url`, through the media rules (media-fetch.server.ts). */
async function download(url: string, media: MediaFetcher, signal: AbortSignal): Promise<Photo> {
  const timeout = AbortSignal.timeout(UPSTREAM_TIMEOUT_MS);
  try {
    const response = await media.get(url, AbortSignal.any([signal, timeout]));
    const refuse = (reason: string): never => {
      response.discard();
      throw new PhotoUnavailable(reason);
    };
    if (response.status < 200 || response.status > 299) refuse(`the media host answered ${response.status}`);
    if (!IMAGE_TYPES.has(response.type)) refuse(`the media host sent ${response.type || "no type"}, not a photo`);
    if ((response.length ?? 0) > MAX_PHOTO_BYTES) refuse(`the photo is ${response.length} bytes`);
    return { type: response.type, bytes: await response.bytes(MAX_PHOTO_BYTES) };
  } catch (error) {
    if (timeout.aborted && !signal.aborted)
      throw new PhotoUnavailable(`no photo from the media host within ${UPSTREAM_TIMEOUT_MS / 1000} s`);
    throw error;
  }
}

/**
 * The photo `width` pixels wide (never wider than it is), as WebP: every browser this site serves
 * shows it, and it is 30–60 % smaller than a JPEG of the same quality (decision record 026), which
 * on a phone's network is the difference between one round trip for the first photo and two.
 */
async function resize(photo: Photo, width: PhotoWidth): Promise<Photo> {
  const bytes = await sharp(photo.bytes)
    .rotate() // as the camera held it (EXIF orientation), before the metadata is dropped
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { type: "image/webp", bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer> };
}

/** A cache key: the feed's URL, or the width and the feed's URL for a narrower copy. */
function keyOf(url: string, width: PhotoWidth | undefined): string {
  return width ? `${width} ${url}` : url;
}

/**
 * Photos that did not load, by the feed's URL, with why: one entry per photo whatever the width
 * asked for (a photo the server cannot read is no more use to a browser than one it cannot get).
 */
const failures = new LRUCache<string, string>({ max: FAILURES_MAX, ttl: FAILURE_TTL_MS });

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One cache for the process, for the feed's photos and their narrower copies. Its fetch() joins
 * concurrent requests for the same photo, so a burst of visitors on a new listing makes one
 * download, and a narrower copy is made from the cached original. The fetcher (the media rules)
 * comes with each request, as the fetch's context.
 */
const cache: LRUCache<string, Photo, MediaFetcher> = new LRUCache<string, Photo, MediaFetcher>({
  maxSize: CACHE_BYTES,
  sizeCalculation: (photo) => photo.bytes.byteLength || 1,
  ttl: CACHE_TTL_MS,
  fetchMethod: async (key, _stale, { signal, context: media }) => {
    const space = key.indexOf(" ");
    const url = space < 0 ? key : key.slice(space + 1);
    try {
      if (space < 0) return await download(url, media, signal);
      const original = await cache.fetch(url, { signal, context: media });
      if (!original) throw new PhotoUnavailable("no photo");
      return await resize(original, Number(key.slice(0, space)) as PhotoWidth).catch((error: unknown) => {
        throw new PhotoUnavailable(`the photo cannot be read: ${reasonOf(error)}`);
      });
    } catch (error) {
      // Not a failure of the photo when the fetch itself was called off (the cache cleared, say).
      if (!signal.aborted) failures.set(url, reasonOf(error));
      throw error;
    }
  },
});

/**
 * Whether the photo at the feed's `url` (as stored, as given to listingPhotoPath) failed to load
 * in the last FAILURE_TTL_MS: its address would answer 502 now, so a page (the listing's photos,
 * its `og:image`) should leave it out. Memory only, nothing fetched; false for a photo never tried.
 */
export function photoKnownToFail(url: string): boolean {
  return failures.has(url);
}

/** The feed's photo at `url` (at `width`, when given), unless it is remembered as failing. */
async function photoAt(url: string, width: PhotoWidth | undefined, media: MediaFetcher): Promise<PhotoAnswer> {
  const failed = failures.get(url);
  if (failed !== undefined) return { status: 502, reason: failed, remembered: true };
  try {
    const photo = await cache.fetch(keyOf(url, width), { context: media });
    return photo ? { status: 200, photo, cacheControl: PHOTO_CACHE_CONTROL } : { status: 502, reason: "no photo", remembered: false };
  } catch (error) {
    return { status: 502, reason: reasonOf(error), remembered: false };
  }
}

function fetchable(url: string | null | undefined): url is string {
  return typeof url === "string" && /^https?:\/\//i.test(url);
}

/** `promise`'s value, or undefined once `ms` have passed (or it fails). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

async function firstLoading(
  urls: readonly (string | null | undefined)[],
  media: MediaFetcher,
  { maxTries = COVER_TRIES, budgetMs = COVER_BUDGET_MS }: CoverOptions = {},
): Promise<{ index: number; url: string } | null> {
  const deadline = Date.now() + budgetMs;
  let tries = 0;
  for (const [index, url] of urls.entries()) {
    if (!fetchable(url) || failures.has(url)) continue;
    if (cache.has(url)) return { index, url };
    const left = deadline - Date.now();
    if (tries >= maxTries || left <= 0) continue; // out of tries or time: only a photo already cached now
    tries++;
    // A photo still loading when the time is up goes on loading (within UPSTREAM_TIMEOUT_MS), for the next visitor.
    if (await within(cache.fetch(url, { context: media }), left)) return { index, url };
  }
  return null;
}

export interface CoverOptions {
  /** Photos fetched at most (cached ones and ones known to fail cost nothing and are not counted); 4. */
  maxTries?: number;
  /** Time allowed for the whole search, in ms; 12,000. */
  budgetMs?: number;
}

/**
 * The index in `urls` (a listing's photos, the feed's URLs in the feed's order) of the first photo
 * that loads, or null when none does within the limits. Photos known to fail are skipped without
 * a request; a cached photo answers at once; the others are fetched one after another (and kept
 * in the cache, or remembered as failing), at most `maxTries` of them within `budgetMs`; after
 * that only a photo already cached is taken. The photo route serves it as `cover.jpg`.
 */
export async function coverPhotoIndex(
  urls: readonly (string | null | undefined)[],
  media: MediaFetcher,
  options?: CoverOptions,
): Promise<number | null> {
  return (await firstLoading(urls, media, options))?.index ?? null;
}

export type PhotoAnswer =
  | { status: 200; photo: Photo; cacheControl: string }
  | { status: 404 }
  /** `remembered`: the photo failed a moment ago, and the media host was not asked again. */
  | { status: 502; reason: string; remembered: boolean };

/**
 * The photo at /listings/photos/{key}/{file}: 404 unless the listing is stored and the file names
 * its current photo at that position (or its cover); 502 when the media host does not give a
 * photo, or did not a moment ago. `media` is the listings feed's fetcher (ListingsFeed.media).
 */
export async function listingPhoto(db: Database, listingKey: string, file: string, media: MediaFetcher): Promise<PhotoAnswer> {
  const match = FILE.exec(file);
  if (!match || listingKeyOf(listingKey) !== listingKey) return { status: 404 };
  const width = match[3] === undefined ? undefined : (Number(match[3]) as PhotoWidth);
  if (width !== undefined && !PHOTO_WIDTHS.includes(width)) return { status: 404 };
  if (match[1] === undefined) return listingCover(db, listingKey, width, media);
  const index = Number(match[1]) - 1;
  const rows = await select(
    db.rows,
    { url: sql<string | null>`${listings.photos}->(${index}::int)->>'url'` },
    sql`from ${listings} where ${listings.listing_key} = ${listingKey}`,
  );
  const url = rows[0]?.url;
  if (!url || digest(url) !== match[2] || !fetchable(url)) return { status: 404 };
  return photoAt(url, width, media);
}

async function listingCover(db: Database, listingKey: string, width: PhotoWidth | undefined, media: MediaFetcher): Promise<PhotoAnswer> {
  const rows = await select(db.rows, { photos: listings.photos }, sql`from ${listings} where ${listings.listing_key} = ${listingKey}`);
  const urls = (rows[0]?.photos ?? []).map((p) => (typeof p?.url === "string" ? p.url : null));
  if (!urls.some(fetchable)) return { status: 404 };
  const allKnownToFail = urls.filter(fetchable).every((url) => failures.has(url));
  const cover = await firstLoading(urls, media);
  if (!cover) return { status: 502, reason: "none of the listing's photos loads", remembered: allKnownToFail };
  const answer = await photoAt(cover.url, width, media);
  return answer.status === 200 ? { ...answer, cacheControl: COVER_CACHE_CONTROL } : answer;
}

/** For tests: forget every cached photo, and every failure. */
export function clearPhotoCache(): void {
  cache.clear();
  failures.clear();
}
