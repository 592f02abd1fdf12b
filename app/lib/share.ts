/**
 * Share links of the blog's share bar (spec/blog.md §7): pure builders, no browser APIs, so the
 * server renders the same hrefs the browser uses and unit tests can check every byte.
 */

export interface ShareInput {
  /** Absolute URL of the page being shared. */
  url: string;
  title: string;
  description: string;
}

export interface ShareLinks {
  /** Opened in a 600x400 window (see SHARE_WINDOW_FEATURES). */
  facebook: string;
  twitter: string;
  linkedin: string;
  /** Plain links: WhatsApp in a new tab, e-mail in the visitor's mail app. */
  whatsapp: string;
  email: string;
}

/** The share bar's copy-link toast (spec/blog.md §8); the article pages' Share button says "blog post link". */
export const SHARE_BAR_COPIED_TOAST = { title: "Link copied!", description: "The link has been copied to your clipboard." } as const;

/** Size of the Facebook, Twitter and LinkedIn share windows (spec/blog.md §9). */
export const SHARE_WINDOW = { width: 600, height: 400 } as const;

/**
 * The features string given to window.open. `noopener,noreferrer` keeps the share site from
 * reaching back into this page; with them window.open returns null, which is expected.
 */
export const SHARE_WINDOW_FEATURES = `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},noopener,noreferrer`;

/**
 * encodeURIComponent everywhere, never URLSearchParams: a mailto: body must carry spaces as %20
 * (mail apps show a "+" literally), and one rule for every link keeps them predictable.
 */
const enc = encodeURIComponent;

export function shareLinks({ url, title, description }: ShareInput): ShareLinks {
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
    twitter: `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`,
    whatsapp: `https://wa.me/?text=${enc(`${title} ${url}`)}`,
    email: `mailto:?subject=${enc(title)}&body=${enc(`${description}\n\n${url}`)}`,
  };
}

/** Opens a network's share page in a 600x400 window. With noopener window.open returns null: nothing to keep. */
export function openShareWindow(shareUrl: string): void {
  window.open(shareUrl, "_blank", SHARE_WINDOW_FEATURES);
}
