/**
 * What the /alerts routes' tests share: a route's loader or action run as React Router runs it
 * (its middleware first, then the handler), and the answer read back the same way whether the
 * handler returned `data(…)`, a Response or a plain object.
 */
import type { RouterContextProvider } from "react-router";
import { expect } from "vitest";

type Handler = (args: never) => unknown;
export type AlertRoute = { middleware?: unknown[]; loader?: Handler; action?: Handler };

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data: T;
  /** A redirect's target. */
  location: string | null;
}

function answerOf(value: unknown): Answer {
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: {}, location: value.headers.get("Location") };
  const init =
    (value as { type?: string; init?: ResponseInit | null } | null)?.type === "DataWithResponseInit"
      ? (value as { init: ResponseInit | null; data: unknown })
      : null;
  if (init)
    return {
      status: init.init?.status ?? 200,
      headers: new Headers(init.init?.headers),
      data: init.data as Record<string, unknown>,
      location: null,
    };
  return { status: 200, headers: new Headers(), data: value as Record<string, unknown>, location: null };
}

/** Runs `route`'s loader (GET) or action (any other method) behind its middleware, as the router would. */
export async function runRoute(
  route: AlertRoute,
  request: Request,
  context: RouterContextProvider,
  params: Record<string, string> = {},
): Promise<Answer> {
  const handler = request.method === "GET" || request.method === "HEAD" ? route.loader : route.action;
  if (!handler) throw new Error(`the route has no handler for ${request.method}`);
  const args = { request, context, params };
  let out: Answer | undefined;
  const chain = async (index: number): Promise<Response> => {
    const middleware = route.middleware?.[index] as ((a: unknown, next: () => Promise<Response>) => Promise<Response | void>) | undefined;
    if (!middleware) {
      try {
        out = answerOf(await handler(args as never));
      } catch (thrown) {
        out = answerOf(thrown);
      }
      return new Response(null, { status: out.status });
    }
    return (await middleware(args, () => chain(index + 1))) ?? new Response(null);
  };
  const response = await chain(0);
  return out ?? answerOf(response);
}

export function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { headers });
}

export function post(path: string, fields: Record<string, string> | [string, string][], headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields), headers });
}

/** Private and never cached, never indexed: every /alerts answer. */
export function expectPrivate(answer: Answer) {
  expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
  expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
}
