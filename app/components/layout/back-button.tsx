import ArrowLeft from "lucide-react/icons/arrow-left";
import { useNavigate } from "react-router";

/**
 * The BACK button of spec §2: one step back in history. A visitor who landed here directly
 * (from a search engine) has no history on this site, so the link falls back to the home page.
 */
export function BackButton({ fallback = "/" }: { fallback?: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={fallback}
      onClick={(event) => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-2 rounded-md border border-line px-4 py-2 text-sm font-bold tracking-wide text-ink hover:bg-surface-muted"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      BACK
    </a>
  );
}

/** The BACK button on a line of its own, under a page's content. */
export function BackRow({ className }: { className: string }) {
  return (
    <div className={className}>
      <BackButton />
    </div>
  );
}
