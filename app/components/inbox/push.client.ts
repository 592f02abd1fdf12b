/**
 * The browser's half of the inbox's Web Push: register the service worker (/inbox/sw.js, scope
 * /inbox), subscribe this browser with the server's VAPID key, and hand back what the server
 * stores. Loaded by the Account page only, when "Turn on notifications" is pressed; no public page
 * imports it or registers the worker.
 */
import { INBOX_PATH as SERVICE_WORKER_SCOPE, PUSH_BLOCKED_MESSAGE, base64UrlToBytes } from "~/lib/inbox-push";

/** The worker's address (routes/resources/inbox-sw.ts), inside its scope. */
const SERVICE_WORKER_URL = "/inbox/sw.js";

/** What the Account page's action stores for this browser (`intent=push-subscribe`). */
export interface PushKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The inbox's registration once its worker is active: subscribing before that fails in Chrome. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return navigator.serviceWorker.ready;
  await new Promise<void>((resolve, reject) => {
    const changed = () => {
      if (worker.state === "activated") resolve();
      else if (worker.state === "redundant") reject(new Error("The notification helper could not be installed."));
    };
    worker.addEventListener("statechange", changed);
    changed();
  });
  return registration;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * Subscribes this browser (permission must already be granted). A subscription made with another
 * server key (the VAPID keys were replaced) cannot be reused: it is dropped and made again.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushKeys> {
  const applicationServerKey = base64UrlToBytes(publicKey);
  const registration = await activeRegistration();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error("The browser gave no push address.");
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

/** Is this browser subscribed already? Looks without registering anything. */
export async function subscribedAlready(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return Boolean(registration && (await registration.pushManager.getSubscription()));
}

export function pushErrorMessage(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError") return PUSH_BLOCKED_MESSAGE;
  const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
  return `Notifications could not be turned on${detail}. Try again, or use another browser.`;
}
