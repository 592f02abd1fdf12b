/**
 * POST /alerts: "Save this search" and "Watch this home" from any page (issue 32), through the
 * public forms' one pipeline (answerFormPost): the visitor's form quota, the body read and checked,
 * a filled honeypot answered as a success, the consent box required (unticked: a message beside it
 * and nothing stored), then signUp: a pending subscription and its confirmation mail. A suppressed
 * address gets the very same "Check your e-mail" answer as any other, so the page never tells
 * whether an address is known (decisions 041, 042).
 */
import { type RouterContextProvider, data } from "react-router";
import * as z from "zod/mini";
import type { AlertSignUpField, AlertSignUpForm } from "~/lib/alert-values";
import { parseAlertCriteria } from "~/lib/alert-criteria";
import { alertConsentText } from "~/lib/alert-consent";
import { ALERT_FREQUENCIES, ALERT_KINDS, type AlertKind, CHOSEN_FREQUENCIES, fixedFrequency } from "~/lib/alert-values";
import type { FormResult } from "~/lib/form-result";
import type { FormValues } from "~/lib/server/http/request-body.server";
import { emailField, isStorableText, normaliseEmail, optionalText, refuse } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/limits";
import { signUp } from "~/lib/server/alerts/subscriptions.server";
import { answerFormPost } from "~/lib/server/leads/form-post.server";
import { serverOf } from "~/router-context";
import { PRIVATE_HEADERS, alertsOf } from "./link-pages.server";
import { ACCOUNT } from "../assessments/home-value.server";
import { ALERT_FORM_NAMES, homeReportSignUpForm, searchSignUpForm, watchSignUpForm } from "./sign-up-form.server";

export const CONSENT_MESSAGE = "Please tick the box to agree to these e-mails: nothing is sent without your consent.";
const STALE_CONSENT_MESSAGE = "The wording of this box has changed since the page was opened. Please read it and tick it again.";

const FIELDS = ["kind", "email", "name", "frequency", "consent", "consentVersion", "form", "listingKey"] as const;
const signUpSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  email: emailField,
  name: optionalText(LIMITS.name).check(refuse(isStorableText, "The form contained characters that cannot be saved.")),
  frequency: z.enum(ALERT_FREQUENCIES, "Please choose how often to get these e-mails."),
  consent: z.literal("yes", CONSENT_MESSAGE),
  consentVersion: z.string(),
  form: z.string(),
  listingKey: z.string(),
});

/** A ListingKey as the listing pages read them (digits or letters), of a sane length. */
const LISTING_KEY = /^[A-Za-z0-9_]{1,64}$/;

/** What /alerts answers: the public forms' one shape, with the form's description to show it again. */
export type SignUpAnswer = FormResult<AlertSignUpField | (typeof FIELDS)[number], AlertSignUpForm>;

const UNREADABLE = "This form could not be read. Please go back to the page and try again.";

/** The form to show again: the same kind and criteria (read again from the post), the current consent text. */
function formAgain(kind: AlertKind, values: FormValues, posted: URLSearchParams): AlertSignUpForm | null {
  if (kind === "search") return searchSignUpForm(parseAlertCriteria(posted));
  const key = values.listingKey ?? "";
  if (kind === "home") return ACCOUNT.test(key) ? homeReportSignUpForm(key) : null;
  return LISTING_KEY.test(key) ? watchSignUpForm(key) : null;
}

/** The post's text fields with every value (a search's `city` repeats), for the criteria. */
async function postedParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  for (const [name, value] of (await request.formData()).entries()) if (typeof value === "string") params.append(name, value);
  return params;
}

const messages = {
  successTitle: "Check your e-mail",
  successDescription: "",
  errorTitle: "We could not save this",
  failure: "Something went wrong. Please try again in a moment.",
};

export async function answerSignUp(request: Request, context: Readonly<RouterContextProvider>) {
  const alerts = alertsOf(context);
  if (!alerts) {
    const off: SignUpAnswer = {
      status: "error",
      title: "Listing alerts are not available",
      message: "Listing alerts are not available right now.",
      values: null,
    };
    return data(off, { status: 404, headers: PRIVATE_HEADERS });
  }
  // The criteria and the page's form are the same for every step past the check.
  let posted = new URLSearchParams();
  return answerFormPost({
    request,
    context,
    messages,
    fields: FIELDS,
    schema: signUpSchema,
    headers: PRIVATE_HEADERS,
    shown: ["email", "name", "frequency"],
    refusals: { title: messages.errorTitle, rateLimitedTitle: "Please wait a few minutes" },
    async check(read, copy) {
      // readForm keeps the first of each name; the criteria's `city` may repeat, so they are read from the copy.
      const kind = ALERT_KINDS.find((k) => k === read.values.kind);
      if (!kind || read.values.form !== ALERT_FORM_NAMES[kind]) return { refuse: UNREADABLE };
      posted = await postedParams(copy);
      const form = formAgain(kind, read.values, posted);
      if (!form) return { refuse: UNREADABLE };
      // The home report is monthly and only it (its form posts it hidden): anything else was not this form's.
      const fixed = fixedFrequency(kind);
      if (fixed && read.values.frequency !== fixed) return { refuse: UNREADABLE };
      const unchosen = !fixed && read.ok && !(CHOSEN_FREQUENCIES as readonly string[]).includes(read.data.frequency);
      // A consent given to a wording this site never showed is no consent: the box is asked again.
      const stale = read.ok && alertConsentText(kind, read.data.consentVersion) === null;
      return {
        again: form,
        fieldErrors: {
          ...(stale ? { consent: STALE_CONSENT_MESSAGE } : {}),
          ...(unchosen ? { frequency: "Please choose how often to get these e-mails." } : {}),
        },
      };
    },
    async store(input) {
      const { clientIp } = serverOf(context);
      try {
        const { result } = await signUp(
          alerts,
          {
            kind: input.kind,
            email: normaliseEmail(input.email),
            name: input.name || null,
            criteria: input.kind === "search" ? parseAlertCriteria(posted) : {},
            listingKey: input.kind === "search" ? null : input.listingKey,
            frequency: input.frequency,
            form: ALERT_FORM_NAMES[input.kind],
            consentVersion: input.consentVersion,
            address: clientIp || null,
            userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
          },
          new Date(),
        );
        if (result === "bad-version") return { ok: false, fieldErrors: { consent: STALE_CONSENT_MESSAGE } };
        if (result === "unknown-home" && input.kind === "home") {
          return {
            ok: false,
            status: 400,
            title: "This home has no report",
            message: "The City's assessment roll has no home at this address, so there is nothing to report on.",
          };
        }
        if (result === "unknown-home") {
          return {
            ok: false,
            status: 400,
            title: "This home cannot be watched",
            message: "This home is no longer on the market, so it cannot be watched. Similar homes are on the search page.",
          };
        }
        // "confirm-sent" and "suppressed" alike: the answer never tells whether the address is known.
        return { ok: true };
      } catch (error) {
        console.error(`[alerts] a sign-up was not stored: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, message: "Something went wrong on our side and nothing was saved. Please try again in a moment." };
      }
    },
  });
}
