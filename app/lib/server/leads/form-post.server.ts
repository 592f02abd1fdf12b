/**
 * The public forms' guard and action. Each form route declares `middleware = [formQuota]` in its
 * own module: whatever spelling of its path reaches the route (`/Contact`, `/contact/.data`,
 * `/%63ontact.data`) takes one unit of the visitor's quota there, once per POST. The action then
 * reads that decision from the router context and refuses when none was counted (fail closed).
 *
 * One action for every public form: the quota, reading the body, the honeypot, the form's own
 * schema and store. Bad input gets field messages and 400; a store failure the spec's text and
 * 503; a filled honeypot a calm success with nothing stored; past the quota 429.
 */
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { type MiddlewareFunction, type RouterContextProvider, data } from "react-router";
import { checkFieldsMessage, rateLimitMessage } from "~/content/form-messages";
import type { FormMessages, FormResult } from "~/lib/form-result";
import type * as z from "zod/mini";
import { cappedValues, formFields, isHoneypotFilled, publicForm } from "~/lib/schemas/fields";
import { formQuotaContext, serverOf } from "~/router-context";
import { clientKeyOf } from "../../../../platform/client-key";
import { type BodyRead, type FormValues, readForm, refusalStatus } from "~/lib/server/http/request-body.server";

/**
 * A visitor just past the limit still gets the page's own answer (the form with the spec's
 * rate-limit message, or the toast); past twice the limit in one window, which no person does,
 * the answer is a bare 429 with the same text, before the action runs or anything is rendered,
 * and the client is remembered with the path until its window ends, so that Express answers its
 * next POSTs to that path the same way before React Router (server/form-flood.ts). The quota is per client key:
 * an IPv4 address, or the /64 of an IPv6 one (platform/client-key.ts).
 */
export const formQuota: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Every method that can reach an action counts (Express lets only POST through; this holds without it).
  if (request.method === "GET" || request.method === "HEAD") return next();
  const { forms, clientIp } = serverOf(context);
  const key = clientKeyOf(clientIp);
  const decision = await forms.limiter.consume(key);
  if (!decision.allowed && (decision.excess ?? 0) > forms.max) {
    forms.refused?.remember(key, new URL(request.url).pathname, decision.retryAfterSeconds);
    return new Response(rateLimitMessage, { status: 429, headers: { "Retry-After": String(decision.retryAfterSeconds), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private } });
  }
  context.set(formQuotaContext, decision);
  return next();
};

export interface FormPost<F extends string, D> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  messages: FormMessages;
  /** The form's fields and schema, the same the browser checks them with (parseContactForm, parseLeadForm). */
  fields: readonly F[];
  schema: z.ZodMiniType<D>;
  /** Stores the submission; a failure names the text of spec §8 to show. */
  store(input: D): Promise<{ ok: true } | { ok: false; message: string }>;
}

export async function answerFormPost<F extends string, D>({ request, context, messages, fields, schema, store }: FormPost<F, D>) {
  const answer = (result: FormResult<F>, init?: ResponseInit) => data(result, init);
  const quota = context.get(formQuotaContext);
  // No quota counted means the route lacks its middleware: refuse rather than let a flood through.
  if (!quota) {
    console.error(`[forms] ${new URL(request.url).pathname}: no form quota was counted; the route must declare middleware = [formQuota]`);
    return answer({ status: "error", message: messages.failure, values: null }, { status: 503 });
  }
  if (!quota.allowed) {
    return answer({ status: "error", message: rateLimitMessage, values: null }, { status: 429, headers: { "Retry-After": String(quota.retryAfterSeconds) } });
  }
  let read: BodyRead<D, FormValues>;
  try {
    read = await readForm(request, publicForm(fields, schema));
  } catch (error) {
    return answer({ status: "error", message: messages.failure, values: null }, { status: refusalStatus(error) ?? 400 });
  }
  // A filled honeypot is a bot: answer as if it worked and store nothing.
  if (isHoneypotFilled(read.values)) return answer({ status: "success" });

  const values = formFields(read.values, fields);
  if (!read.ok) return answer({ status: "invalid", message: checkFieldsMessage, fieldErrors: read.fieldErrors, values: cappedValues(values, fields) }, { status: 400 });
  const stored = await store(read.data);
  if (!stored.ok) return answer({ status: "error", message: stored.message, values }, { status: 503 });
  return answer({ status: "success" });
}
