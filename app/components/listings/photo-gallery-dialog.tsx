/**
 * The full-screen photo gallery of a listing page (issue 45), loaded only when a visitor opens it
 * (listing-photos.tsx imports it with `import()`), so neither it nor Embla is in the page's first
 * script (decision 054). A modal `<dialog>`: the rest of the page is inert while it is open, Escape
 * closes it (the dialog's own cancel), Tab stays inside it, and the caller puts the focus back on
 * the link that opened it. Swipe and drag come from Embla; the arrow keys and the two buttons move
 * one photo. Only the photo shown and its neighbours are fetched, at the widths the site makes.
 */
import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import X from "lucide-react/icons/x";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { ListingDetail } from "~/lib/listing-types";
import { photoAtWidth, photoSrcSet } from "~/lib/listings";

interface Props {
  photos: ListingDetail["photos"];
  place: string;
  /** The photo shown first (0 for the first). */
  start: number;
  onClose: () => void;
}

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-40";

export default function PhotoGalleryDialog({ photos, place, start, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const embla = useRef<EmblaCarouselType | null>(null);
  const [index, setIndex] = useState(start);
  // Photos ever near the one shown: those have their address; the rest wait.
  const [near, setNear] = useState(() => new Set([start - 1, start, start + 1]));

  useEffect(() => {
    const element = dialog.current;
    if (!element || !viewport.current) return;
    if (!element.open) element.showModal();
    const carousel = EmblaCarousel(viewport.current, { startIndex: start, loop: false, duration: 20 });
    embla.current = carousel;
    const selected = () => {
      const at = carousel.selectedScrollSnap();
      setIndex(at);
      setNear((seen) => (seen.has(at - 1) && seen.has(at + 1) ? seen : new Set([...seen, at - 1, at, at + 1])));
    };
    carousel.on("select", selected);
    return () => {
      carousel.destroy();
      embla.current = null;
      if (element.open) element.close();
    };
  }, [start]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla.current?.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla.current?.scrollNext();
    } else if (event.key === "Tab") {
      // Keep Tab within the dialog (not out to the browser's own controls).
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>("button:not([disabled])") ?? [])];
      const [firstButton, lastButton] = [focusable[0], focusable.at(-1)];
      if (!firstButton || !lastButton) return;
      if (event.shiftKey && document.activeElement === firstButton) {
        event.preventDefault();
        lastButton.focus();
      } else if (!event.shiftKey && document.activeElement === lastButton) {
        event.preventDefault();
        firstButton.focus();
      }
    }
  };

  const caption = photos[index]?.description;
  return (
    <dialog
      ref={dialog}
      aria-label={`Photos of ${place}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black"
      data-testid="photo-gallery"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 p-3">
          <p aria-live="polite" className="font-bold" data-testid="photo-counter">
            {index + 1} / {photos.length}
          </p>
          <button type="button" onClick={onClose} className={buttonClass} aria-label="Close the photo gallery" autoFocus>
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <div className="relative min-h-0 flex-1">
          <div ref={viewport} className="h-full overflow-hidden">
            <ul className="flex h-full touch-pan-y">
              {photos.map((p, i) => (
                <li
                  key={p.url}
                  className="flex h-full min-w-0 flex-[0_0_100%] items-center justify-center"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${photos.length}`}
                  aria-hidden={i !== index}
                >
                  {near.has(i) && (
                    <img
                      src={photoAtWidth(p.url, 1200)}
                      srcSet={photoSrcSet(p.url)}
                      sizes="100vw"
                      alt={p.description ?? `${place}, photo ${i + 1}`}
                      width={1024}
                      height={768}
                      decoding="async"
                      draggable={false}
                      className="max-h-full w-auto max-w-full object-contain"
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            onClick={() => embla.current?.scrollPrev()}
            disabled={index === 0}
            className={`${buttonClass} absolute top-1/2 left-2 -translate-y-1/2`}
            aria-label="Previous photo"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => embla.current?.scrollNext()}
            disabled={index === photos.length - 1}
            className={`${buttonClass} absolute top-1/2 right-2 -translate-y-1/2`}
            aria-label="Next photo"
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </div>
        <p className="min-h-12 p-3 text-center" data-testid="photo-caption">
          {caption ?? ""}
        </p>
      </div>
    </dialog>
  );
}
