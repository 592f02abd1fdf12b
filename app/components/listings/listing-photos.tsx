import { type ComponentProps, type MouseEvent, Suspense, lazy, useEffect, useRef, useState } from "react";
import type { ListingDetail } from "~/lib/listing-types";
import { DEFERRED_SRC, DEFERRED_SRCSET } from "~/lib/html/deferred-hydration-contract";
import { photoAtWidth, photoSrcSet } from "~/lib/listings";

/** How many photos sit beside the first one on a desktop (none on a phone: the first, then the button). */
const BESIDE = 3;

/** The full-screen view and its carousel library, fetched only when a visitor opens it (decision 054). */
const loadGallery = () => import("./photo-gallery-dialog");
const PhotoGalleryDialog = lazy(loadGallery);

/**
 * A listing's photos as the portals show them (issue 45): the first one large, a few beside it on
 * a desktop, and "See all N photos", which opens the full-screen gallery. The first is the page's
 * largest element on every screen, so it is fetched first and at high priority; those beside it
 * wait for the page to load (see LaterPhoto) and are not shown on a phone, which is not fetched
 * them (hidden lazy images are never loaded). Without JavaScript, or before the page's script has
 * run, "See all" and each photo are links to the listing's photo page (`{path}/photos`), which
 * lists them all with their captions.
 */
export function ListingPhotos({ photos, place, path }: { photos: ListingDetail["photos"]; place: string; path: string }) {
  const [first, ...others] = photos;
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const allPhotos = `${path}/photos`;
  const show = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps the plain page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  };
  const warm = () => void loadGallery();
  // Back where the visitor was once the gallery has closed (while the modal dialog is open, the rest of the page is inert and cannot take the focus).
  useEffect(() => {
    if (open !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [open]);
  return (
    <div data-testid="listing-gallery">
      <div className="grid gap-3 lg:grid-cols-4">
        <a
          href={allPhotos}
          onClick={first ? show(0) : undefined}
          onPointerEnter={warm}
          className={`block aspect-[4/3] overflow-hidden rounded-lg bg-surface-muted ${others.length > 0 ? "lg:col-span-3 lg:row-span-3" : "lg:col-span-4"}`}
          aria-label={first ? `${first.description ?? "Main photo"}: open the photo gallery` : undefined}
          tabIndex={first ? undefined : -1}
        >
          {first ? (
            <img
              src={photoAtWidth(first.url, 800)}
              srcSet={photoSrcSet(first.url)}
              sizes="(min-width: 1152px) 33rem, (min-width: 1024px) 48vw, calc(100vw - 2rem)"
              alt={first.description ?? `${place}, main photo`}
              width={1024}
              height={768}
              fetchPriority="high"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-ink-muted">No photos yet</span>
          )}
        </a>
        {others.length > 0 && (
          <ul className="hidden gap-3 lg:col-span-1 lg:row-span-3 lg:grid lg:grid-rows-3" aria-label="More photos">
            {others.slice(0, BESIDE).map((p, i) => (
              <li key={p.url} className="aspect-[4/3] overflow-hidden rounded-md bg-surface-muted">
                <a href={`${allPhotos}#photo-${i + 2}`} onClick={show(i + 1)} onPointerEnter={warm} className="block size-full">
                  <LaterPhoto
                    src={photoAtWidth(p.url, 480)}
                    srcSet={photoSrcSet(p.url, 480)}
                    sizes="11rem"
                    alt={p.description ?? `${place}, photo ${i + 2}`}
                    width={400}
                    height={300}
                    className="size-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {photos.length > 1 && (
        <p className="mt-3">
          <a
            href={allPhotos}
            onClick={show(0)}
            onPointerEnter={warm}
            onFocus={warm}
            className="inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-bold text-brand hover:bg-surface-muted"
            data-testid="see-all-photos"
          >
            See all {photos.length} photos
          </a>
        </p>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoGalleryDialog photos={photos} place={place} start={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A photo that starts loading once the page has loaded, not while the first photo is on its way.
 * The page's loader (deferred-hydration.client.ts) sets `src` and `srcset` from the data
 * attributes after `load`; after a client-side navigation, which has no loader, the effect does.
 * Without JavaScript the `<noscript>` copy shows and app.css hides this one.
 */
function LaterPhoto({
  src,
  srcSet,
  ...img
}: Omit<ComponentProps<"img">, "src" | "srcSet" | "loading" | "ref"> & { src: string; srcSet: string }) {
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
