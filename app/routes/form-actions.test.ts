/**
 * The two route actions behind their routes' own middleware (the form quota) as React Router runs
 * them, storing into a real database: status codes and answers for each situation, and what was
 * stored (the stores' own rules are tested in app/lib/server/leads).
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactMessages, leadMessages, rateLimitMessage } from "~/content/form-messages";
import { LEAD_CONSENT_TEXT, LEAD_CONSENT_VERSION } from "~/content/lead-consent";
import type { RateDecision, RateLimiter } from "../../platform/rate-limit";
import type { LeadsContext } from "~/lib/server/leads/context.server";
import { type ServerContext, serverContext } from "~/router-context";
import { contacts, leads, notificationOutbox, propertyInquiries } from "../../db/schema";
import type { Database } from "../../platform/db/database";
import { select } from "../../platform/db/query";
import { count, testDatabaseForThisFile } from "../../tests/support/test-database";
import * as contact from "./contact";
import * as welcome from "./welcome";

const t = testDatabaseForThisFile();

/** The router context's `leads`: the test database, or `db` standing for one that refuses; the outbox's wake-up watched. */
function leadsOn(db: Database = t.db): LeadsContext & { notificationQueued: Mock<() => void> } {
  return { db, notificationQueued: vi.fn<() => void>(), acknowledge: false };
}

/** A database whose every statement fails as PostgreSQL fails it (`code` is the SQLSTATE). */
function refusing(error: Error): Database {
  return { ...t.db, rows: () => Promise.reject(error), transaction: () => Promise.reject(error) };
}

/** A database whose statements answer no row: the contact cannot be read back (spec §8's duplicate lookup). */
function answeringNothing(): Database {
  return { ...t.db, rows: async () => [], transaction: async (work) => work(async () => []) };
}

const permissionDenied = () => Object.assign(new Error("permission denied for table contacts"), { code: "42501" });
const connectionLost = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  logged.mockRestore();
});

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

type Outcome = {
  data: { status: string; message?: string; fieldErrors?: Record<string, string> };
  init: { status?: number; headers?: Record<string, string> } | null;
};

/** The quota the form's middleware takes for the request (allowed unless a test says otherwise). */
const withinQuota: RateDecision = { allowed: true, retryAfterSeconds: 600, excess: 0 };
/** The form quota in these tests. */
const MAX = 5;

type RouteModule = { middleware: unknown[]; action: (args: never) => unknown };

/**
 * Runs a route's POST as React Router does: its middleware (the form quota, answered by a
 * stand-in limiter with `decision`), then its action. Returns the action's answer, or the
 * middleware's own Response when it answered first.
 */
