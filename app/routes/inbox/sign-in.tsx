/**
 * /inbox/sign-in: e-mail and password, or a passkey. Failed attempts are throttled per account
 * and per address (429 with a clear message) and every attempt is recorded.
 */
import { useEffect, useState } from "react";
import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { Notice, inboxMeta } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { MAX_PASSWORD_LENGTH, SIGN_IN_MESSAGES, safeNextPath } from "~/lib/inbox";
import { checkPassword, recordSignIn } from "~/lib/server/inbox/accounts.server";
import { currentSession } from "~/lib/server/inbox/guard.server";
import { createSession, sessionCookie } from "~/lib/server/inbox/sessions.server";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => inboxMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  if (await currentSession(request, context)) throw redirect(next);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, throttle, secureCookies } = context.inbox;
  const form = await request.formData().catch(() => new FormData());
  const email = String(form.get("email") ?? "").trim().slice(0, 320);
  const password = String(form.get("password") ?? "").slice(0, MAX_PASSWORD_LENGTH);
  const next = safeNextPath(String(form.get("next") ?? ""));
  const from = { address: context.clientIp, userAgent: request.headers.get("user-agent") };
  if (!email || !password) return data({ error: "Enter your e-mail and password.", email }, { status: 400 });

  const allowed = await throttle.check(email, from.address);
  if (!allowed.allowed) {
    await recordSignIn(db, { userId: null, email, method: "password", ok: false, reason: "throttled", ...from });
    return data({ error: SIGN_IN_MESSAGES.throttled, email }, { status: 429, headers: { "Retry-After": String(allowed.retryAfterSeconds) } });
  }
  const account = await checkPassword(db, email, password);
  if (!account) {
    await throttle.failed(email, from.address);
    await recordSignIn(db, { userId: null, email, method: "password", ok: false, reason: "password", ...from });
    return data({ error: SIGN_IN_MESSAGES.wrong, email }, { status: 401 });
  }
  await throttle.succeeded(email);
  const session = await createSession(db, account.id, from);
  await recordSignIn(db, { userId: account.id, email: account.email, method: "password", ok: true, ...from });
  throw redirect(next, { headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, secureCookies) } });
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
        {actionData?.error && <Notice tone="error">{actionData.error}</Notice>}
      </div>
      <PasskeySignIn next={next} />
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField id="sign-in-email" name="email" type="email" label="E-mail" required autoComplete="username webauthn" defaultValue={actionData?.email} />
        <TextField id="sign-in-password" name="password" type="password" label="Password" required autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} />
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
