/**
 * The two route actions with stand-in services, behind their routes' own middleware (the form
 * quota) as React Router runs them: status codes and answers for each situation (the stores
 * themselves are tested against real databases in app/lib/server).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { contactMessages, leadMessages, rateLimitMessage } from "~/content/form-messages";
import type { RateLimiter } from "~/lib/server/rate-limit.server";
import type { RateDecision, SiteServices } from "~/lib/services";
import { type ServerContext, serverContext } from "~/router-context";
import * as contact from "./contact";
import * as welcome from "./welcome";

function services(overrides: Partial<SiteServices> = {}): SiteServices {
  return {
    createContact: vi.fn(async () => ({ ok: true as const, value: { contactId: 1, reused: false, inquiryId: null } })),
    recordLead: vi.fn(async () => ({ ok: true as const, value: { leadId: 1 } })),
    health: vi.fn(),
    ...overrides,
  } as SiteServices;
}

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

type Outcome = { data: { status: string; message?: string; fieldErrors?: Record<string, string> }; init: { status?: number; headers?: Record<string, string> } | null };

/** The quota the form's middleware takes for the request (allowed unless a test says otherwise). */
const withinQuota: RateDecision = { allowed: true, retryAfterSeconds: 600, excess: 0 };
/** FORM_RATE_LIMIT_MAX in these tests. */
const MAX = 5;

type RouteModule = { middleware: unknown[]; action: (args: never) => unknown };

/**
 * Runs a route's POST as React Router does: its middleware (the form quota, answered by a
 * stand-in limiter with `decision`), then its action. Returns the action's answer, or the
 * middleware's own Response when it answered first.
 */
async function run(route: RouteModule, path: string, fields: Record<string, string>, s: SiteServices, decision: RateDecision) {
  const limiter: RateLimiter = { consume: vi.fn(async () => decision), refund: vi.fn(), reset: vi.fn() };
  const server = { services: s, clientIp: "203.0.113.9", forms: { limiter, max: MAX }, inbox: null, listings: null, fromThisMachine: false, cspNonce: undefined, contentSecurityPolicy: undefined };
  const context = new RouterContextProvider(new Map([[serverContext, server as unknown as ServerContext]]));
  const args = { request: post(path, fields), context, params: {} };
  let answer: Outcome | undefined;
  const chain = async (index: number): Promise<Response> => {
    const middleware = route.middleware[index] as ((a: unknown, next: () => Promise<Response>) => Promise<Response | void>) | undefined;
    if (!middleware) {
      answer = (await route.action(args as never)) as Outcome;
      return new Response(null, { status: answer.init?.status ?? 200 });
    }
    return (await middleware(args, () => chain(index + 1))) ?? new Response(null);
  };
  const response = await chain(0);
  expect(limiter.consume).toHaveBeenCalledTimes(1);
  expect(limiter.consume).toHaveBeenCalledWith("203.0.113.9");
  return { answer, response };
}

async function runContact(fields: Record<string, string>, s: SiteServices, formQuota = withinQuota): Promise<Outcome> {
  const { answer } = await run(contact as unknown as RouteModule, "/contact", fields, s, formQuota);
  if (!answer) throw new Error("the middleware answered before the action");
  return answer;
}

async function runWelcome(fields: Record<string, string>, s: SiteServices, formQuota = withinQuota): Promise<Outcome> {
  const { answer } = await run(welcome as unknown as RouteModule, "/welcome", fields, s, formQuota);
  if (!answer) throw new Error("the middleware answered before the action");
  return answer;
}

const jane = { name: "Jane", email: "jane@example.com", phone: "", message: "Hi", website: "" };

