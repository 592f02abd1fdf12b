/**
 * POST /alerts: "Save this search" and "Watch this home" from any page (issue 32). The visitor's
 * form quota, the body read and checked (readForm), a filled honeypot answered as a success, the
 * consent box required (unticked: a message beside it and nothing stored), then signUp: a pending
 * subscription and its confirmation mail. A suppressed address gets the very same "Check your
 * e-mail" answer as any other, so the page never tells whether an address is known.
 */
import { type RouterContextProvider, data } from "react-router";
import * as z from "zod/mini";
import type { AlertSignUpField, AlertSignUpForm } from "~/lib/alert-values";
import { rateLimitMessage } from "~/content/form-messages";
import { parseAlertCriteria } from "~/lib/alert-criteria";
import { alertConsentText } from "~/lib/alert-consent";
import { ALERT_FREQUENCIES, ALERT_KINDS, type AlertKind } from "~/lib/alert-values";
import { type FormValues, readForm, refusalStatus } from "~/lib/server/http/request-body.server";
import { emailField, formFields, isHoneypotFilled, isStorableText, normaliseEmail, optionalText, publicForm, refuse } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/limits";
import { signUp } from "~/lib/server/alerts/subscriptions.server";
import { formQuotaContext, serverOf } from "~/router-context";
import { PRIVATE_HEADERS, alertsOf } from "./link-pages.server";
import { ALERT_FORM_NAMES, searchSignUpForm, watchSignUpForm } from "./sign-up-form.server";

export type SignUpAnswer =
  | { state: "form"; form: AlertSignUpForm; values: Record<"email" | "name" | "frequency", string>; errors: Partial<Record<AlertSignUpField, string>> }
  | { state: "sent" }
  | { state: "refused"; title: string; message: string };

export const CONSENT_MESSAGE = "Please tick the box to agree to these e-mails: nothing is sent without your consent.";
const STALE_CONSENT_MESSAGE = "The wording of this box has changed since the page was opened. Please read it and tick it again.";

const FIELDS = ["kind", "email", "name", "frequency", "consent", "consentVersion", "form", "listingKey"] as const;
const schema = publicForm(
  FIELDS,
  z.object({
    kind: z.enum(ALERT_KINDS),
    email: emailField,
    name: optionalText(LIMITS.name).check(refuse(isStorableText, "The form contained characters that cannot be saved.")),
    frequency: z.enum(ALERT_FREQUENCIES, "Please choose how often to get these e-mails."),
    consent: z.literal("yes", CONSENT_MESSAGE),
    consentVersion: z.string(),
    form: z.string(),
    listingKey: z.string(),
  }),
);

/** A ListingKey as the listing pages read them (digits or letters), of a sane length. */
const LISTING_KEY = /^[A-Za-z0-9_]{1,64}$/;

const answer = (body: SignUpAnswer, status = 200, headers: Record<string, string> = {}) => data(body, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
const refused = (status: number, message: string, title = "We could not save this") => answer({ state: "refused", title, message }, status);
const unreadable = () => refused(400, "This form could not be read. Please go back to the page and try again.");

/** The form to show again: the same kind and criteria (read again from the post), the current consent text. */
function formAgain(kind: AlertKind, values: FormValues, posted: URLSearchParams): AlertSignUpForm | null {
  if (kind === "search") return searchSignUpForm(parseAlertCriteria(posted));
  const key = values.listingKey ?? "";
  return LISTING_KEY.test(key) ? watchSignUpForm(key) : null;
}

/** The post's text fields with every value (a search's `city` repeats), for the criteria. */
async function postedParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  for (const [name, value] of (await request.formData()).entries()) if (typeof value === "string") params.append(name, value);
  return params;
}

export async function answerSignUp(request: Request, context: Readonly<RouterContextProvider>) {
  const alerts = alertsOf(context);
  if (!alerts) return refused(404, "Listing alerts are not available right now.", "Listing alerts are not available");
  const quota = context.get(formQuotaContext);
  // No quota counted means the route lacks its middleware: refuse rather than let a flood through.
  if (!quota) {
    console.error("[alerts] /alerts: no form quota was counted; the route must declare middleware = [formQuota]");
    return refused(503, "Something went wrong. Please try again in a moment.");
  }
  if (!quota.allowed) return answer({ state: "refused", title: "Please wait a few minutes", message: rateLimitMessage }, 429, { "Retry-After": String(quota.retryAfterSeconds) });

  // The criteria's `city` may repeat; readForm keeps the first of each name, so the copy is read for them.
  const copy = request.clone();
  let read: Awaited<ReturnType<typeof readForm<typeof schema>>>;
  try {
    read = await readForm(request, schema);
  } catch (error) {
    const status = refusalStatus(error) ?? 400;
    const message = (error as { data?: unknown }).data;
    return refused(status, typeof message === "string" ? message : "This form could not be read.");
  }
  // A filled honeypot is a bot: answer as if it worked and store nothing.
  if (isHoneypotFilled(read.values)) return answer({ state: "sent" });

  const kind = ALERT_KINDS.find((k) => k === read.values.kind);
  if (!kind || read.values.form !== ALERT_FORM_NAMES[kind]) return unreadable();
  const posted = await postedParams(copy);
  const form = formAgain(kind, read.values, posted);
  if (!form) return unreadable();

  const typed = formFields(read.values, ["email", "name", "frequency"]);
  const values = { email: typed.email.slice(0, LIMITS.email * 2), name: typed.name.slice(0, LIMITS.name * 2), frequency: typed.frequency };
  const errors: Partial<Record<AlertSignUpField, string>> = read.ok ? {} : { ...read.fieldErrors };
  // A consent given to a wording this site never showed is no consent: the box is asked again.
  if (read.ok && alertConsentText(kind, read.data.consentVersion) === null) errors.consent = STALE_CONSENT_MESSAGE;
  if (!read.ok || Object.keys(errors).length) return answer({ state: "form", form, values, errors }, 400);

  const input = read.data;
  const { clientIp } = serverOf(context);
  try {
    const { result } = await signUp(
      alerts,
      {
        kind,
        email: normaliseEmail(input.email),
        name: input.name || null,
        criteria: kind === "search" ? parseAlertCriteria(posted) : {},
        listingKey: kind === "watch" ? input.listingKey : null,
        frequency: input.frequency,
        form: ALERT_FORM_NAMES[kind],
        consentVersion: input.consentVersion,
        address: clientIp || null,
        userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
      },
      new Date(),
    );
    if (result === "bad-version") return answer({ state: "form", form, values, errors: { consent: STALE_CONSENT_MESSAGE } }, 400);
    if (result === "unknown-home") return refused(400, "This home is no longer on the market, so it cannot be watched. Similar homes are on the search page.", "This home cannot be watched");
    // "confirm-sent" and "suppressed" alike: the answer never tells whether the address is known.
    return answer({ state: "sent" });
  } catch (error) {
    console.error(`[alerts] a sign-up was not stored: ${error instanceof Error ? error.message : String(error)}`);
    return refused(503, "Something went wrong on our side and nothing was saved. Please try again in a moment.");
  }
}
