/// <reference lib="webworker" />
/**
 * The inbox's service worker, served at /inbox/sw.js with scope /inbox (routes/resources/inbox-sw.ts).
 * It is never imported: the inbox-service-worker Vite plugin (vite-plugins/inbox-service-worker.ts)
 * bundles this file and what it imports into one script. It shows the pushes the server sends for
 * new leads and opens the inbox when one is tapped; a showing request's Confirm button confirms it
 * with the inbox's own form post; nothing else. No fetch handler and no cache:
 * the inbox is private, so nothing of it is kept on the device, and the pages load as they do
 * without a worker.
 */
import {
  CONFIRMED_BODY,
  CONFIRMED_TITLE,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  clickTarget,
  notificationActions,
  parsePushPayload,
  showingIdOf,
} from "./inbox-push";

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once: there is no cached state an older one could depend on.
self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let payload: string | null = null;
  try {
    payload = event.data ? event.data.text() : null;
  } catch {
    payload = null;
  }
  const notice = parsePushPayload(payload);
  // userVisibleOnly: every push must show a notification, or the browser shows its own and may revoke the subscription.
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      data: { url: notice.url },
      // Not in every lib.dom version's NotificationOptions; browsers without buttons ignore it.
      ...(notificationActions(notice.url).length ? ({ actions: notificationActions(notice.url) } as object) : {}),
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = clickTarget(event.notification.data);
  const showingId = event.action === "confirm" ? showingIdOf(url) : null;
  event.waitUntil(showingId === null ? openInbox(url) : confirmShowing(url, showingId));
});

/**
 * The Confirm button: the same POST the showing page's Confirm form sends, to that page. The
 * worker's fetch is same-origin, so the browser sends the session cookie and the site's Origin
 * (a POST always carries it), which the inbox's guard asks of its own pages; nothing is loosened
 * for it. Only a 200 is a confirmation: signed out (401), already confirmed or cancelled (409) or
 * offline, the showing's page opens instead, where the agent sees why. A redirect is not
 * followed, so a sign-in page's 200 can never pass for one.
 */
async function confirmShowing(url: string, showingId: number): Promise<void> {
  const confirmed = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    redirect: "manual",
    body: new URLSearchParams({ intent: "confirm", showingId: String(showingId) }),
  }).then(
    (response) => response.status === 200,
    () => false,
  );
  if (!confirmed) return openInbox(url);
  await self.registration.showNotification(CONFIRMED_TITLE, {
    body: CONFIRMED_BODY,
    tag: `showing-${showingId}`,
    data: { url },
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
  });
}

/** Focuses an open inbox window and shows the url there, else opens one. */
async function openInbox(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const scope = new URL(self.registration.scope);
  const inbox = windows.find((w) => new URL(w.url).origin === scope.origin && new URL(w.url).pathname.startsWith(scope.pathname));
  if (inbox) {
    const focused = await inbox.focus();
    // navigate() refuses a window this worker does not control (clients.claim() makes that rare): then a new one.
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}
