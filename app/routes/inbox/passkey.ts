/**
 * POST /inbox/passkey (JSON): the server's half of the passkey ceremonies.
 *   sign-in-options, sign-in   anyone (a passkey is the proof); failures count per address
 *   register-options, register the signed-in account only
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { data, redirect } from "react-router";
import { SIGN_IN_MESSAGES, safeNextPath } from "~/lib/inbox";
import { recordSignIn } from "~/lib/server/inbox/accounts.server";
import { requireSession } from "~/lib/server/inbox/guard.server";
import { registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "~/lib/server/inbox/passkeys.server";
import { createSession, sessionCookie } from "~/lib/server/inbox/sessions.server";
import type { Route } from "./+types/passkey";

export function loader() {
  throw redirect("/inbox");
}

type Body = { intent?: string; response?: unknown; next?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, rp, throttle } = context.inbox;
  let body: Body;
  try {
    body = (await request.json()) as Body;
  } catch {
    return data({ message: "The request could not be read." }, { status: 400 });
  }
  const from = { address: context.clientIp, userAgent: request.headers.get("user-agent") };

  switch (body.intent) {
    case "sign-in-options":
      return { options: await signInOptions(db, rp) };
    case "sign-in": {
      const allowed = await throttle.checkAddress(from.address);
      if (!allowed.allowed) {
        await recordSignIn(db, { userId: null, email: null, method: "passkey", ok: false, reason: "throttled", ...from });
        return data({ message: SIGN_IN_MESSAGES.throttled }, { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } });
      }
      const account = body.response ? await verifyPasskeySignIn(db, rp, body.response as AuthenticationResponseJSON) : null;
      if (!account) {
        await throttle.failedFromAddress(from.address);
        await recordSignIn(db, { userId: null, email: null, method: "passkey", ok: false, reason: "passkey", ...from });
        return data({ message: SIGN_IN_MESSAGES.passkeyFailed }, { status: 401 });
      }
      const session = await createSession(db, account.id, from);
      await recordSignIn(db, { userId: account.id, email: account.email, method: "passkey", ok: true, ...from });
      return data({ next: safeNextPath(body.next) }, { headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, context.inbox.secureCookies) } });
    }
    case "register-options": {
      const { account } = await requireSession(request, context);
      return { options: await registrationOptions(db, rp, account) };
    }
    case "register": {
      const { account } = await requireSession(request, context);
      const ok = body.response ? await registerPasskey(db, rp, account, body.response as RegistrationResponseJSON) : false;
      return ok ? { ok: true } : data({ message: "The passkey could not be verified; nothing was saved." }, { status: 400 });
    }
    default:
      return data({ message: "Unknown request." }, { status: 400 });
  }
}
