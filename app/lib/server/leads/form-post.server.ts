/**
 * The public forms' guard and action. Each form route declares `middleware = [formQuota]` in its
 * own module: whatever spelling of its path reaches the route (`/Contact`, `/contact/.data`,
 * `/%63ontact.data`) takes one unit of the visitor's quota there, once per POST. The action then
 * reads that decision from the router context and refuses when none was counted (fail closed).
 *
 * One action for every public form, the alert sign-up included: the quota, reading the body (its
 * size and type; the same-origin check is Express's, before any action), the honeypot, the form's
 * own schema and checks, its store, and one answer shape (FormResult). Bad input gets field
 * messages and 400; a store failure the spec's text and 503; a filled honeypot a calm success with
 * nothing stored; past the quota 429.
 */
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { type MiddlewareFunction, type RouterContextProvider, data } from "react-router";
import { checkFieldsMessage, rateLimitMessage } from "~/content/form-messages";
import type { FormMessages, FormResult } from "~/lib/form-result";
import type * as z from "zod/mini";
import { type FieldErrors, cappedValues, formFields, isHoneypotFilled, publicForm } from "~/lib/schemas/fields";
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
    return new Response(rateLimitMessage, {
      status: 429,
      headers: {
        "Retry-After": String(decision.retryAfterSeconds),
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE_CONTROL.private,
      },
    });
  }
  context.set(formQuotaContext, decision);
  return next();
};

/** What a form's store answers: stored, or a failure named by its text (spec §8), or field messages (the form shown again). */
export type Stored<F extends string> =
  { ok: true } | { ok: false; message: string; status?: number; title?: string } | { ok: false; fieldErrors: FieldErrors<F> };

/** A form's own look at a read post, past the honeypot: a refusal (a post no page of ours sends), or what showing the form again needs and field messages to add. */
export type Checked<F extends string, Again> = { refuse: string } | { again: Again; fieldErrors?: FieldErrors<F> };

export interface FormPost<F extends string, D, Again = never> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  messages: FormMessages;
  /** The form's fields and schema, the same the browser checks them with (the forms' registry, FORM_INPUTS). */
  fields: readonly F[];
  schema: z.ZodMiniType<D>;
  /** Headers on every answer (the alert pages are private). */
  headers?: Record<string, string>;
  /** The fields whose values go back to the page (default: all). */
  shown?: readonly F[];
  /** A form whose refusals are pages of their own: their titles, and the refusal's own text for a post that cannot be read. */
  refusals?: { title: string; rateLimitedTitle: string };
  check?(read: BodyRead<D, FormValues>, request: Request): Promise<Checked<F, Again>>;
  /** Stores the submission; a failure names the text of spec §8 to show. */
  store(input: D, again: Again | undefined): Promise<Stored<F>>;
}

export async function answerFormPost<F extends string, D, Again = never>(post: FormPost<F, D, Again>) {
  const { request, context, messages, fields, schema, store, refusals } = post;
  const answer = (result: FormResult<F, Again>, status = 200, headers: Record<string, string> = {}) =>
    data(result, { status, headers: { ...post.headers, ...headers } });
  const refuse = (message: string, status: number, title = refusals?.title) =>
    answer({ status: "error", message, values: null, ...(title ? { title } : {}) }, status);
  const quota = context.get(formQuotaContext);
  // No quota counted means the route lacks its middleware: refuse rather than let a flood through.
  if (!quota) {
    console.error(`[forms] ${new URL(request.url).pathname}: no form quota was counted; the route must declare middleware = [formQuota]`);
    return refuse(messages.failure, 503);
  }
  if (!quota.allowed)
    return answer(
      { status: "error", message: rateLimitMessage, values: null, ...(refusals ? { title: refusals.rateLimitedTitle } : {}) },
      429,
      { "Retry-After": String(quota.retryAfterSeconds) },
    );
  // A form that reads repeated fields (the alert criteria's cities) reads them from this copy.
  const copy = post.check ? request.clone() : request;
  let read: BodyRead<D, FormValues>;
  try {
    read = await readForm(request, publicForm(fields, schema));
  } catch (error) {
    const text = (error as { data?: unknown }).data;
    return refuse(
      refusals ? (typeof text === "string" ? text : "This form could not be read.") : messages.failure,
      refusalStatus(error) ?? 400,
    );
  }
  // A filled honeypot is a bot: answer as if it worked and store nothing.
  if (isHoneypotFilled(read.values)) return answer({ status: "success" });

  const values = formFields(read.values, post.shown ?? fields);
  const checked = post.check ? await post.check(read, copy) : null;
  if (checked && "refuse" in checked) return refuse(checked.refuse, 400);
  const again = checked?.again;
  const invalid = (fieldErrors: FieldErrors<F>) =>
    answer(
      {
        status: "invalid",
        message: checkFieldsMessage,
        fieldErrors,
        values: cappedValues(values, post.shown ?? fields),
        ...(again === undefined ? {} : { form: again }),
      },
      400,
    );
  if (!read.ok) return invalid(read.fieldErrors as FieldErrors<F>);
  if (checked?.fieldErrors && Object.keys(checked.fieldErrors).length) return invalid(checked.fieldErrors);
  const stored = await store(read.data, again);
  if (stored.ok) return answer({ status: "success" });
  if ("fieldErrors" in stored) return invalid(stored.fieldErrors);
  return answer(
    {
      status: "error",
      message: stored.message,
      values,
      ...((stored.title ?? refusals?.title) ? { title: stored.title ?? refusals?.title } : {}),
    },
    stored.status ?? 503,
  );
}
