/**
 * Test support (not a test) shared by the inbox security tests (inbox-refusals, inbox-signed-in
 * and inbox-sign-in *.test.ts): a real database with a lead and an account in it, sessions valid
 * and expired, and every inbox loader and action called as React Router calls them (behind the
 * inbox layout's middleware, `inboxGuard`, with the router context the server fills).
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { type TestDatabase, createTestDatabase } from "./test-database";
import { sentCookie } from "./inbox-cookies";
import { recordLead } from "~/lib/server/leads/leads.server";
import { type Account, createAccountFromInvite, createInvite } from "~/lib/server/inbox/accounts.server";
import { type InboxContext, createInboxContext } from "~/lib/server/inbox/context.server";
import { inboxGuard } from "~/lib/server/inbox/guard.server";
import { createSession, inboxCookie } from "~/lib/server/inbox/sessions.server";
import { type ServerContext, serverContext } from "~/router-context";
import * as account from "../../app/routes/inbox/account";
import * as exportCsv from "../../app/routes/inbox/export";
import * as passkey from "../../app/routes/inbox/passkey";
import * as people from "../../app/routes/inbox/people";
import * as person from "../../app/routes/inbox/person";
import * as pulse from "../../app/routes/inbox/pulse";

const SECRET = "Secret lead <b>Vanessa</b>";
export const SITE = "https://agent.example";
export const PASSWORD = "a long enough passphrase";
const NONCE = "n0nce";

// Set by inboxWithALeadForThisFile's beforeAll; read inside the tests.
export let t: TestDatabase;
export let inbox: InboxContext;
export let jordan: Account;
export let expiredToken = "";
export let validToken = "";

/**
 * For a test file, at its top: its own database (not emptied between tests), with the lead, the agent's
 * account and its two sessions, one expired, made before the tests; dropped after them.
 */
export function inboxWithALeadForThisFile(): void {
  beforeAll(async () => {
    t = await createTestDatabase();
    inbox = await createInboxContext(t.db, {
      siteUrl: SITE,
      kickOutbox: () => {},
      push: { publicKey: "BTest", endpointRules: { localHosts: [] }, queued: () => {} },
      replyMinutes: 60,
    });
    await recordLead(t.db, {
      fullName: SECRET,
      email: "vanessa@example.com",
      phone: "780-555-0101",
      serviceType: "selling",
      comments: "=1+1",
    });
    const { token } = await createInvite(t.db);
    const created = await createAccountFromInvite(t.db, token, { name: "Jordan", email: "jordan@example.com", password: PASSWORD });
    if (!created.ok) throw new Error("no account");
    jordan = created.account;
    expiredToken = (await createSession(t.db, created.account.id, { address: "", userAgent: null })).token;
    await t.db.rows(sql`update inbox_sessions set expires_at = now() - interval '1 minute'`);
    validToken = (await createSession(t.db, created.account.id, { address: "", userAgent: null })).token;
  });
  afterAll(async () => {
    await t?.drop();
  });
}

export type Handler = (args: never) => unknown;
export const personId = "1";

/** The site is https: its cookies are `__Host-` named. */
export const sessionCookie = () => inboxCookie("inbox_session", inbox.secureCookies).name;

export function request(path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie !== null) headers.append("Cookie", sentCookie(sessionCookie(), cookie));
  // The inbox's own pages send their Origin with every action; a test of the refusal overrides it.
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", SITE);
  return new Request(`${SITE}${path}`, { ...init, headers });
}

function contextFor(clientIp: string): RouterContextProvider {
  const server: ServerContext = {
    leads: { db: inbox.db, notificationQueued: () => {}, acknowledge: false },
    inbox,
    listings: null,
    alerts: null,
    forms: { limiter: { consume: () => Promise.reject(new Error("not a form")), refund: async () => {}, reset: async () => {} }, max: 5 },
    clientIp,
    fromThisMachine: false,
    cspNonce: NONCE,
    contentSecurityPolicy: undefined,
    renderTicket: undefined,
  };
  return new RouterContextProvider(new Map([[serverContext, server]]));
}

/** What a loader or action returned or threw, as React Router would answer it. */
function asResponse(value: unknown, thrown: boolean): Response {
  if (value instanceof Response) return value;
  const d = value as { type?: string; init?: ResponseInit | null; data?: unknown } | null;
  if (d?.type === "DataWithResponseInit") return new Response(JSON.stringify(d.data), d.init ?? undefined);
  if (thrown) throw value;
  return Response.json(value);
}

export interface Outcome {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
  /** Whether the loader or action ran at all (the guard can answer first). */
  ran: boolean;
}

/** Runs `handler` behind the inbox layout's middleware, with the router context the server would give it. */
export async function outcome(
  handler: Handler,
  req: Request,
  params: Record<string, string> = {},
  clientIp = "203.0.113.1",
): Promise<Outcome> {
  const context = contextFor(clientIp);
  let ran = false;
  const response = (await inboxGuard({ request: req, params, context } as never, async () => {
    ran = true;
    try {
      return asResponse(await handler({ request: req, params, context } as never), false);
    } catch (thrown) {
      return asResponse(thrown, true);
    }
  })) as Response;
  return {
    status: response.status,
    location: response.headers.get("Location"),
    body: await response.text(),
    headers: response.headers,
    ran,
  };
}

export async function nothingChanged() {
  const [p] = await t.db.rows<{ status: string }>(sql`select status from people`);
  expect(p!.status).toBe("new");
  expect((await t.db.rows(sql`select 1 from person_events`)).length).toBe(0);
}

export function expectPrivate(out: Outcome) {
  expect(out.headers.get("Cache-Control")).toBe("private, no-store");
  expect(out.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  expect(out.headers.get("Content-Security-Policy")).toContain(`'nonce-${NONCE}'`);
}

export const pages: [string, Handler, string, Record<string, string>][] = [
  ["people", people.loader as Handler, "/inbox?q=vanessa", {}],
  ["person", person.loader as Handler, `/inbox/people/${personId}`, { personId }],
  ["account", account.loader as Handler, "/inbox/account", {}],
];
export const data: [string, Handler, string][] = [
  ["people.csv", exportCsv.loader as Handler, "/inbox/export/people.csv"],
  ["submissions.csv", exportCsv.loader as Handler, "/inbox/export/submissions.csv"],
  ["pulse", pulse.loader as Handler, "/inbox/pulse"],
];
export const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
export const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
export const actions: [string, Handler, string, RequestInit, Record<string, string>][] = [
  ["status", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "status", status: "spam" }), { personId }],
  ["note", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "note", note: "x" }), { personId }],
  ["resend", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "resend", notificationId: "1" }), { personId }],
  ["invite", account.action as Handler, "/inbox/account", form({ intent: "invite", email: "mallory@example.com" }), {}],
  ["remove passkey", account.action as Handler, "/inbox/account", form({ intent: "remove-passkey", id: "x" }), {}],
  ["sign out everywhere", account.action as Handler, "/inbox/account", form({ intent: "sign-out-everywhere" }), {}],
  ["passkey register-options", passkey.action as Handler, "/inbox/passkey", json({ intent: "register-options" }), {}],
  ["passkey register", passkey.action as Handler, "/inbox/passkey", json({ intent: "register", response: {} }), {}],
];
