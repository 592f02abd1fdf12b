/**
 * The guards live in route modules (decision 028): every public route that takes a POST declares
 * `middleware = [formQuota]`, so any spelling of its path takes one unit of the visitor's quota;
 * every inbox route sits under the inbox layout, whose middleware is `inboxGuard`. And if a form
 * route ever lacked its middleware, its action refuses (503) rather than store without a quota.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { RouterContextProvider } from "react-router";
import { type Mock, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allPages } from "~/content/pages";
import { contactMessages, leadMessages } from "~/content/form-messages";
import { formQuota } from "~/lib/server/leads/form-post.server";
import { inboxGuard } from "~/lib/server/inbox/guard.server";
import { toListingRow } from "~/lib/server/listings/property.server";
import { upsertListings } from "~/lib/server/listings/store.server";
import type { LeadsContext } from "~/lib/server/leads/context.server";
import { type ServerContext, formQuotaContext, serverContext } from "~/router-context";
import routes from "~/routes";
import { count, testDatabaseForThisFile } from "../../tests/support/test-database";
import { RefusedClients } from "../../platform/refused-clients";
import { createRateLimiter } from "../../platform/rate-limit";
import * as contact from "./contact";
import * as layout from "./inbox/layout";
import * as listing from "./listing";
import * as welcome from "./welcome";

const t = testDatabaseForThisFile();

const APP = join(__dirname, "..");
const ROUTES = join(APP, "routes");

/** Every route module under app/routes (tests aside), relative to app/. */
function routeModules(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(APP, path)] : [];
  });
}

type Entry = { file: string; children?: Entry[] };
const all = (entries: Entry[]): Entry[] => entries.flatMap((e) => [e, ...all(e.children ?? [])]);
const routeEntries = routes as unknown as Entry[];

/** Every module the route table routes to, and any other under app/routes, outside the inbox. */
const publicModules = [...new Set([...all(routeEntries).map((e) => e.file), ...routeModules()])].filter(
  (file) => !file.startsWith("routes/inbox/"),
);
const EXPORTS_ACTION = /export\s+(?:async\s+)?(?:function\s+action\b|(?:const|let|var)\s+action\b)|export\s*\{[^}]*\baction\b[^}]*\}/;
/**
 * The pages a listing alert's links open take POSTs authorised by the signed token in their path,
 * not a form a stranger fills: a mail program's one-click unsubscribes arrive from a few shared
 * provider addresses and must never meet a 429, and every action there is idempotent (decision 039).
 */
const TOKEN_PAGES = ["routes/alerts/confirm.tsx", "routes/alerts/manage.tsx", "routes/alerts/unsubscribe.tsx"];
const publicActionModules = publicModules.filter(
  (file) => EXPORTS_ACTION.test(readFileSync(join(APP, file), "utf8")) && !TOKEN_PAGES.includes(file),
);

describe("every public route that takes a POST counts it against the visitor's quota", () => {
  it("finds the form routes (contact, welcome, a listing's question, the alerts' sign-up)", () => {
    expect(publicActionModules).toEqual(
      expect.arrayContaining(["routes/contact.tsx", "routes/welcome.tsx", "routes/listing.tsx", "routes/alerts/sign-up.tsx"]),
    );
  });

  it("the token pages exempted above exist and take POSTs", () => {
    for (const file of TOKEN_PAGES) expect(EXPORTS_ACTION.test(readFileSync(join(APP, file), "utf8")), file).toBe(true);
  });

  it.each(publicActionModules)("%s exports middleware with formQuota", async (file) => {
    const module = (await import(/* @vite-ignore */ join(APP, file))) as { action?: unknown; middleware?: unknown[] };
    expect(typeof module.action).toBe("function");
    expect(Array.isArray(module.middleware)).toBe(true);
    expect(module.middleware).toContain(formQuota);
  });

  it("the page catalogue's form pages are exactly the public pages with an action", () => {
    const catalogued = allPages.filter((p) => publicActionModules.includes(p.file));
    expect(catalogued.every((p) => p.form)).toBe(true);
    for (const page of allPages.filter((p) => p.form)) expect(publicActionModules).toContain(page.file);
  });

  it("the modules imported here are the same ones (contact, welcome, listing)", () => {
    for (const module of [contact, welcome, listing]) expect(module.middleware).toContain(formQuota);
  });
});

