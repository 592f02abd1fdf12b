import ArrowUp from "lucide-react/icons/arrow-up";
import { Button } from "~/components/ui/button";

/** Scrolls to the top of the page: smoothly, or at once when the visitor prefers reduced motion. */
export function scrollToTop(win: Pick<Window, "matchMedia" | "scrollTo"> = window) {
  const reduce = win.matchMedia("(prefers-reduced-motion: reduce)").matches;
  win.scrollTo({ top: 0, left: 0, behavior: reduce ? "instant" : "smooth" });
}

/**
 * The Back to Top button of long articles (spec/blog.md §2, resources page). After scrolling, focus
 * moves to the main content so keyboard and screen-reader users land at the top too.
 */
export function BackToTop({ label = "Back to Top", className = "" }: { label?: string; className?: string }) {
  const onClick = () => {
    scrollToTop();
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  return (
    <Button type="button" variant="secondary" onClick={onClick} className={className}>
      <ArrowUp aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