async function run(route: RouteModule, path: string, fields: Record<string, string>, ctx: LeadsContext, decision: RateDecision) {
  const limiter: RateLimiter = { consume: vi.fn(async () => decision), refund: vi.fn(), reset: vi.fn() };
  const server = {
    leads: ctx,
    clientIp: "203.0.113.9",
    forms: { limiter, max: MAX },
    inbox: null,
    listings: null,
    fromThisMachine: false,
    cspNonce: undefined,
    contentSecurityPolicy: undefined,
  };
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

async function runContact(fields: Record<string, string>, ctx: LeadsContext, formQuota = withinQuota): Promise<Outcome> {
  const { answer } = await run(contact as unknown as RouteModule, "/contact", fields, ctx, formQuota);
  if (!answer) throw new Error("the middleware answered before the action");
  return answer;
}

async function runWelcome(fields: Record<string, string>, ctx: LeadsContext, formQuota = withinQuota): Promise<Outcome> {
  const { answer } = await run(welcome as unknown as RouteModule, "/welcome", fields, ctx, formQuota);
  if (!answer) throw new Error("the middleware answered before the action");
  return answer;
}

const jane = { name: "Jane", email: "jane@example.com", phone: "", message: "Hi", website: "" };

/** Nothing was stored and no notification queued. */
async function expectNothingStored(ctx: { notificationQueued: Mock<() => void> }) {
  for (const table of ["contacts", "property_inquiries", "leads", "notification_outbox"] as const) expect(await count(t.db, table)).toBe(0);
  expect(ctx.notificationQueued).not.toHaveBeenCalled();
}

describe("contact action", () => {
  it("stores a valid submission, queues its notification, wakes the outbox and answers success", async () => {
    const ctx = leadsOn();
    const out = await runContact(jane, ctx);
    expect(out.data).toEqual({ status: "success" });
    const stored = await select(
      t.db.rows,
      { id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone },
      sql`from ${contacts}`,
    );
    expect(stored).toEqual([{ id: expect.any(Number), name: "Jane", email: "jane@example.com", phone: null }]);
    const inquiries = await select(
      t.db.rows,
      { contactId: propertyInquiries.contact_id, message: propertyInquiries.message, listingKey: propertyInquiries.listing_key },
      sql`from ${propertyInquiries}`,
    );
    expect(inquiries).toEqual([{ contactId: stored[0]!.id, message: "Hi", listingKey: null }]);
    const queued = await select(
      t.db.rows,
      { kind: notificationOutbox.kind, contactId: notificationOutbox.contact_id, status: notificationOutbox.status },
      sql`from ${notificationOutbox}`,
    );
    expect(queued).toEqual([{ kind: "contact", contactId: stored[0]!.id, status: "pending" }]);
    expect(ctx.notificationQueued).toHaveBeenCalledTimes(1);
  });
  it("answers bad input with 400 and field messages, storing nothing", async () => {
    const ctx = leadsOn();
    const out = await runContact({ name: "", email: "nope" }, ctx);
    expect(out.init?.status).toBe(400);
    expect(out.data.fieldErrors).toMatchObject({ name: "Please enter your full name.", email: "Please enter a valid email address." });
    await expectNothingStored(ctx);
  });
  it("answers a filled honeypot with a calm success and stores nothing", async () => {
    const ctx = leadsOn();
    const out = await runContact({ ...jane, website: "http://spam.example" }, ctx);
    expect(out.data).toEqual({ status: "success" });
    await expectNothingStored(ctx);
  });
  it("answers 429 with the friendly message past the rate limit", async () => {
    const ctx = leadsOn();
    const out = await runContact(jane, ctx, { allowed: false, retryAfterSeconds: 42, excess: 1 });
    expect(out.init?.status).toBe(429);
    expect(new Headers(out.init?.headers).get("Retry-After")).toBe("42");
    expect(out.data.message).toBe(rateLimitMessage);
    await expectNothingStored(ctx);
  });
  it("answers a flood (past twice the limit) with a bare 429 before the action runs", async () => {
    const ctx = leadsOn();
    const { answer, response } = await run(contact as unknown as RouteModule, "/contact", jane, ctx, {
      allowed: false,
      retryAfterSeconds: 42,
      excess: MAX + 1,
    });
    expect(answer).toBeUndefined();
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("42");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe(rateLimitMessage);
    await expectNothingStored(ctx);
  });
  it("answers a body that is not a form with 415, storing nothing", async () => {
    const ctx = leadsOn();
    const limiter: RateLimiter = { consume: vi.fn(async () => withinQuota), refund: vi.fn(), reset: vi.fn() };
    const server = { leads: ctx, clientIp: "203.0.113.9", forms: { limiter, max: MAX } } as unknown as ServerContext;
    const context = new RouterContextProvider(new Map([[serverContext, server]]));
    const request = new Request("http://localhost/contact", {
      method: "POST",
      body: JSON.stringify(jane),
      headers: { "Content-Type": "application/json" },
    });
    let out: Outcome | undefined;
    await contact.middleware[0]!({ request, context, params: {} } as never, async () => {
      out = (await contact.action({ request, context, params: {} } as never)) as unknown as Outcome;
      return new Response(null);
    });
    expect(out!.init?.status).toBe(415);
    expect(out!.data.status).toBe("error");
    await expectNothingStored(ctx);
  });
  it.each([
    ["failure", "a lost connection", () => refusing(connectionLost()), contactMessages.failure],
    ["permissions", "a refusal by the grants (42501)", () => refusing(permissionDenied()), contactMessages.permissions],
    ["duplicateLookup", "a contact that cannot be read back", answeringNothing, contactMessages.duplicateLookup],
  ] as const)("answers a %s store failure (%s) with 503 and the spec's text, logged once", async (reason, _what, db, message) => {
    const ctx = leadsOn(db());
    const out = await runContact(jane, ctx);
    expect(out.init?.status).toBe(503);
    expect(out.data.message).toBe(message);
    expect(ctx.notificationQueued).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(`[leads] contact was not stored (${reason}`));
  });
  it("uses the spec's exact texts with the phone number from the site config", () => {
    expect(contactMessages.failure).toBe("There was a problem sending your message. Please try again or call us directly at 780-555-0142.");
    expect(contactMessages.permissions).toBe("Database permissions issue. Please contact support at 780-555-0142.");
  });
});

describe("welcome action", () => {
  const lead = { fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: "", website: "" };
  it("records a valid lead with the record of the visitor's consent, and queues its notification", async () => {
    const ctx = leadsOn();
    expect((await runWelcome(lead, ctx)).data).toEqual({ status: "success" });
    const stored = await select(
      t.db.rows,
      {
        id: leads.id,
        fullName: leads.full_name,
        email: leads.email,
        phone: leads.phone,
        serviceType: leads.service_type,
        comments: leads.comments,
        consentText: leads.consent_text,
        consentVersion: leads.consent_version,
        address: leads.client_address,
        userAgent: leads.user_agent,
      },
      sql`from ${leads}`,
    );
    // With the visitor's address and browser (none sent here): the agent's record of their consent.
    expect(stored).toEqual([
      {
        id: expect.any(Number),
        fullName: "Sam",
        email: "sam@example.com",
        phone: "780-555-0111",
        serviceType: "buying",
        comments: null,
        consentText: LEAD_CONSENT_TEXT,
        consentVersion: LEAD_CONSENT_VERSION,
        address: "203.0.113.9",
        userAgent: null,
      },
    ]);
    const queued = await select(
      t.db.rows,
      { kind: notificationOutbox.kind, leadId: notificationOutbox.lead_id },
      sql`from ${notificationOutbox}`,
    );
    expect(queued).toEqual([{ kind: "lead", leadId: stored[0]!.id }]);
    expect(ctx.notificationQueued).toHaveBeenCalledTimes(1);
  });
  it("answers a missing phone with 400", async () => {
    const ctx = leadsOn();
    const out = await runWelcome({ ...lead, phone: " " }, ctx);
    expect(out.init?.status).toBe(400);
    expect(out.data.fieldErrors?.phone).toBe("Please enter your phone number.");
    await expectNothingStored(ctx);
  });
  it.each([
    ["a lost connection", connectionLost],
    ["a refusal by the grants (42501)", permissionDenied],
  ])("answers a store failure (%s) with 503 and 'Something went wrong. Please try again.'", async (_what, error) => {
    const ctx = leadsOn(refusing(error()));
    const out = await runWelcome(lead, ctx);
    expect(out.init?.status).toBe(503);
    expect(out.data.message).toBe(leadMessages.failure);
    expect(ctx.notificationQueued).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("[leads] lead was not stored"));
  });
});
