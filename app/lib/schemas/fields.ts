/**
 * Field rules shared by every form: the contact and lead schemas (trimmed text with a cap,
 * e-mail, phone) and the inbox's (`formText`), and the one form of an e-mail address
 * (`normaliseEmail`). The browser's own checks (required, type=email, type=tel, maxLength) come
 * first; these messages are what a visitor sees when input got past them (no JavaScript, old
 * browser, a bot). The server reads every form and JSON body through `readForm`/`readJson`
 * (http/request-body.server.ts) with these schemas.
 */
// zod/mini: the same validation as zod with a tree-shakable API, a fraction of the script on the
// form pages (the schemas run in the browser too).
import * as z from "zod/mini";
import { HONEYPOT_FIELD, LIMITS } from "./limits";

/**
 * The one form of an e-mail address wherever one is compared or stored (accounts, set-up links,
 * sign-ins, the inbox's people): trimmed, lower case, at most LIMITS.email (254) characters, the
 * practical limit of an address in an RFC 5321 path.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, LIMITS.email);
}

/** NUL (PostgreSQL refuses it in text) or a UTF-16 code unit that is half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A check whose failure is not a mistake for the person to correct but input no form of ours
 * sends: readForm and readJson answer it with 400 and its message instead of field messages.
 */
export function refuse(test: (value: string) => boolean, message: string) {
  return z.refine<string>(test, { error: message, params: { refusal: true } });
}

/** True for an issue made by `refuse`. */
export function isRefusal(issue: { code?: string; params?: unknown }): boolean {
  return issue.code === "custom" && (issue.params as { refusal?: unknown } | undefined)?.refusal === true;
}

/**
 * A text field as the inbox's actions read it: trimmed (a password is read with `{ trim: false }`:
 * its spaces are part of it); "" when absent. Text that cannot be stored, or longer than `max`
 * characters (code points, as PostgreSQL counts), is refused rather than silently changed: what
 * the agent typed is saved as typed or not at all.
 */
export function formText(max: number, { trim = true }: { trim?: boolean } = {}) {
  const checks = [
    refuse(isStorableText, "The form contained characters that cannot be saved."),
    refuse((value) => value.length <= max || [...value].length <= max, `A field of this form holds at most ${max} characters.`),
  ];
  return z._default(trim ? z.string().check(z.trim(), ...checks) : z.string().check(...checks), "");
}

const tooLong = (max: number) => `Please keep this under ${max} characters.`;

export function requiredText(max: number, emptyMessage: string) {
  return z.string(emptyMessage).check(z.trim(), z.minLength(1, emptyMessage), z.maxLength(max, tooLong(max)));
}

export function optionalText(max: number) {
  return z.string().check(z.trim(), z.maxLength(max, tooLong(max)));
}

export const emailField = z.pipe(
  z
    .string("Please enter your email address.")
    .check(z.trim(), z.minLength(1, "Please enter your email address."), z.maxLength(LIMITS.email, tooLong(LIMITS.email))),
  z.email("Please enter a valid email address."),
);

/** Digits with the usual separators; at least 7 digits (a local number) and at most 15 (E.164). */
const PHONE_PATTERN = /^\+?[0-9\s().\-/]*(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;

export function isPlausiblePhone(value: string): boolean {
  const main = value.replace(/\s*(?:x|ext\.?)\s*[0-9]{1,6}$/i, "");
  const digits = main.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
}

export const requiredPhone = z
  .string("Please enter your phone number.")
  .check(
    z.trim(),
    z.minLength(1, "Please enter your phone number."),
    z.maxLength(LIMITS.phone, tooLong(LIMITS.phone)),
    z.refine(isPlausiblePhone, "Please enter a valid phone number."),
  );

export const optionalPhone = z.string().check(
  z.trim(),
  z.maxLength(LIMITS.phone, tooLong(LIMITS.phone)),
  z.refine((v) => v === "" || isPlausiblePhone(v), "Please enter a valid phone number."),
);

/**
 * Control characters other than tab and line breaks: nobody types them, and PostgreSQL refuses
 * NUL in text (the submission would fail as a database error). Found by the bad-input suite.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A form as the browser holds it, or its fields as readForm read them. */
export type FormInput = FormData | Readonly<Record<string, unknown>>;

const fieldOf = (form: FormInput, name: string): unknown =>
  form instanceof FormData ? form.get(name) : Object.hasOwn(form, name) ? form[name] : undefined;

/** Reads the named text fields of a submitted form, without control characters; a missing or non-text field reads as "". */
export function formFields<K extends string>(form: FormInput, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = fieldOf(form, name);
    out[name] = typeof value === "string" ? value.replace(CONTROL_CHARACTERS, "") : "";
  }
  return out;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed parse. */
export function fieldErrorsOf<K extends string>(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors<K> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out as FieldErrors<K>;
}

export type FormParse<K extends string, D> =
  { ok: true; data: D; values: Record<K, string> } | { ok: false; fieldErrors: FieldErrors<K>; values: Record<K, string> };

/**
 * Reads a form's fields and checks them against its schema, in the browser and on the server alike.
 * After a failure the values go back into the form: what was typed, never more than a page of it.
 */
export function parseFormFields<K extends string, D>(
  form: FormInput,
  names: readonly K[],
  schema: {
    safeParse(
      input: unknown,
    ): { success: true; data: D } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
  },
): FormParse<K, D> {
  const values = formFields(form, names);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, fieldErrors: fieldErrorsOf<K>(result.error), values: cappedValues(values, names) };
}

/** What goes back into a form after a failure: what was typed, never more than twice its field's limit (a message's for a field without one). */
export function cappedValues<K extends string>(values: Record<K, string>, names: readonly K[]): Record<K, string> {
  const limitOf = (k: string) => (k in LIMITS ? LIMITS[k as keyof typeof LIMITS] : LIMITS.message);
  return Object.fromEntries(names.map((k) => [k, values[k].slice(0, limitOf(k) * 2)])) as Record<K, string>;
}

/**
 * A public form's schema as readForm takes it: the named fields without control characters
 * (absent ones as ""), then `schema`, as parseFormFields checks them in the browser.
 */
export function publicForm<K extends string, D>(names: readonly K[], schema: z.ZodMiniType<D>): z.ZodMiniType<D> {
  // zod types a pipe's second half by the first's output; these fields are what the schema reads.
  const read = z.transform((input: unknown): unknown => formFields((input ?? {}) as Readonly<Record<string, unknown>>, names));
  return z.pipe(read, schema as z.ZodMiniType<D, unknown>) as z.ZodMiniType<D>;
}

/** True when the hidden field that people never see was filled in: a bot. */
export function isHoneypotFilled(form: FormInput): boolean {
  const value = fieldOf(form, HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