describe("contact action", () => {
  it("stores a valid submission and answers success", async () => {
    const s = services();
    const out = await runContact(jane, s);
    expect(out.data).toEqual({ status: "success" });
    expect(s.createContact).toHaveBeenCalledWith({ name: "Jane", email: "jane@example.com", phone: "", message: "Hi" }, undefined);
  });
  it("answers bad input with 400 and field messages, storing nothing", async () => {
    const s = services();
    const out = await runContact({ name: "", email: "nope" }, s);
    expect(out.init?.status).toBe(400);
    expect(out.data.fieldErrors).toMatchObject({ name: "Please enter your full name.", email: "Please enter a valid email address." });
    expect(s.createContact).not.toHaveBeenCalled();
  });
  it("answers a filled honeypot with a calm success and stores nothing", async () => {
    const s = services();
    const out = await runContact({ ...jane, website: "http://spam.example" }, s);
    expect(out.data).toEqual({ status: "success" });
    expect(s.createContact).not.toHaveBeenCalled();
  });
  it("answers 429 with the friendly message past the rate limit", async () => {
    const s = services();
    const out = await runContact(jane, s, { allowed: false, retryAfterSeconds: 42, excess: 1 });
    expect(out.init?.status).toBe(429);
    expect(new Headers(out.init?.headers).get("Retry-After")).toBe("42");
    expect(out.data.message).toBe(rateLimitMessage);
    expect(s.createContact).not.toHaveBeenCalled();
  });
  it("answers a flood (past twice the limit) with a bare 429 before the action runs", async () => {
    const s = services();
    const { answer, response } = await run(contact as unknown as RouteModule, "/contact", jane, s, { allowed: false, retryAfterSeconds: 42, excess: MAX + 1 });
    expect(answer).toBeUndefined();
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe(rateLimitMessage);
    expect(s.createContact).not.toHaveBeenCalled();
  });
  it("answers a body that is not a form with 415, storing nothing", async () => {
    const s = services();
    const limiter: RateLimiter = { consume: vi.fn(async () => withinQuota), refund: vi.fn(), reset: vi.fn() };
    const server = { services: s, clientIp: "203.0.113.9", forms: { limiter, max: MAX } } as unknown as ServerContext;
    const context = new RouterContextProvider(new Map([[serverContext, server]]));
    const request = new Request("http://localhost/contact", { method: "POST", body: JSON.stringify(jane), headers: { "Content-Type": "application/json" } });
    let out: Outcome | undefined;
    await contact.middleware[0]!({ request, context, params: {} } as never, async () => {
      out = (await contact.action({ request, context, params: {} } as never)) as unknown as Outcome;
      return new Response(null);
    });
    expect(out!.init?.status).toBe(415);
    expect(out!.data.status).toBe("error");
    expect(s.createContact).not.toHaveBeenCalled();
  });
  it.each([
    ["failure", contactMessages.failure],
    ["permissions", contactMessages.permissions],
    ["duplicateLookup", contactMessages.duplicateLookup],
  ] as const)("answers a %s store failure with 503 and the spec's text", async (reason, message) => {
    const out = await runContact(jane, services({ createContact: async () => ({ ok: false, reason }) }));
    expect(out.init?.status).toBe(503);
    expect(out.data.message).toBe(message);
  });
  it("uses the spec's exact texts with the phone number from the site config", () => {
    expect(contactMessages.failure).toBe("There was a problem sending your message. Please try again or call us directly at 780-555-0142.");
    expect(contactMessages.permissions).toBe("Database permissions issue. Please contact support at 780-555-0142.");
  });
});

describe("welcome action", () => {
  const lead = { fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: "", website: "" };
  it("records a valid lead", async () => {
    const s = services();
    expect((await runWelcome(lead, s)).data).toEqual({ status: "success" });
    // With the visitor's address and browser, the record of their consent.
    expect(s.recordLead).toHaveBeenCalledWith({ fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: "" }, { address: "203.0.113.9", userAgent: null });
  });
  it("answers a missing phone with 400", async () => {
    const out = await runWelcome({ ...lead, phone: " " }, services());
    expect(out.init?.status).toBe(400);
    expect(out.data.fieldErrors?.phone).toBe("Please enter your phone number.");
  });
  it("answers a store failure with 503 and 'Something went wrong. Please try again.'", async () => {
    const out = await runWelcome(lead, services({ recordLead: async () => ({ ok: false, reason: "failure" }) }));
    expect(out.init?.status).toBe(503);
    expect(out.data.message).toBe(leadMessages.failure);
  });
});
