/**
 * /inbox/sign-in: e-mail and password, or a passkey. Each attempt is counted before the password
 * is checked (per account and per address, or per browser for one that has signed in before), so
 * a burst gets no more guesses than the limit; past it, 429 with Retry-After and the wait in
 * minutes. Attempts that reach the check are logged; throttled ones are only counted.
 */
import { useEffect, useState } from "react";
import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { Notice, inboxMeta } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { formError } from "~/lib/form-result";
import { MAX_PASSWORD_LENGTH, SIGN_IN_MESSAGES, safeNextPath } from "~/lib/inbox";
import { LIMITS } from "~/lib/schemas/limits";
import * as z from "zod/mini";
import { formText, normaliseEmail } from "~/lib/schemas/fields";
import { checkPassword, countThrottled, recordSignIn } from "~/lib/server/inbox/accounts.server";
import { deviceTokenFrom, knownDevice } from "~/lib/server/inbox/devices.server";
import { currentSession, retryAfterHeaders } from "~/lib/server/inbox/guard.server";
import { startSession } from "~/lib/server/inbox/start-session.server";
import { readForm } from "~/lib/server/http/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/sign-in";

/** A 429 keeps its Retry-After. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => inboxMeta("Sign in");

export function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  if (currentSession(context)) throw redirect(next);
  return null;
}

/** Checked in the action, for its one message: every field reads as "" when absent. */
const signInForm = z.object({
  email: formText(LIMITS.email),
  password: formText(MAX_PASSWORD_LENGTH, { trim: false }),
  next: formText(500),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { inbox, clientIp } = serverOf(context);
  const { db, throttle, secureCookies } = inbox;
  // formText fails only by refusing, which readForm throws (400): a form read is ok.
  const read = await readForm(request, signInForm);
  const { email: typed, password, next: nextField } = read.ok ? read.data : { email: "", password: "", next: "" };
  const email = normaliseEmail(typed);
  const next = safeNextPath(nextField);
  const from = { address: clientIp, userAgent: request.headers.get("user-agent") };
  if (!email || !password) return data(formError("Enter your e-mail and password.", { email: typed }), { status: 400 });

  const deviceToken = await deviceTokenFrom(request, secureCookies);
  const attempt = await throttle.password({ email, address: from.address, device: await knownDevice(db, deviceToken, email) });
  if (!attempt.allowed) {
    await countThrottled(db, "password");
    const error = SIGN_IN_MESSAGES.throttledFor(Math.ceil(attempt.retryAfterSeconds / 60));
    return data(formError(error, { email: typed }), { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } });
  }
  const account = await checkPassword(db, email, password);
  if (!account) {
    await recordSignIn(db, { userId: null, email, method: "password", ok: false, reason: "password", ...from });
    return data(formError(SIGN_IN_MESSAGES.wrong, { email: typed }), { status: 401 });
  }
  await attempt.succeeded();
  throw redirect(next, { headers: await startSession(db, account, { method: "password", from, secure: secureCookies, deviceToken }) });
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"));
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold">Sign in to the inbox</h1>
      <div className="mt-4 space-y-3">
        {params.has("signed-out") && <Notice tone="info">{SIGN_IN_MESSAGES.signedOut}</Notice>}
        {actionData?.status === "error" && <Notice tone="error">{actionData.message}</Notice>}
      </div>
      <PasskeySignIn next={next} />
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField
          id="sign-in-email"
          name="email"
          type="email"
          label="E-mail"
          required
          autoComplete="username webauthn"
          maxLength={LIMITS.email}
          defaultValue={actionData?.status === "error" ? actionData.values?.email : undefined}
        />
        <TextField
          id="sign-in-password"
          name="password"
          type="password"
          label="Password"
          required
          autoComplete="current-password"
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-ink-muted">No account? The inbox has no sign-up: ask the agent for a set-up link.</p>
    </div>
  );
}

/** Offered only where the browser supports passkeys (checked after hydration). */
function PasskeySignIn({ next }: { next: string }) {
  const [supported, setSupported] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === "function"), []);
  if (!supported) return null;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { signInWithPasskey, passkeyErrorMessage } = await import("~/components/inbox/passkeys.client");
      try {
        window.location.assign(await signInWithPasskey(next));
      } catch (e) {
        setError(passkeyErrorMessage(e, SIGN_IN_MESSAGES.passkeyFailed));
        setBusy(false);
      }
    } catch {
      setError(SIGN_IN_MESSAGES.passkeyFailed);
      setBusy(false);
    }
  };
  return (
    <div className="mt-6 space-y-3">
      <Button type="button" variant="secondary" className="w-full" onClick={start} disabled={busy}>
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      {error && <Notice tone="error">{error}</Notice>}
      <p className="text-center text-sm text-ink-muted">or with your e-mail and password</p>
    </div>
  );
}
