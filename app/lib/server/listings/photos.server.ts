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
 * types are passed on (never SVG or HTML, which would run as this site's own content).
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
import type { Database } from "../db.server";

/**
 * Where photo `index` (0-based) of a listing is served as the feed gives it (photoAtWidth in
 * app/lib/listings.ts names its narrower copies): the digest changes when the feed's URL does.
 */
export function listingPhotoPath(listingKey: string, index: number, feedUrl: string): string {
  return `/listings/photos/${encodeURIComponent(listingKey)}/${index + 1}-${digest(feedUrl)}.jpg`;
}

function digest(feedUrl: string): string {
  return createHash("sha256").update(feedUrl).digest("hex").slice(0, 12);
}

/** `{n}-{digest}.jpg`, the feed's own photo, or `{n}-{digest}-w{width}.webp`, a narrower copy. */
const FILE = /^([1-9][0-9]{0,2})-([0-9a-f]{12})(?:\.jpg|-w([0-9]+)\.webp)$/;

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

interface Photo {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The upstream answered with something that is not a photo we may pass on. */
class PhotoUnavailable extends Error {}

async function download(url: string, signal: AbortSignal): Promise<Photo> {
  const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]) });
  if (!response.ok) throw new PhotoUnavailable(`the media host answered ${response.status}`);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!IMAGE_TYPES.has(type)) throw new PhotoUnavailable(`the media host sent ${type || "no type"}, not a photo`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_PHOTO_BYTES) throw new PhotoUnavailable(`the photo is ${declared} bytes`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw new PhotoUnavailable(`the photo is ${bytes.byteLength} bytes`);
  return { type, bytes };
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
 * One cache for the process, for the feed's photos and their narrower copies. Its fetch() joins
 * concurrent requests for the same photo, so a burst of visitors on a new listing makes one
 * download, and a narrower copy is made from the cached original.
 */
const cache: LRUCache<string, Photo> = new LRUCache<string, Photo>({
  maxSize: CACHE_BYTES,
  sizeCalculation: (photo) => photo.bytes.byteLength || 1,
  ttl: CACHE_TTL_MS,
  fetchMethod: async (key, _stale, { signal }) => {
    const space = key.indexOf(" ");
    if (space < 0) return download(key, signal);
    const original = await cache.fetch(key.slice(space + 1), { signal });
    if (!original) throw new PhotoUnavailable("no photo");
    return resize(original, Number(key.slice(0, space)) as PhotoWidth);
  },
});

export type PhotoAnswer = { status: 200; photo: Photo } | { status: 404 } | { status: 502; reason: string };

/**
 * The photo at /listings/photos/{key}/{file}: 404 unless the listing is stored and the file names
 * its current photo at that position; 502 when the media host does not give a photo.
 */
export async function listingPhoto(db: Database, listingKey: string, file: string): Promise<PhotoAnswer> {
  const match = FILE.exec(file);
  if (!match || listingKeyOf(listingKey) !== listingKey) return { status: 404 };
  const index = Number(match[1]) - 1;
  const width = match[3] === undefined ? undefined : (Number(match[3]) as PhotoWidth);
  if (width !== undefined && !PHOTO_WIDTHS.includes(width)) return { status: 404 };
  const rows = await db.rows<{ url: string | null }>(
    sql`select photos->(${index}::int)->>'url' as url from listings where listing_key = ${listingKey}`,
  );
  const url = rows[0]?.url;
  if (!url || digest(url) !== match[2] || !/^https?:\/\//i.test(url)) return { status: 404 };
  try {
    const photo = await cache.fetch(keyOf(url, width));
    return photo ? { status: 200, photo } : { status: 502, reason: "no photo" };
  } catch (error) {
    return { status: 502, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** For tests: forget every cached photo. */
export function clearPhotoCache(): void {
  cache.clear();
}
