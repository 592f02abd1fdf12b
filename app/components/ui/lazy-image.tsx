import ImageOff from "lucide-react/icons/image-off";
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { isStockPhotoUrl, optimizedImageUrl, stockSrcSet } from "~/lib/image-url";

export const DEFAULT_SIZES = "(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 33vw";

export interface LazyImageProps {
  /** A file of the site (`/images/...`) or a stock-photo URL (rewritten to WebP/JPEG). */
  src: string;
  /** Describes the picture; "" only for purely decorative images. */
  alt: string;
  /** Classes of the image box (size, rounding, margins). The picture covers the box (object-cover). */
  className?: string;
  /**
   * What shows until the picture has loaded: a CSS colour ("#e2e8f0") or the URL of a tiny preview
   * (e.g. a data: URI). Default: a neutral pulsing block.
   */
  placeholder?: string;
  /** "lazy" (default) defers off-screen images; use "eager" for the first image a visitor sees. */
  loading?: "lazy" | "eager";
  /** Which width the image takes at each breakpoint (only matters for resizable stock photos). */
  sizes?: string;
  /** Intrinsic size in pixels: reserves the box (no layout shift) and sets its aspect ratio. */
  width: number;
  height: number;
}

type LoadState = "initial" | "loading" | "loaded" | "error";

/**
 * The blog's image (spec/blog.md §3, §4, §9): lazy by default, a placeholder until the picture has
 * loaded, then a fade-in (none when the visitor prefers reduced motion), and the text
 * 'Image failed to load' in its place when it cannot be loaded.
 *
 * Server-rendered HTML shows the picture as a plain <img>, so it appears without JavaScript. After
 * hydration the component reads `img.complete`/`naturalWidth`, because a picture that loaded or
 * failed before React attached its handlers never fires those events again.
 */
export function LazyImage({
  src,
  alt,
  className = "",
  placeholder,
  loading = "lazy",
  sizes = DEFAULT_SIZES,
  width,
  height,
}: LazyImageProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>("initial");
  // A new source starts over (state derived during render, as React recommends).
  const [currentSrc, setCurrentSrc] = useState(src);
  if (currentSrc !== src) {
    setCurrentSrc(src);
    setState("initial");
  }

  useEffect(() => {
    const img = imgRef.current;
    if (!img) return;
    if (img.complete) {
      // Settled before hydration (or from cache): loaded, or broken when it has no pixels.
      setState(img.naturalWidth > 0 ? "loaded" : "error");
    } else if (!isInViewport(img)) {
      // Not painted yet: hide it so it can fade in once it arrives. A picture already on screen
      // and still downloading stays visible rather than blinking out.
      setState("loading");
    }
    // Runs again for a new source.
  }, [src]);

  const stock = isStockPhotoUrl(src);
  const jpegSrc = stock ? optimizedImageUrl(src, { format: "jpg", width }) : src;
  const webpSrcSet = stock ? stockSrcSet(src, width, "webp") : undefined;
  const jpegSrcSet = stock ? stockSrcSet(src, width, "jpg") : undefined;

  const boxStyle: CSSProperties = { aspectRatio: `${width} / ${height}`, ...placeholderStyle(placeholder) };
  const boxClass = `relative block max-w-full overflow-hidden ${placeholder ? "" : "bg-surface-muted"} ${className}`.trim();

  if (state === "error") {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt} (image failed to load)` : "Image failed to load"}
        className={boxClass}
        style={boxStyle}
        data-state="error"
      >
        <span
          aria-hidden="true"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-ink-muted"
        >
          <ImageOff className="size-6" />
          Image failed to load
        </span>
      </span>
    );
  }

  const hidden = state === "loading";
  const img = (
    <img
      ref={imgRef}
      src={jpegSrc}
      srcSet={jpegSrcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onLoad={() => setState("loaded")}
      onError={() => setState("error")}
      className={`absolute inset-0 h-full w-full object-cover ${hidden ? "opacity-0" : "opacity-100"} ${
        state === "loaded" ? "transition-opacity duration-500 ease-out motion-reduce:transition-none" : ""
      }`}
    />
  );

  return (
    <span className={boxClass} style={boxStyle} data-state={state}>
      {!placeholder && state !== "loaded" && (
        <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-surface-muted motion-reduce:animate-none" />
      )}
      {webpSrcSet ? (
        <picture>
          <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
    </span>
  );
}

function placeholderStyle(placeholder: string | undefined): CSSProperties {
  if (!placeholder) return {};
  if (/^(data:|\/|https?:)/.test(placeholder)) {
    return { backgroundImage: `url("${placeholder.replace(/"/g, "%22")}")`, backgroundSize: "cover", backgroundPosition: "center" };
  }
  return { backgroundColor: placeholder };
}

function isInViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
}