describe("every inbox route sits under the inbox layout and its guard", () => {
  it("the layout's middleware is inboxGuard", () => {
    expect(layout.middleware).toEqual([inboxGuard]);
  });

  it("no inbox module is routed anywhere but under the layout, and every one is routed", () => {
    const entries = routeEntries;
    const inboxLayout = entries.filter((e) => e.file === "routes/inbox/layout.tsx");
    expect(inboxLayout).toHaveLength(1);
    const underLayout = all(inboxLayout[0]!.children ?? []).map((e) => e.file);
    const elsewhere = all(entries.filter((e) => e !== inboxLayout[0])).map((e) => e.file);
    expect(elsewhere.filter((f) => f.startsWith("routes/inbox/"))).toEqual([]);
    const inboxModules = routeModules(join(ROUTES, "inbox")).filter((f) => f !== "routes/inbox/layout.tsx");
    expect(new Set(underLayout)).toEqual(new Set(inboxModules));
  });
});

describe("a form route without its quota refuses (fail closed)", () => {
  const HOME = {
    ListingKey: "28123456",
    ListingId: "E4400001",
    ListPrice: 525_000,
    UnparsedAddress: "10123 Jasper Avenue NW, Edmonton, Alberta T5J 0A1",
    City: "Edmonton",
    PropertySubType: "Single Family",
    OriginalEntryTimestamp: "2025-05-01T00:00:00Z",
    ModificationTimestamp: "2025-05-02T00:00:00Z",
  };
  const PATH = "/listings/28123456-10123-jasper-avenue-nw-edmonton";

  let error: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    error = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    error.mockRestore();
  });

  /** The server's context on the test database; `leads.notificationQueued` tells whether anything was stored. */
  function stand(): { leads: LeadsContext & { notificationQueued: Mock<() => void> }; context: RouterContextProvider } {
    const leads = { db: t.db, notificationQueued: vi.fn<() => void>(), acknowledge: false };
    const server = { leads, clientIp: "203.0.113.9", listings: { db: t.db }, forms: { limiter: null, max: 5 } } as unknown as ServerContext;
    // The server's context only: no middleware ran, so no quota was counted.
    return { leads, context: new RouterContextProvider(new Map([[serverContext, server]])) };
  }

  /** Submissions stored: contact messages and welcome leads. */
  const stored = async () => (await count(t.db, "contacts")) + (await count(t.db, "leads"));

  const post = (path: string, fields: Record<string, string>) =>
    new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
  type Answer = { data: { status: string; message?: string }; init: { status?: number } | null };

  it.each([
    [
      "contact",
      "/contact",
      contact.action,
      { name: "Jane", email: "jane@example.com", phone: "", message: "Hi", website: "" },
      contactMessages.failure,
      {},
    ],
    [
      "welcome",
      "/welcome",
      welcome.action,
      { fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "buying", comments: "", website: "" },
      leadMessages.failure,
      {},
    ],
    [
      "listing",
      PATH,
      listing.action,
      { name: "Ann", email: "ann@example.com", phone: "", message: "Is it still available?", website: "" },
      contactMessages.failure,
      { slug: PATH.slice(10) },
    ],
  ] as const)("the %s action answers 503 and stores nothing", async (_name, path, action, fields, message, params) => {
    await upsertListings(t.db, [toListingRow(HOME)]);
    const { leads, context } = stand();
    expect(() => context.get(formQuotaContext)).not.toThrow();
    expect(context.get(formQuotaContext)).toBeNull();
    const out = (await action({ request: post(path, fields), context, params } as never)) as unknown as Answer;
    expect(out.init?.status).toBe(503);
    expect(out.data).toMatchObject({ status: "error", message });
    expect(await stored()).toBe(0);
    expect(await count(t.db, "notification_outbox")).toBe(0);
    expect(leads.notificationQueued).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("no form quota was counted"));
  });

  it("with its middleware the same post is stored", async () => {
    const { leads, context } = stand();
    const decision = { allowed: true, retryAfterSeconds: 600, excess: 0 };
    const server = context.get(serverContext)!;
    server.forms = { limiter: { consume: vi.fn(async () => decision), refund: vi.fn(), reset: vi.fn() }, max: 5 };
    const request = post("/contact", { name: "Jane", email: "jane@example.com", phone: "", message: "Hi", website: "" });
    let out: Answer | undefined;
    await contact.middleware[0]!({ request, context, params: {} } as never, async () => {
      out = (await contact.action({ request, context, params: {} } as never)) as unknown as Answer;
      return new Response(null);
    });
    expect(context.get(formQuotaContext)).toEqual(decision);
    expect(out!.data).toEqual({ status: "success" });
    expect(await count(t.db, "contacts")).toBe(1);
    expect(await count(t.db, "notification_outbox")).toBe(1);
    expect(leads.notificationQueued).toHaveBeenCalledTimes(1);
  });

  it.each(["PUT", "PATCH", "DELETE"])("a %s, which also reaches the action, is never stored without being counted", async (method) => {
    const { context } = stand();
    const consume = vi.fn(async () => ({ allowed: true, retryAfterSeconds: 600, excess: 0 }));
    context.get(serverContext)!.forms = { limiter: { consume, refund: vi.fn(), reset: vi.fn() }, max: 5 };
    const request = new Request("http://localhost/contact", {
      method,
      body: new URLSearchParams({ name: "Jane", email: "jane@example.com", phone: "", message: "Hi", website: "" }),
    });
    let out: Answer | undefined;
    await contact.middleware[0]!({ request, context, params: {} } as never, async () => {
      out = (await contact.action({ request, context, params: {} } as never)) as unknown as Answer;
      return new Response(null);
    });
    const submissions = await stored();
    expect(submissions).toBeLessThanOrEqual(consume.mock.calls.length);
    if (!submissions) expect(out!.init?.status).toBeGreaterThanOrEqual(400);
  });

  it("the middleware counts only POSTs", async () => {
    const { context } = stand();
    const consume = vi.fn(async () => ({ allowed: true, retryAfterSeconds: 600, excess: 0 }));
    context.get(serverContext)!.forms = { limiter: { consume, refund: vi.fn(), reset: vi.fn() }, max: 5 };
    for (const method of ["GET", "HEAD"]) {
      await formQuota(
        { request: new Request("http://localhost/contact", { method }), context, params: {} } as never,
        async () => new Response(null),
      );
    }
    expect(consume).not.toHaveBeenCalled();
    expect(context.get(formQuotaContext)).toBeNull();
  });

  it("counts an IPv6 client per /64 and an IPv4-mapped one as its IPv4 address, and remembers a client it refused outright", async () => {
    const { context } = stand();
    const server = context.get(serverContext)!;
    const refused = new RefusedClients();
    server.forms = { limiter: await createRateLimiter(t.db, { name: "form-quota-test", max: 2, windowMs: 60_000 }), max: 2, refused };
    const statusFrom = async (ip: string) => {
      server.clientIp = ip;
      const answer = await formQuota(
        { request: new Request("http://localhost/contact", { method: "POST" }), context, params: {} } as never,
        async () => new Response(null, { status: 200 }),
      );
      return (answer as Response).status;
    };
    const fromOneNetwork = [];
    for (let i = 1; i <= 6; i++) fromOneNetwork.push(await statusFrom(`2001:db8:7:1::${i.toString(16)}`));
    // Two within the limit, two more get the page's own answer (the action's 429), then a bare 429 from the middleware.
    expect(fromOneNetwork).toEqual([200, 200, 200, 200, 429, 429]);
    expect(refused.secondsLeft("2001:db8:7:1::/64", "/contact.data")).toBeGreaterThan(0);
    expect(await statusFrom("2001:db8:7:2::1")).toBe(200);
    expect(await statusFrom("::ffff:203.0.113.50")).toBe(200);
    expect(await statusFrom("203.0.113.50")).toBe(200);
    expect(await statusFrom("::ffff:203.0.113.50")).toBe(200);
    expect(await statusFrom("203.0.113.50")).toBe(200);
    expect(await statusFrom("::ffff:cb00:7132")).toBe(429);
  });
});
