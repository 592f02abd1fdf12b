/**
 * The first steps every form action shares: the per-visitor quota, reading the body, and the
 * honeypot. What is left for the route is its own schema and store.
 */
import type { AppLoadContext } from "react-router";
import { rateLimitMessage } from "~/content/form-messages";
import { isHoneypotFilled } from "~/lib/schemas/fields";

export interface EarlyAnswer {
  body: { status: "error"; message: string; values: null } | { status: "success" };
  init?: ResponseInit;
}

export async function openFormPost(request: Request, context: AppLoadContext, failureMessage: string): Promise<{ form: FormData } | { early: EarlyAnswer }> {
  const quota = context.formQuota;
  // Absent only where no flood guard stands in front (the route tests); the server counts every form POST.
  if (quota && !quota.allowed) {
    return {
      early: {
        body: { status: "error", message: rateLimitMessage, values: null },
        init: { status: 429, headers: { "Retry-After": String(quota.retryAfterSeconds) } },
      },
    };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { early: { body: { status: "error", message: failureMessage, values: null }, init: { status: 400 } } };
  }
  // A filled honeypot is a bot: answer as if it worked and store nothing.
  if (isHoneypotFilled(form)) return { early: { body: { status: "success" } } };
  return { form };
}
