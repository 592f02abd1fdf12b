/**
 * Sends one push (RFC 8030) to a push service. `web-push` does the parts that must be exactly
 * right (the VAPID JWT of RFC 8292, the aes128gcm payload encryption of RFC 8291); the request
 * itself is sent here, so the connection goes through the checked lookup (public addresses only,
 * platform/net/public-address.ts), carries the job's abort signal and a timeout, and may use plain
 * http for a test-listed local service (TEST_ONLY's pushLocalHosts: the tests' stand-in). It never
 * throws: whatever goes wrong with one subscription is an outcome for that push alone.
 */
import http from "node:http";
import https from "node:https";
import webpush from "web-push";
import type { MediaHost } from "../../../../platform/config";
import { type Resolve, checkedLookup, isListedHost, systemResolve } from "../../../../platform/net/public-address";
import type { Subscription } from "./devices.server";
import { subscriptionKeysProblem } from "./subscription-keys.server";
import type { VapidKeys } from "./vapid.server";

/** How long a push service may keep a message for an offline device: a lead older than a day is in the reminder and the inbox anyway. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 15_000;

export type PushOutcome =
  | { ok: true }
  /** The subscription is gone for good (404, 410): forget the device. */
  | { ok: false; gone: true; reason: string }
  /** Try again later (429, 5xx, a network failure); `retryAfterMs` from the service's Retry-After. */
  | { ok: false; gone: false; permanent: boolean; reason: string; retryAfterMs?: number };

export interface PushSenderOptions {
  keys: VapidKeys;
  /** VAPID `sub`: mailto: or https: contact of the operator. */
  subject: string;
  localHosts: readonly MediaHost[];
  resolve?: Resolve;
  /** Certificates a local push service may present beyond the system's (an in-process test's stand-in; a server process takes NODE_EXTRA_CA_CERTS). */
  localCa?: string;
}

export function createPushSender(options: PushSenderOptions) {
  const agentOptions = { keepAlive: true, maxSockets: 4, timeout: TIMEOUT_MS };
  const publicAgent = new https.Agent({ ...agentOptions, lookup: checkedLookup(options.resolve ?? systemResolve) });
  const local = {
    "http:": new http.Agent(agentOptions),
    "https:": new https.Agent({ ...agentOptions, ...(options.localCa ? { ca: options.localCa } : {}) }),
  };

  async function send(subscription: Subscription, payload: string, signal?: AbortSignal): Promise<PushOutcome> {
    // A subscription that can never be sent to fails at once, as a refusal: no exception reaches the job.
    const keysProblem = subscriptionKeysProblem(subscription);
    if (keysProblem) return { ok: false, gone: false, permanent: true, reason: keysProblem };
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    let url: URL;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: "high",
        },
      );
      url = new URL(details.endpoint);
    } catch (error) {
      // Encrypting and signing depend only on this subscription and the keys: the next attempt would throw the same.
      return { ok: false, gone: false, permanent: true, reason: `the push could not be prepared: ${(error as Error).message}` };
    }
    const isLocal = isListedHost(url, options.localHosts);
    // Stored before the rules of endpoint.server.ts held (or by hand): such a device can never be reached.
    if (!isLocal && url.protocol !== "https:") return { ok: false, gone: true, reason: "the endpoint is not https" };
    if (!isLocal && url.port !== "") return { ok: false, gone: true, reason: "the endpoint is not on port 443" };
    const agent = isLocal ? local[url.protocol as "http:" | "https:"] : publicAgent;
    const client = url.protocol === "https:" ? https : http;
    try {
      const { status, retryAfter, body } = await new Promise<{ status: number; retryAfter: string | undefined; body: string }>(
        (resolve, reject) => {
          const request = client.request(
            url,
            { method: details.method, headers: details.headers as http.OutgoingHttpHeaders, agent, signal, timeout: TIMEOUT_MS },
            (response) => {
              let text = "";
              response.setEncoding("utf8");
              response.on("data", (chunk: string) => (text = (text + chunk).slice(0, 500)));
              response.on("end", () =>
                resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], body: text }),
              );
              response.on("error", reject);
            },
          );
          request.on("timeout", () => request.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
          request.on("error", reject);
          request.end(details.body ?? undefined);
        },
      );
      if (status >= 200 && status < 300) return { ok: true };
      const reason = `the push service answered ${status}${body ? `: ${body.replace(/\s+/g, " ").trim()}` : ""}`;
      if (status === 404 || status === 410) return { ok: false, gone: true, reason };
      const retryAfterMs = retryAfterOf(retryAfter);
      // 429 and 5xx pass; any other refusal (400 bad request, 401/403 a key the service does not accept, 413 too big) will not change by waiting.
      return { ok: false, gone: false, permanent: !(status === 429 || status >= 500), reason, retryAfterMs };
    } catch (error) {
      return { ok: false, gone: false, permanent: false, reason: (error as Error).message };
    }
  }

  return {
    send,
    close() {
      publicAgent.destroy();
      local["http:"].destroy();
      local["https:"].destroy();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
function retryAfterOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
