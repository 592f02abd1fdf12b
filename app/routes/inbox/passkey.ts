/**
 * POST /inbox/passkey (JSON): the server's half of the passkey ceremonies.
 *   sign-in-options, sign-in   anyone (a passkey is the proof); challenges and attempts are
 *                              counted per address (or per browser that has signed in before)
 *   register-options, register the signed-in account only
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { data, redirect } from "react-router";
import { SIGN_IN_MESSAGES, safeNextPath } from "~/lib/inbox";
import { countThrottled, recordSignIn } from "~/lib/server/inbox/accounts.server";
import { deviceTokenFrom, knownDevice } from "~/lib/server/inbox/devices.server";
import { requireSession } from "~/lib/server/inbox/guard.server";
import { registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "~/lib/server/inbox/passkeys.server";
import { startSession } from "~/lib/server/inbox/start-session.server";
import * as z from "zod/mini";
import { readJson } from "~/lib/server/http/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/passkey";

export function loader() {
  throw redirect("/inbox");
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The ceremonies' requests, one per intent. A browser's response is checked by
 * @simplewebauthn/server itself; here only that it is an object (anything else fails the ceremony).
 */
const passkeyRequests = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-in-options") }),
  z.object({ intent: z.literal("sign-in"), response: z.optional(z.unknown()), next: z.optional(z.unknown()) }),
  z.object({ intent: z.literal("register-options") }),
  z.object({ intent: z.literal("register"), response: z.optional(z.unknown()) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { inbox, clientIp } = serverOf(context);
  const { db, rp, throttle, secureCookies } = inbox;
  const read = await readJson(request, passkeyRequests);
  if (!read.ok) return data({ message: "Unknown request." }, { status: 400 });
  const body = read.data;
  const from = { address: clientIp, userAgent: request.headers.get("user-agent") };
  const deviceToken = await deviceTokenFrom(request, secureCookies);
  const tooMany = (retryAfterSeconds: number) =>
    data(
      { message: SIGN_IN_MESSAGES.throttledFor(Math.ceil(retryAfterSeconds / 60)) },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );

  switch (body.intent) {
    case "sign-in-options": {
      const allowed = await throttle.challenge({ address: from.address, device: await knownDevice(db, deviceToken, null) });
      if (!allowed.allowed) return tooMany(allowed.retryAfterSeconds);
      return { options: await signInOptions(db, rp) };
    }
    case "sign-in": {
      const attempt = await throttle.passkey({ address: from.address, device: await knownDevice(db, deviceToken, null) });
      if (!attempt.allowed) {
        await countThrottled(db, "passkey");
        return tooMany(attempt.retryAfterSeconds);
      }
      const account = isObject(body.response)
        ? await verifyPasskeySignIn(db, rp, body.response as unknown as AuthenticationResponseJSON)
        : null;
      if (!account) {
        await recordSignIn(db, { userId: null, email: null, method: "passkey", ok: false, reason: "passkey", ...from });
        return data({ message: SIGN_IN_MESSAGES.passkeyFailed }, { status: 401 });
      }
      await attempt.succeeded();
      const headers = await startSession(db, account, { method: "passkey", from, secure: secureCookies, deviceToken });
      return data({ next: safeNextPath(typeof body.next === "string" ? body.next : null) }, { headers });
    }
    case "register-options": {
      const { account } = requireSession(context);
      return { options: await registrationOptions(db, rp, account) };
    }
    case "register": {
      const { account } = requireSession(context);
      const ok = isObject(body.response)
        ? await registerPasskey(db, rp, account, body.response as unknown as RegistrationResponseJSON)
        : false;
      return ok ? { ok: true } : data({ message: "The passkey could not be verified; nothing was saved." }, { status: 400 });
    }
  }
}
