import { type ComponentProps, useEffect, useRef } from "react";
import type { ListingDetail } from "~/lib/listing-types";
import { DEFERRED_SRC, DEFERRED_SRCSET } from "~/lib/html/deferred-hydration-contract";
import { photoAtWidth, photoSrcSet } from "~/lib/listings";

/**
 * A listing's photos: the first one large, the others in a grid under it. The first is the
 * page's largest element on every screen, so it is fetched first and at high priority; the others
 * wait for the page to load (see LaterPhoto).
 */
export function ListingPhotos({ photos, place }: { photos: ListingDetail["photos"]; place: string }) {
  const [first, ...others] = photos;
  return (
    <>
      <div className="aspect-[4/3] overflow-hidden rounded-lg bg-surface-muted">
        {first ? (
          <img
            src={photoAtWidth(first.url, 800)}
            srcSet={photoSrcSet(first.url)}
            sizes="(min-width: 1024px) 44rem, calc(100vw - 2rem)"
            alt={first.description ?? `${place}, main photo`}
            width={1024}
            height={768}
            fetchPriority="high"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-ink-muted">No photos yet</div>
        )}
      </div>
      {others.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="More photos">
          {others.map((p, i) => (
            <li key={p.url} className="aspect-[4/3] overflow-hidden rounded-md bg-surface-muted">
              <LaterPhoto
                src={photoAtWidth(p.url, 480)}
                srcSet={photoSrcSet(p.url, 800)}
                sizes="(min-width: 1024px) 14rem, (min-width: 640px) 33vw, 50vw"
                alt={p.description ?? `${place}, photo ${i + 2}`}
                width={400}
                height={300}
                className="size-full object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A photo that starts loading once the page has loaded, not while the first photo is on its way.
 * On a phone the first ones are in view, so `loading="lazy"` alone fetched them with the first
 * photo, sharing a slow network with it. The page's loader (deferred-hydration.client.ts) sets
 * `src` and `srcset` from the data attributes after `load`; after a client-side navigation, which
 * has no loader, the effect does. Without JavaScript the `<noscript>` copy shows and app.css hides
 * this one.
 */
function LaterPhoto({ src, srcSet, ...img }: Omit<ComponentProps<"img">, "src" | "srcSet" | "loading" | "ref"> & { src: string; srcSet: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.getAttribute("src")) return;
    element.srcset = srcSet;
    element.src = src;
  }, [src, srcSet]);
  return (
    <>
      <img ref={ref} {...{ [DEFERRED_SRC]: src, [DEFERRED_SRCSET]: srcSet }} loading="lazy" decoding="async" {...img} />
      <noscript>
        <img src={src} srcSet={srcSet} loading="lazy" decoding="async" {...img} />
      </noscript>
    </>
  );
}
