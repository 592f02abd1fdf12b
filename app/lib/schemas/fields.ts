/**
 * Field rules shared by the contact and lead schemas: trimmed text with a cap, e-mail, phone.
 * The browser's own checks (required, type=email, type=tel, maxLength) come first; these
 * messages are what a visitor sees when input got past them (no JavaScript, old browser, a bot).
 */
// zod/mini: the same validation as zod with a tree-shakable API, a fraction of the script on the
// form pages (the schemas run in the browser too).
import * as z from "zod/mini";
import { HONEYPOT_FIELD, LIMITS } from "./limits";

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

export const optionalPhone = z
  .string()
  .check(z.trim(), z.maxLength(LIMITS.phone, tooLong(LIMITS.phone)), z.refine((v) => v === "" || isPlausiblePhone(v), "Please enter a valid phone number."));

/**
 * Control characters other than tab and line breaks: nobody types them, and PostgreSQL refuses
 * NUL in text (the submission would fail as a database error). Found by the bad-input suite.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Reads the named text fields of a submitted form, without control characters; a missing or non-text field reads as "". */
export function formFields<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value.replace(CONTROL_CHARACTERS, "") : "";
  }
  return out;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per field of a failed parse. */
export function fieldErrorsOf<K extends string>(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors<K> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !out[key]) out[key] = issue.message;
  }
  return out as FieldErrors<K>;
}

export type FormParse<K extends string, D> = { ok: true; data: D; values: Record<K, string> } | { ok: false; fieldErrors: FieldErrors<K>; values: Record<K, string> };

/**
 * Reads a form's fields and checks them against its schema, in the browser and on the server alike.
 * After a failure the values go back into the form: what was typed, never more than a page of it.
 */
export function parseFormFields<K extends string, D>(
  form: FormData,
  names: readonly K[],
  schema: { safeParse(input: unknown): { success: true; data: D } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } },
): FormParse<K, D> {
  const values = formFields(form, names);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const capped = Object.fromEntries(names.map((k) => [k, values[k].slice(0, LIMITS.message * 2)])) as Record<K, string>;
  return { ok: false, fieldErrors: fieldErrorsOf<K>(result.error), values: capped };
}

/** True when the hidden field that people never see was filled in: a bot. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
