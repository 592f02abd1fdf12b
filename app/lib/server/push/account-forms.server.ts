/**
 * The Account page's push forms: turn notifications on for this browser, send a device a test,
 * remove one, hide the details on the lock screen. Parsed with the page's other intents (one
 * discriminated union, app/routes/inbox/account.tsx) and answered here.
 */
import * as z from "zod/mini";
import { positiveId } from "~/lib/server/http/request-body.server";
import { formText } from "../../schemas/fields";
import type { InboxContext } from "../inbox/context.server";
import { browserName, endpointProblem, MAX_ENDPOINT_LENGTH } from "./endpoint.server";
import { PUSH_DEVICES_PER_ACCOUNT, removeDevice, saveDevice, setHideDetails } from "./devices.server";
import { isAuthSecret, isP256PublicKey } from "./subscription-keys.server";
import { queueTestPush } from "./messages.server";

export const pushForms = [
  z.object({ intent: z.literal("push-subscribe"), endpoint: formText(MAX_ENDPOINT_LENGTH), p256dh: formText(200), auth: formText(100) }),
  z.object({ intent: z.literal("push-test"), id: formText(20) }),
  z.object({ intent: z.literal("push-remove"), id: formText(20) }),
  z.object({ intent: z.literal("push-details"), hide: formText(10) }),
] as const;

export type PushForm = z.infer<(typeof pushForms)[number]>;
/** The HTTP status, and what was done or why nothing was. */
export type PushAnswer = { status: number } & ({ done: string } | { error: string });

export async function answerPushForm(
  form: PushForm,
  inbox: InboxContext,
  accountId: number,
  userAgent: string | null,
): Promise<PushAnswer> {
  const { db, push } = inbox;
  switch (form.intent) {
    case "push-subscribe": {
      // Every push is encrypted to these keys: a key off the curve would make each one fail, so it is never stored.
      if (!isP256PublicKey(form.p256dh) || !isAuthSecret(form.auth))
        return { status: 400, error: "The browser gave an invalid subscription. Try turning notifications on again." };
      const problem = await endpointProblem(form.endpoint, push.endpointRules);
      if (problem) return { status: 400, error: problem };
      const { replaced } = await saveDevice(
        db,
        accountId,
        { endpoint: form.endpoint, p256dh: form.p256dh.replace(/=+$/, ""), auth: form.auth.replace(/=+$/, "") },
        browserName(userAgent),
      );
      const madeRoom = replaced.length
        ? ` An account keeps ${PUSH_DEVICES_PER_ACCOUNT} devices, so the one reached least recently (${replaced.join(", ")}) no longer gets notifications.`
        : "";
      return { status: 200, done: `Notifications are on for this device. New leads will show here within seconds.${madeRoom}` };
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
      return {
        status: 200,
        done: hide ? "Notifications now say “New lead” only." : "Notifications now name the person and their message.",
      };
    }
  }
}
