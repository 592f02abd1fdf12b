import { Tooltip } from "~/components/ui/tooltip";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Testimonial } from "~/content/testimonials";
import { useLazyEmbla } from "./use-lazy-embla";

/** Time each slide stays before the carousel moves on by itself. */
export const AUTOPLAY_INTERVAL_MS = 6000;

/**
 * The looping testimonials carousel of the home page (spec §2, §4), following the WAI-ARIA
 * carousel pattern: a labelled region with a rotation control and previous/next buttons, slides
 * as labelled groups. It also moves with the arrow keys and by touch (Embla's drag, loaded when
 * the carousel nears the screen: see use-lazy-embla.ts), pauses
 * while the pointer is over it or focus is inside it, and never moves by itself when the visitor
 * asks for reduced motion.
 */
export function TestimonialsCarousel({ items, id = "testimonials" }: { items: readonly Testimonial[]; id?: string }) {
  const [viewportRef, api, wake] = useLazyEmbla({ loop: true, align: "start" });
  const [selected, setSelected] = useState(0);
  const [rotating, setRotating] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on("select", onSelect).on("reInit", onSelect);
    return () => {
      api.off("select", onSelect).off("reInit", onSelect);
    };
  }, [api]);

  // Visitors who prefer reduced motion get no automatic rotation (they can still start it).
  useEffect(() => {
    if (reducedMotion) setRotating(false);
  }, [reducedMotion]);

  const playing = rotating && !hovered && !focused;
  useEffect(() => {
    if (!api || !playing) return;
    const timer = window.setInterval(() => api.scrollNext(), AUTOPLAY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [api, playing]);

  // A press that comes before Embla has loaded is kept and carried out once it is ready.
  const pending = useRef<"previous" | "next" | null>(null);
  useEffect(() => {
    if (!api || !pending.current) return;
    if (pending.current === "previous") api.scrollPrev(reducedMotion);
    else api.scrollNext(reducedMotion);
    pending.current = null;
  }, [api, reducedMotion]);

  // With reduced motion the buttons and keys jump instead of sliding.
  const previous = useCallback(() => {
    if (api) return api.scrollPrev(reducedMotion);
    pending.current = "previous";
    wake();
  }, [api, reducedMotion, wake]);
  const next = useCallback(() => {
    if (api) return api.scrollNext(reducedMotion);
    pending.current = "next";
    wake();
  }, [api, reducedMotion, wake]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };

  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-selected-index={selected}
      className="mx-auto max-w-6xl px-4 pt-16"
      onKeyDown={onKeyDown}
      onPointerEnter={() => {
        wake();
        setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        wake();
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink">
            What Our Clients Say
          </h2>
          <p className="mt-2 text-ink-muted">
            Buyers and fellow professionals on working with us. Use the buttons or the arrow keys to browse.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Tooltip label={rotating ? "Stop automatic slide show" : "Start automatic slide show"}>
            <button type="button" className={controlClass} onClick={() => setRotating((r) => !r)} data-testid="carousel-rotation">
              {rotating ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
              <span className="sr-only">{rotating ? "Stop automatic slide show" : "Start automatic slide show"}</span>
            </button>
          </Tooltip>
          <Tooltip label="Previous testimonial">
            <button type="button" className={controlClass} onClick={previous} aria-controls={`${id}-slides`}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              <span className="sr-only">Previous testimonial</span>
            </button>
          </Tooltip>
          <span className="min-w-16 text-center text-sm text-ink-muted tabular-nums" aria-hidden="true">
            {selected + 1} / {items.length}
          </span>
          <Tooltip label="Next testimonial" align="end">
            <button type="button" className={controlClass} onClick={next} aria-controls={`${id}-slides`}>
              <ChevronRight aria-hidden="true" className="size-5" />
              <span className="sr-only">Next testimonial</span>
            </button>
          </Tooltip>
        </div>
      </div>

      <div ref={viewportRef} className="mt-6 cursor-grab overflow-hidden active:cursor-grabbing">
        <div id={`${id}-slides`} className="-ml-4 flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {items.map((t, index) => (
            <div
              key={t.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3"
            >
              <TestimonialCard testimonial={t} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-ink transition-colors hover:bg-brand-soft";

function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-lg border border-line bg-surface p-6 select-none">
      <StarRating rating={t.rating} />
      <blockquote className="mt-4 flex-1 leading-7 text-ink">
        <p>“{t.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-lg font-bold text-on-brand"
        >
          {t.name.charAt(0)}
        </span>
        <span>
          <span className="block font-bold text-ink">{t.name}</span>
          <span className="block text-sm text-ink-muted">{t.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** A five-point star in a 24-unit box. */
const STAR_PATH = "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z";

/**
 * Five stars, filled up to the rating, read out as "Rated 5 out of 5". One small SVG per card
 * (fourteen cards, seventy stars) keeps the page's HTML light.
 */
function StarRating({ rating }: { rating: number }) {
  return (
    <svg role="img" aria-label={`Rated ${rating} out of 5`} viewBox="0 0 124 24" width="124" height="24" className="block">
      {Array.from({ length: 5 }, (_, i) => (
        <path
          key={i}
          d={STAR_PATH}
          transform={`translate(${i * 25} 0)`}
          className={i < rating ? "fill-amber-400 stroke-amber-600" : "fill-none stroke-ink-muted"}
          strokeWidth="1"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

/** True while the visitor's system asks for reduced motion; follows changes live. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}
