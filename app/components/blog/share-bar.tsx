import AtSign from "lucide-react/icons/at-sign";
import BriefcaseBusiness from "lucide-react/icons/briefcase-business";
import Link2 from "lucide-react/icons/link-2";
import Mail from "lucide-react/icons/mail";
import MessageCircle from "lucide-react/icons/message-circle";
import Share2 from "lucide-react/icons/share-2";
import ThumbsUp from "lucide-react/icons/thumbs-up";
import type { MouseEvent, ReactNode } from "react";
import { useId, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { toast } from "~/lib/toast";
import { SHARE_BAR_COPIED_TOAST, openShareWindow, shareLinks } from "~/lib/share";
import { absoluteUrl } from "~/lib/site-url";
import { ExternalLink } from "./external-link";

export interface ShareBarProps {
  title: string;
  description: string;
  /**
   * "full" (default): Facebook, X (Twitter), LinkedIn, WhatsApp, e-mail, native share, copy link.
   * "compact": Facebook, X (Twitter), LinkedIn and native share only (the screen-time article's share row).
   */
  variant?: "full" | "compact";
  /** Visible label of the bar. */
  label: string;
}

const noopSubscribe = () => () => {};

/** True once hydrated in a browser that has a native share sheet; false on the server and during hydration. */
function useCanNativeShare(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => typeof navigator.share === "function",
    () => false,
  );
}

/**
 * The page address: the canonical one (SITE_URL + path) in the server-rendered HTML, so the
 * WhatsApp and e-mail links work before scripts run (while hydrating, the browser takes the same
 * address from the page's canonical link: app/lib/site-url.ts); the address in the browser once
 * hydrated. Query strings and fragments are never shared.
 */
function usePageUrl(): string {
  const { pathname } = useLocation();
  const browserUrl = useSyncExternalStore(
    noopSubscribe,
    () => `${window.location.origin}${window.location.pathname}`,
    () => null,
  );
  return browserUrl ?? absoluteUrl(pathname);
}

const itemClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm font-bold text-ink no-underline hover:border-brand hover:bg-brand-soft";

/**
 * The share bar of spec/blog.md §7: Facebook, X (Twitter) and LinkedIn in 600x400 windows, a
 * WhatsApp link, an e-mail compose link, the native share sheet where the browser has one and a
 * copy-link button.
 *
 * The three networks are real links to their share pages, so they still work (in a new tab)
 * before scripts run or when a visitor opens them with a modifier key; a plain click opens the
 * 600x400 window instead.
 */
export function ShareBar({ title, description, variant = "full", label }: ShareBarProps) {
  const labelId = useId();
  const pageUrl = usePageUrl();
  const canNativeShare = useCanNativeShare();
  const links = shareLinks({ url: pageUrl, title, description });
  const compact = variant === "compact";

  const nativeShare = async () => {
    try {
      await navigator.share({ title, text: description, url: pageUrl });
    } catch {
      // Closing the share sheet rejects the promise: nothing to tell the visitor.
    }
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
    } catch {
      toast.error("Could not copy the link", { description: pageUrl });
      return;
    }
    toast.success(SHARE_BAR_COPIED_TOAST.title, { description: SHARE_BAR_COPIED_TOAST.description });
  };

  return (
    <div role="group" aria-labelledby={labelId} className="my-8 rounded-xl border border-line bg-surface-muted p-4">
      <p id={labelId} className="m-0 text-sm font-bold text-ink">
        {label}
      </p>
      <ul className="m-0 mt-3 flex list-none flex-wrap gap-2 space-y-0 p-0">
        <li>
          <PopupLink href={links.facebook} icon={<ThumbsUp aria-hidden="true" className="size-4" />} name="Facebook" />
        </li>
        <li>
          <PopupLink href={links.twitter} icon={<AtSign aria-hidden="true" className="size-4" />} name="X (Twitter)" />
        </li>
        <li>
          <PopupLink href={links.linkedin} icon={<BriefcaseBusiness aria-hidden="true" className="size-4" />} name="LinkedIn" />
        </li>
        {!compact && (
          <>
            <li>
              <ExternalLink href={links.whatsapp} className={itemClass}>
                <MessageCircle aria-hidden="true" className="size-4" />
                <span className="sr-only">Share on </span>WhatsApp
              </ExternalLink>
            </li>
            <li>
              <a href={links.email} className={itemClass}>
                <Mail aria-hidden="true" className="size-4" />
                <span className="sr-only">Share by </span>E-mail
              </a>
            </li>
          </>
        )}
        {canNativeShare && (
          <li>
            <button type="button" onClick={nativeShare} className={itemClass}>
              <Share2 aria-hidden="true" className="size-4" />
              Share<span className="sr-only"> with an app on this device</span>
            </button>
          </li>
        )}
        {!compact && (
          <li>
            <button type="button" onClick={copyLink} className={itemClass}>
              <Link2 aria-hidden="true" className="size-4" />
              Copy link
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}

function PopupLink({ href, icon, name }: { href: string; icon: ReactNode; name: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle ctrl/cmd/shift/middle clicks (new tab or window of the visitor's choosing).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openShareWindow(href);
  };
  return (
    <ExternalLink href={href} onClick={onClick} className={itemClass} hint=" (opens a new window)">
      {icon}
      <span className="sr-only">Share on </span>
      {name}
    </ExternalLink>
  );
}
