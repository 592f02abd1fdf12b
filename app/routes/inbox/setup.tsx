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
import { INVITE_TTL_HOURS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "~/lib/inbox";
import { LIMITS } from "~/lib/schemas/limits";
import { createAccountFromInvite, findInvite, passwordProblem } from "~/lib/server/inbox/accounts.server";
import { startSession } from "~/lib/server/inbox/start-session.server";
import { readForm, textField } from "~/lib/server/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => inboxMeta("Set up your account");

const OTHER_EMAIL = "This set-up link was made for another e-mail address. Use that address, or ask for a link for this one.";

const USED_OR_EXPIRED = `This set-up link has already been used or is more than ${INVITE_TTL_HOURS} hours old. Ask for a new one (a signed-in person can make one on the Account page, or run npm run inbox -- invite on the server).`;

const accountForm = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.email("Enter a valid e-mail address.").max(LIMITS.email),
  password: z.string().max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const invite = await findInvite(serverOf(context).inbox.db, params.token);
  if (!invite) return data({ valid: false as const, email: null }, { status: 410 });
  return { valid: true as const, email: invite.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { inbox, clientIp } = serverOf(context);
  const { db, secureCookies } = inbox;
  // The link first: a dead one costs no password hashing.
  const invite = await findInvite(db, params.token);
  if (!invite) return data({ errors: {} as Record<string, string>, values: { name: "", email: "" }, message: USED_OR_EXPIRED }, { status: 410 });
  const form = await readForm(request);
  const values = { name: textField(form, "name", 1000), email: textField(form, "email", 1000) };
  const password = textField(form, "password", 1000, { trim: false });
  const parsed = accountForm.safeParse({ ...values, password });
  const errors = parsed.success ? {} : (Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as Record<string, string>);
  const weak = errors.password ? null : await passwordProblem(password);
  if (weak) errors.password = weak;
  if (!parsed.success || weak) return data({ errors, values, message: null }, { status: 400 });
  const created = await createAccountFromInvite(db, params.token, parsed.data);
  if (!created.ok) {
    const message = { invite: USED_OR_EXPIRED, taken: "An account with that e-mail already exists. Sign in instead, or use another address.", "other-email": OTHER_EMAIL }[created.reason];
    return data({ errors: {} as Record<string, string>, values, message }, { status: created.reason === "invite" ? 410 : 409 });
  }
  const from = { address: clientIp, userAgent: request.headers.get("user-agent") };
  throw redirect("/inbox/account?welcome", { headers: await startSession(db, created.account, { method: "setup", from, secure: secureCookies, deviceToken: null }) });
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
        <TextField
          id="setup-email"
          name="email"
          type="email"
          label="E-mail"
          required
          autoComplete="username"
          maxLength={LIMITS.email}
          readOnly={Boolean(loaderData.email)}
          hint={loaderData.email ? "This link was made for this address." : undefined}
          defaultValue={loaderData.email ?? actionData?.values.email ?? ""}
          error={errors.email}
          autoFocus={!errors.name && Boolean(errors.email)}
        />
        <TextField
          id="setup-password"
          name="password"
          type="password"
          label="Password"
          required
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          hint={PASSWORD_HINT}
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
