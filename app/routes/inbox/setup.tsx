/**
 * /inbox/setup/:token, the one-time set-up link: name, e-mail and a password create an account
 * and sign it in; the Account page then offers a passkey where the browser supports one.
 * A used or expired link answers 410 and says what to do.
 */
import { Form, data, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";
import { Notice, inboxMeta } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { checkFieldsMessage } from "~/content/form-messages";
import { type FormResult, formError } from "~/lib/form-result";
import { INVITE_TTL_HOURS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "~/lib/inbox";
import { type FieldErrors, formText } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/limits";
import { createAccountFromInvite, findInvite, passwordProblem } from "~/lib/server/inbox/accounts.server";
import { startSession } from "~/lib/server/inbox/start-session.server";
import { readForm } from "~/lib/server/http/request-body.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => inboxMeta("Set up your account");

const OTHER_EMAIL = "This set-up link was made for another e-mail address. Use that address, or ask for a link for this one.";

const USED_OR_EXPIRED = `This set-up link has already been used or is more than ${INVITE_TTL_HOURS} hours old. Ask for a new one (a signed-in person can make one on the Account page, or run npm run inbox -- invite on the server).`;

/** Each field is read as any inbox field (refused past 1,000 characters or with NUL), then checked for its messages. */
const accountForm = z.object({
  name: z.pipe(formText(1000), z.string().check(z.minLength(1, "Enter your name."), z.maxLength(100, "Use at most 100 characters."))),
  // One message for a malformed address and a long one, as the page always said.
  email: z.pipe(formText(1000), z.email("Enter a valid e-mail address.").check(z.maxLength(LIMITS.email, "Enter a valid e-mail address."))),
  password: z.pipe(
    formText(1000, { trim: false }),
    z.string().check(z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`)),
  ),
});

type SetUpField = keyof z.infer<typeof accountForm>;
/** The action's answer; the password never goes back into its field. */
type SetUpResult = FormResult<SetUpField>;
const refuse = (message: string, values: Record<SetUpField, string>, status: number) =>
  data<SetUpResult>(formError(message, values), { status });

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
  if (!invite) return refuse(USED_OR_EXPIRED, { name: "", email: "", password: "" }, 410);
  const read = await readForm(request, accountForm);
  // What was typed goes back into the form (trimmed, as it is read); the password never does.
  const values = read.ok
    ? { name: read.data.name, email: read.data.email, password: "" }
    : { name: read.values.name?.trim() ?? "", email: read.values.email?.trim() ?? "", password: "" };
  const password = read.ok ? read.data.password : (read.values.password ?? "");
  const fieldErrors: FieldErrors<SetUpField> = read.ok ? {} : { ...read.fieldErrors };
  const weak = fieldErrors.password ? null : await passwordProblem(password);
  if (weak) fieldErrors.password = weak;
  // The page shows the fields' messages only; `message` is the one every form's refusal carries.
  if (!read.ok || weak) return data<SetUpResult>({ status: "invalid", message: checkFieldsMessage, fieldErrors, values }, { status: 400 });
  const created = await createAccountFromInvite(db, params.token, read.data);
  if (!created.ok) {
    const message = {
      invite: USED_OR_EXPIRED,
      taken: "An account with that e-mail already exists. Sign in instead, or use another address.",
      "other-email": OTHER_EMAIL,
    }[created.reason];
    return refuse(message, values, created.reason === "invite" ? 410 : 409);
  }
  const from = { address: clientIp, userAgent: request.headers.get("user-agent") };
  throw redirect("/inbox/account?welcome", {
    headers: await startSession(db, created.account, { method: "setup", from, secure: secureCookies, deviceToken: null }),
  });
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
  const errors: FieldErrors<SetUpField> = actionData?.status === "invalid" ? actionData.fieldErrors : {};
  const refusal = actionData?.status === "error" ? actionData.message : null;
  // What was typed, back in its field (never the password).
  const typed = actionData && actionData.status !== "success" ? actionData.values : null;
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">Set up your inbox account</h1>
      <p className="mt-2 text-ink-muted">
        This link works once. You will sign in with this e-mail and password, and you can add a passkey next.
      </p>
      {refusal && (
        <div className="mt-4">
          <Notice tone="error">{refusal}</Notice>
        </div>
      )}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <TextField
          id="setup-name"
          name="name"
          label="Your name"
          required
          autoComplete="name"
          maxLength={100}
          defaultValue={typed?.name}
          error={errors.name}
          autoFocus={Boolean(errors.name)}
        />
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
          defaultValue={loaderData.email ?? typed?.email ?? ""}
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
