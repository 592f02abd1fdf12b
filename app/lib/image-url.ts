/**
 * Image URL helpers of the lazy image component (spec/blog.md §3, §7, §9).
 *
 * Stock-photo services that resize and re-encode on the fly (Unsplash's image CDN) are asked for
 * a WebP or JPEG rendition at a given quality, and optionally a width, through query parameters.
 * Every other URL, in particular the site's own files under /images/, is returned unchanged.
 */

export type ImageFormat = "webp" | "jpg";

export interface ImageUrlOptions {
  format: ImageFormat;
  /** 1-100; spec default 80. */
  quality?: number;
  /** Rendition width in CSS pixels; omitted keeps the service's default. */
  width?: number;
}

export const DEFAULT_IMAGE_QUALITY = 80;

/** Hosts that accept the imgix-style `fm`, `q` and `w` parameters. */
const STOCK_HOSTS = new Set(["images.unsplash.com", "plus.unsplash.com"]);

/** True when the URL points at a stock-photo service this module can rewrite. */
export function isStockPhotoUrl(src: string): boolean {
  const url = parseAbsolute(src);
  return url !== null && url.protocol === "https:" && STOCK_HOSTS.has(url.hostname);
}

/**
 * The URL of a stock photo in the requested format and quality (and width, when given).
 * Existing format, quality and width parameters are replaced; any others (crop, fit) are kept.
 * URLs of other hosts, relative paths and data: URIs come back exactly as given.
 */
export function optimizedImageUrl(src: string, { format, quality = DEFAULT_IMAGE_QUALITY, width }: ImageUrlOptions): string {
  if (!isStockPhotoUrl(src)) return src;
  const url = new URL(src);
  // `auto=format` would let the CDN override the format asked for here.
  const auto = url.searchParams.get("auto");
  if (auto) {
    const kept = auto
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v && v !== "format");
    if (kept.length) url.searchParams.set("auto", kept.join(","));
    else url.searchParams.delete("auto");
  }
  url.searchParams.set("fm", format);
  url.searchParams.set("q", String(clampQuality(quality)));
  if (width !== undefined) {
    if (!Number.isFinite(width) || width <= 0) throw new RangeError(`image width must be a positive number, got ${width}`);
    url.searchParams.set("w", String(Math.round(width)));
  }
  return url.toString();
}

/** Candidate widths of a responsive srcset: common device widths up to twice the display width. */
export const SRCSET_WIDTHS = [320, 480, 640, 768, 960, 1200, 1600, 2000] as const;

/**
 * A `srcset` of stock-photo renditions for an image displayed at most `width` CSS pixels wide
 * (up to 2x for high-density screens). Returns undefined for URLs that cannot be resized.
 */
export function stockSrcSet(src: string, width: number, format: ImageFormat, quality = DEFAULT_IMAGE_QUALITY): string | undefined {
  if (!isStockPhotoUrl(src)) return undefined;
  const max = width * 2;
  const widths: number[] = SRCSET_WIDTHS.filter((w) => w < max);
  widths.push(Math.round(max));
  return widths.map((w) => `${optimizedImageUrl(src, { format, quality, width: w })} ${w}w`).join(", ");
}

function clampQuality(quality: number): number {
  if (!Number.isFinite(quality)) return DEFAULT_IMAGE_QUALITY;
  return Math.min(100, Math.max(1, Math.round(quality)));
}

function parseAbsolute(src: string): URL | null {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src);
  } catch {
    return null;
  }
}
