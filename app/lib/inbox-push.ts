/**
 * The inbox's Web Push rules shared by the service worker (app/lib/inbox-service-worker.ts) and
 * the Account page (components/inbox/push-section.tsx): what a push may show and open, and the
 * browser's own checks. Pure, no DOM or worker globals, so vitest runs it as it is.
 */

/** Where a notification without a usable address opens. */
export const INBOX_PATH = "/inbox";
/** What the lock screen shows when a push has nothing readable (or the agent hides the details). */
export const GENERIC_TITLE = "New lead";
export const GENERIC_BODY = "Open the inbox to see it.";
/** The notification's icon (colour) and badge (Android's status bar: white on transparent). */
export const NOTIFICATION_ICON = "/icons/inbox-192.png";
export const NOTIFICATION_BADGE = "/icons/inbox-badge-96.png";

export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

// Lock screens cut long text anyway; a runaway payload should not become a wall of text.
const MAX_TITLE = 120;
const MAX_BODY = 400;
const MAX_TAG = 64;

/**
 * A notification opens a page of the inbox on this site, nothing else: "/inbox" or a path under
 * it, no "//host", no backslash (browsers read "\" as "/"), no "..", printable ASCII only (the
 * server percent-encodes the rest): no control character or space.
 */
export function inboxUrl(url: unknown): string {
  if (typeof url !== "string" || url.length > 500) return INBOX_PATH;
  if (!/^\/inbox(?:[/?#]|$)/.test(url)) return INBOX_PATH;
  if (url.includes("//") || url.includes("\\") || /(?:^|\/)\.\.?(?:[/?#]|$)/.test(url) || !/^[!-~]+$/.test(url)) return INBOX_PATH;
  return url;
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;

/**
 * The notification a push carries: its JSON `{ title, body, url, tag? }`. No payload, text that
 * is not JSON or JSON of another shape gives the generic "New lead" opening the inbox; a url
 * outside the inbox is replaced by /inbox.
 */
export function parsePushPayload(payload: string | null | undefined): PushNotice {
  const generic: PushNotice = { title: GENERIC_TITLE, body: GENERIC_BODY, url: INBOX_PATH };
  if (!payload) return generic;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return generic;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return generic;
  const fields = data as Record<string, unknown>;
  const title = text(fields.title, MAX_TITLE);
  if (!title) return generic;
  const tag = text(fields.tag, MAX_TAG);
  return { title, body: text(fields.body, MAX_BODY) ?? "", url: inboxUrl(fields.url), ...(tag ? { tag } : {}) };
}

const SHOWING_PAGE = /^\/inbox\/showings\/(\d{1,15})$/;

/**
 * The buttons a notification offers: a showing request's (issue 44) "Confirm", which confirms the
 * showing from the worker in one tap (a tap on the notification itself opens the showing); none
 * for the others.
 */
export function notificationActions(url: string): { action: string; title: string }[] {
  return SHOWING_PAGE.test(url) ? [{ action: "confirm", title: "Confirm" }] : [];
}

/** The showing a notification's url is the page of, or null: what its Confirm button confirms. */
export function showingIdOf(url: string): number | null {
  const match = SHOWING_PAGE.exec(url);
  return match ? Number(match[1]) : null;
}

/** What the notification says once its Confirm button has confirmed the showing. */
export const CONFIRMED_TITLE = "Confirmed";
export const CONFIRMED_BODY = "The buyer gets the invitation.";

/** The url a click on a notification opens: what the worker stored in `data`, checked again. */
export function clickTarget(data: unknown): string {
  return inboxUrl(typeof data === "object" && data !== null ? (data as { url?: unknown }).url : undefined);
}

/** The VAPID public key (base64url, as the server gives it) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(base64) || base64.length % 4 === 1) throw new Error("The push key is not base64url.");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Permission refused (now or earlier): only the browser's own settings can undo it. */
export const PUSH_BLOCKED_MESSAGE =
  "Notifications are blocked for this site in this browser. To allow them: on Android or in Chrome, tap the icon left of the address, then Permissions (or Site settings), Notifications, Allow; " +
  "on an iPhone, open Settings, Notifications, Inbox, and turn on Allow Notifications. Then press the button again.";

export type PushSupport = "supported" | "ios-home-screen" | "unsupported";

/**
 * Can this browser receive pushes? iPhone and iPad Safari can (iOS 16.4 and later) only from the
 * inbox added to the Home Screen, where PushManager exists; in a tab it is missing.
 */
export function pushSupport(env: {
  serviceWorker: boolean;
  pushManager: boolean;
  userAgent: string;
  standalone: boolean;
  maxTouchPoints: number;
}): PushSupport {
  if (env.serviceWorker && env.pushManager) return "supported";
  // iPadOS asks for the desktop site and says "Macintosh"; only a touch screen tells it apart.
  const apple = /iPhone|iPad|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1);
  return apple && !env.standalone ? "ios-home-screen" : "unsupported";
}
