import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * Embla, loaded only when it is about to be needed: when the carousel comes within a screen of
 * the viewport, or the visitor points at or focuses it (`wake`). The slides are plain
 * server-rendered markup until then, so the home page's first load carries no carousel engine.
 * Returns what embla-carousel-react's `useEmblaCarousel` returns (a ref and the API), plus `wake`.
 */
export function useLazyEmbla(options: EmblaOptionsType): [RefObject<HTMLDivElement | null>, EmblaCarouselType | undefined, () => void] {
  // A ref object, not a callback ref that sets state: state set while React attaches refs
  // re-renders the whole carousel synchronously right after hydration, for nothing.
  const viewport = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [wanted, setWanted] = useState(false);
  const optionsRef = useRef(options);

  const wake = useCallback(() => setWanted(true), []);

  useEffect(() => {
    const node = viewport.current;
    if (!node || wanted) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [wanted]);

  useEffect(() => {
    const node = viewport.current;
    if (!node || !wanted) return;
    let instance: EmblaCarouselType | undefined;
    let cancelled = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      instance = EmblaCarousel(node, optionsRef.current);
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [wanted]);

  return [viewport, api, wake];
}
