import Share2 from "lucide-react/icons/share-2";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/**
 * The articles' Share button (spec/blog.md §7, §8).
 * - Default: copies the page link and shows the toast 'Link copied!'.
 * - `nativeShare` (resources page and buyer guide): opens the native share sheet where the
 *   browser has one; otherwise copies the link and says so in an alert.
 */
export function ShareButton({ label = "Share", nativeShare = false, title }: { label?: string; nativeShare?: boolean; title?: string }) {
  const share = async () => {
    // The page itself: no query string (never kept on blog pages) and no #section fragment.
    const url = `${window.location.origin}${window.location.pathname}`;
    if (nativeShare && typeof navigator.share === "function") {
      try {
        await navigator.share({ title: title ?? document.title, text: title ?? document.title, url });
      } catch {
        // The visitor closed the share sheet: nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      toast.error("Could not copy the link", { description: url });
      return;
    }
    if (nativeShare) window.alert("Link copied to clipboard!");
    else toast.success("Link copied!", { description: "The blog post link has been copied to your clipboard." });
  };
  return (
    <Button type="button" variant="secondary" onClick={share}>
      <Share2 aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
