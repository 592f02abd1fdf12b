/**
 * The Account page's push forms: turn notifications on for this browser, send a device a test,
 * remove one, hide the details on the lock screen. Parsed with the page's other intents (one
 * discriminated union, app/routes/inbox/account.tsx) and answered here.
 */
import * as z from "zod/mini";
import { positiveId } from "../../http/request-body.server";
import { formText } from "../../schemas/fields";
import type { InboxContext } from "../inbox/context.server";
import { browserName, endpointProblem, MAX_ENDPOINT_LENGTH } from "./endpoint.server";
import { removeDevice, saveDevice, setHideDetails } from "./devices.server";
import { queueTestPush } from "./messages.server";

export const pushForms = [
  z.object({ intent: z.literal("push-subscribe"), endpoint: formText(MAX_ENDPOINT_LENGTH), p256dh: formText(200), auth: formText(100) }),
  z.object({ intent: z.literal("push-test"), id: formText(20) }),
  z.object({ intent: z.literal("push-remove"), id: formText(20) }),
  z.object({ intent: z.literal("push-details"), hide: formText(10) }),
] as const;

export type PushForm = z.infer<(typeof pushForms)[number]>;
export type PushAnswer = { status: number; done?: string; error?: string };

/** The browser's P-256 public key: 65 bytes, an uncompressed point (0x04 first). */
function isP256PublicKey(value: string): boolean {
  if (!/^[A-Za-z0-9_-]{86,88}={0,2}$/.test(value)) return false;
  const bytes = Buffer.from(value, "base64url");
  return bytes.length === 65 && bytes[0] === 4;
}
/** The auth secret: 16 bytes. */
const isAuthSecret = (value: string) => /^[A-Za-z0-9_-]{22,24}={0,2}$/.test(value) && Buffer.from(value, "base64url").length === 16;

export async function answerPushForm(form: PushForm, inbox: InboxContext, accountId: number, userAgent: string | null): Promise<PushAnswer> {
  const { db, push } = inbox;
  switch (form.intent) {
    case "push-subscribe": {
      if (!isP256PublicKey(form.p256dh) || !isAuthSecret(form.auth)) return { status: 400, error: "The browser gave an invalid subscription. Try turning notifications on again." };
      const problem = await endpointProblem(form.endpoint, push.endpointRules);
      if (problem) return { status: 400, error: problem };
      await saveDevice(db, accountId, { endpoint: form.endpoint, p256dh: form.p256dh.replace(/=+$/, ""), auth: form.auth.replace(/=+$/, "") }, browserName(userAgent));
      return { status: 200, done: "Notifications are on for this device. New leads will show here within seconds." };
    }
    case "push-test": {
      const id = positiveId(form.id);
      if (id === null || !(await queueTestPush(db, accountId, id))) return { status: 404, error: "That device is no longer subscribed." };
      push.queued();
      return { status: 200, done: "A test notification is on its way." };
    }
    case "push-remove": {
      const id = positiveId(form.id);
      if (id === null || !(await removeDevice(db, accountId, id))) return { status: 404, error: "That device is no longer subscribed." };
      return { status: 200, done: "That device no longer gets notifications." };
    }
    case "push-details": {
      const hide = form.hide === "on";
      await setHideDetails(db, accountId, hide);
      return { status: 200, done: hide ? "Notifications now say “New lead” only." : "Notifications now name the person and their message." };
    }
  }
}
