/**
 * The two route actions with stand-in services: status codes and answers for each situation
 * (the stores themselves are tested against real databases in app/lib/server).
 */
import { describe, expect, it, vi } from "vitest";
import { contactMessages, leadMessages, rateLimitMessage } from "~/content/form-messages";
import type { RateDecision, SiteServices } from "~/lib/services";
import { action as contactAction } from "./contact";
import { action as welcomeAction } from "./welcome";

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

/** The quota the flood guard took for the request (allowed unless a test says otherwise). */
const withinQuota: RateDecision = { allowed: true, retryAfterSeconds: 600, excess: 0 };

async function runContact(fields: Record<string, string>, s: SiteServices, formQuota = withinQuota): Promise<Outcome> {
  const args = { request: post("/contact", fields), context: { services: s, clientIp: "203.0.113.9", formQuota }, params: {} };
  return (await contactAction(args as unknown as Parameters<typeof contactAction>[0])) as unknown as Outcome;
}

async function runWelcome(fields: Record<string, string>, s: SiteServices, formQuota = withinQuota): Promise<Outcome> {
  const args = { request: post("/welcome", fields), context: { services: s, clientIp: "203.0.113.9", formQuota }, params: {} };
  return (await welcomeAction(args as unknown as Parameters<typeof welcomeAction>[0])) as unknown as Outcome;
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
