/**
 * /inbox/setup/:token, the one-time set-up link: name, e-mail and a password create an account
 * and sign it in; the Account page then offers a passkey where the browser supports one.
 * A used or expired link answers 410 and says what to do.
 */
import { Form, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Notice, inboxMeta } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { INVITE_TTL_HOURS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/lib/inbox";
import { createAccountFromInvite, findInvite, recordSignIn } from "~/lib/server/inbox/accounts.server";
import { createSession, sessionCookie } from "~/lib/server/inbox/sessions.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => inboxMeta("Set up your account");

const USED_OR_EXPIRED = `This set-up link has already been used or is more than ${INVITE_TTL_HOURS} hours old. Ask for a new one (a signed-in person can make one on the Account page, or run npm run inbox -- invite on the server).`;

const accountForm = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.email("Enter a valid e-mail address.").max(320),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`).max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const invite = await findInvite(context.inbox.db, params.token);
  if (!invite) return data({ valid: false as const, email: null }, { status: 410 });
  return { valid: true as const, email: invite.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, secureCookies } = context.inbox;
  const form = Object.fromEntries(await request.formData().catch(() => new FormData()));
  const values = { name: String(form.name ?? ""), email: String(form.email ?? "").trim() };
  const parsed = accountForm.safeParse({ ...values, password: String(form.password ?? "") });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as Record<string, string>;
    return data({ errors, values, message: null }, { status: 400 });
  }
  const created = await createAccountFromInvite(db, params.token, parsed.data);
  if (!created.ok) {
    const message = created.reason === "invite" ? USED_OR_EXPIRED : "An account with that e-mail already exists. Sign in instead, or use another address.";
    return data({ errors: {} as Record<string, string>, values, message }, { status: created.reason === "invite" ? 410 : 409 });
  }
  const from = { address: context.clientIp, userAgent: request.headers.get("user-agent") };
  const session = await createSession(db, created.account.id, from);
  await recordSignIn(db, { userId: created.account.id, email: created.account.email, method: "setup", ok: true, ...from });
  throw redirect("/inbox/account?welcome", { headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, secureCookies) } });
}

export default function SetUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.valid) {
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold">This link no longer works</h1>
        <p className="mt-4">{USED_OR_EXPIRED}</p>
      </div>
    );
  }
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">Set up your inbox account</h1>
      <p className="mt-2 text-ink-muted">This link works once. You will sign in with this e-mail and password, and you can add a passkey next.</p>
      {actionData?.message && (
        <div className="mt-4">
          <Notice tone="error">{actionData.message}</Notice>
        </div>
      )}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <TextField id="setup-name" name="name" label="Your name" required autoComplete="name" maxLength={100} defaultValue={actionData?.values.name} error={errors.name} autoFocus={Boolean(errors.name)} />
        <TextField id="setup-email" name="email" type="email" label="E-mail" required autoComplete="username" maxLength={320} defaultValue={actionData?.values.email ?? loaderData.email ?? ""} error={errors.email} autoFocus={!errors.name && Boolean(errors.email)} />
        <TextField
          id="setup-password"
          name="password"
          type="password"
          label="Password"
          required
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
          error={errors.password}
          autoFocus={!errors.name && !errors.email && Boolean(errors.password)}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Creating your account..." : "Create my account"}
        </Button>
      </Form>
    </div>
  );
}
