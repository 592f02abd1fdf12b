/**
 * Reading an action's body, one helper per kind (form, JSON), for every action, public and inbox.
 * Whatever a client sends, the answer is a 4xx with a short text, never a 500: a wrong content
 * type (415), a body that does not parse or is not what the kind promises (400), a file where text
 * was expected (400), and text that PostgreSQL cannot store (NUL) or that is not well-formed
 * Unicode (a lone surrogate, possible in JSON's \u escapes).
 */
import { data } from "react-router";

/**
 * A refusal of bad input, thrown: React Router answers a thrown `data()` with its status (the
 * route's error boundary for a document, an error for a .data request), and never logs it as a failure.
 */
export function badRequest(status: 400 | 415, message: string) {
  return data(message, { status, headers: { "Cache-Control": "no-store" } });
}

/** The status of a refusal thrown by the helpers below, or null for any other error. */
export function refusalStatus(error: unknown): number | null {
  const init = (error as { type?: string; init?: ResponseInit | null } | null)?.init;
  return (error as { type?: string } | null)?.type === "DataWithResponseInit" && init?.status && init.status < 500 ? init.status : null;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** NUL (PostgreSQL refuses it in text) or a UTF-16 code unit that is half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is the point
const UNSTORABLE = /\u0000|\p{Cs}/u;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A submitted form: text fields only, each storable. Throws a 4xx refusal otherwise. */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.includes(mediaTypeOf(request))) throw badRequest(415, "Send this form as a web form.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest(400, "The form could not be read.");
  }
  for (const value of form.values()) {
    if (typeof value !== "string") throw badRequest(400, "This form takes no files.");
  }
  return form;
}

/**
 * A text field of a form read by readForm, trimmed (a password is read with `{ trim: false }`:
 * its spaces are part of it); "" when absent. Text that cannot be stored, or longer than `max`
 * characters (code points, as the schemas and PostgreSQL count), is refused rather than silently
 * changed: what the agent typed is saved as typed or not at all.
 */
export function textField(form: FormData, name: string, max: number, { trim = true }: { trim?: boolean } = {}): string {
  const raw = String(form.get(name) ?? "");
  const value = trim ? raw.trim() : raw;
  if (!isStorableText(value)) throw badRequest(400, "The form contained characters that cannot be saved.");
  if (value.length > max && [...value].length > max) throw badRequest(400, `A field of this form holds at most ${max} characters.`);
  return value;
}

/**
 * A JSON request body that is an object (not null, an array or a bare value), every string in it
 * storable. Throws a 4xx refusal otherwise.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (mediaTypeOf(request) !== "application/json") throw badRequest(415, "Send this request as JSON.");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest(400, "The request could not be read.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest(400, "The request could not be read.");
  if (!jsonStorable(body)) throw badRequest(400, "The request contained characters that cannot be saved.");
  return body as Record<string, unknown>;
}

/** Every string (keys too) storable; walked with a stack of its own, so no nesting depth can overflow the call stack. */
function jsonStorable(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!isStorableText(value)) return false;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

/** A whole number from 1 to PostgreSQL's integer maximum, or null ("abc", "3.5", "1e100", "-1"). */
export function positiveId(value: unknown): number | null {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
