/**
 * One action for every public form: the per-visitor quota, reading the body, the honeypot, the
 * form's own schema and store. Bad input gets field messages and 400; a store failure the spec's
 * text and 503; a filled honeypot a calm success with nothing stored; past the quota 429.
 */
import { type AppLoadContext, data } from "react-router";
import { checkFieldsMessage, rateLimitMessage } from "~/content/form-messages";
import type { FormMessages, FormResult } from "~/lib/form-result";
import { type FormParse, isHoneypotFilled } from "~/lib/schemas/fields";

export interface FormPost<F extends string, D> {
  request: Request;
  context: AppLoadContext;
  messages: FormMessages;
  parse(form: FormData): FormParse<F, D>;
  /** Stores the submission; a failure names the text of spec §8 to show. */
  store(input: D): Promise<{ ok: true } | { ok: false; message: string }>;
}

export async function answerFormPost<F extends string, D>({ request, context, messages, parse, store }: FormPost<F, D>) {
  const answer = (result: FormResult<F>, init?: ResponseInit) => data(result, init);
  const quota = context.formQuota;
  // Absent only where no flood guard stands in front (the route tests); the server counts every form POST.
  if (quota && !quota.allowed) {
    return answer({ status: "error", message: rateLimitMessage, values: null }, { status: 429, headers: { "Retry-After": String(quota.retryAfterSeconds) } });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ status: "error", message: messages.failure, values: null }, { status: 400 });
  }
  // A filled honeypot is a bot: answer as if it worked and store nothing.
  if (isHoneypotFilled(form)) return answer({ status: "success" });

  const parsed = parse(form);
  if (!parsed.ok) return answer({ status: "invalid", message: checkFieldsMessage, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  const stored = await store(parsed.data);
  if (!stored.ok) return answer({ status: "error", message: stored.message, values: parsed.values }, { status: 503 });
  return answer({ status: "success" });
}
