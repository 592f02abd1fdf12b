/**
 * Reading an action's body, the one way every action does it, public and inbox (decision 034):
 * `readForm(request, schema)` for a form, `readJson(request, schema)` for JSON, each checking the
 * body with a zod schema (an action's intents as a `z.discriminatedUnion` on `intent`) and giving
 * the typed data or the field messages. Whatever a client sends, the answer is a 4xx with a short text, never a 500: a wrong content
 * type (415), a body that does not parse or is not what the kind promises (400), a file where text
 * was expected (400), and text that PostgreSQL cannot store (NUL) or that is not well-formed
 * Unicode (a lone surrogate, possible in JSON's \u escapes).
 */
import { data } from "react-router";
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { type FieldErrors, fieldErrorsOf, isRefusal, isStorableText } from "~/lib/schemas/fields";

/**
 * A refusal of bad input, thrown: React Router answers a thrown `data()` with its status (the
 * route's error boundary for a document, an error for a .data request), and never logs it as a failure.
 */
export function badRequest(status: 400 | 415, message: string) {
  return data(message, { status, headers: { "Cache-Control": CACHE_CONTROL.private } });
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

/** A submitted form's body: text fields only. Throws a 4xx refusal otherwise. */
async function readFormBody(request: Request): Promise<FormData> {
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

/** What readForm and readJson give: the schema's typed data, or its field messages (the first per field). */
export type BodyRead<T, V> = { ok: true; data: T; values: V } | { ok: false; fieldErrors: FieldErrors<string>; values: V };

/** A form's text fields by name, the first value of each (as FormData.get reads them), on an object without a prototype. */
export type FormValues = Record<string, string | undefined>;

/**
 * Checks `input` against `schema`. An issue marked as a refusal (see `refuse` in the field
 * schemas: text that cannot be stored, a field longer than any form sends) is thrown as a 400
 * with its message; any other failure is the field messages.
 */
function check<S extends $ZodType, V>(schema: S, input: unknown, values: V): BodyRead<output<S>, V> {
  const result = safeParse(schema, input);
  if (result.success) return { ok: true, data: result.data, values };
  const refusal = result.error.issues.find(isRefusal);
  if (refusal) throw badRequest(400, refusal.message);
  return { ok: false, fieldErrors: fieldErrorsOf(result.error), values };
}

/**
 * Reads a form (415 for another content type, 400 for a body that does not parse or holds a file,
 * 413 for a large one from Express's body limit before this runs) and checks its text fields with
 * `schema`, usually a `z.object` of the field schemas or a `z.discriminatedUnion("intent", ...)`.
 * Absent fields are `undefined` to the schema (`formText` reads them as ""). `values` are the
 * fields as sent, for showing a form again.
 */
export async function readForm<S extends $ZodType>(request: Request, schema: S): Promise<BodyRead<output<S>, FormValues>> {
  const form = await readFormBody(request);
  const values: FormValues = Object.create(null) as FormValues;
  for (const [name, value] of form.entries()) {
    if (!(name in values) && typeof value === "string") values[name] = value;
  }
  return check(schema, values, values);
}

/**
 * Reads a JSON object (415 for another content type, 400 for a body that does not parse, is not an
 * object, or holds text that cannot be stored anywhere in it) and checks it with `schema`.
 */
export async function readJson<S extends $ZodType>(request: Request, schema: S): Promise<BodyRead<output<S>, Record<string, unknown>>> {
  const body = await readJsonObject(request);
  return check(schema, body, body);
}

/**
 * A JSON request body that is an object (not null, an array or a bare value), every string in it
 * storable. Throws a 4xx refusal otherwise.
 */
async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
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
