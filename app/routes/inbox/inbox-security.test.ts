/**
 * Every inbox loader and action, called as React Router calls them, against a real database with
 * a lead in it: without a session, with a forged cookie or an expired one, pages redirect to
 * sign-in and data and actions answer 401, and nothing of the lead is in any answer.
 * (The foreign-Origin refusal happens before React Router: server/inbox-requests.test.ts.)
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase } from "../../../tests/support/test-database";
import { recordLead } from "~/lib/server/leads.server";
import { createAccountFromInvite, createInvite } from "~/lib/server/inbox/accounts.server";
import { type InboxContext, createInboxContext } from "~/lib/server/inbox/context.server";
import { createSession } from "~/lib/server/inbox/sessions.server";
import * as account from "./account";
import * as exportCsv from "./export";
import * as passkey from "./passkey";
import * as people from "./people";
import * as person from "./person";
import * as pulse from "./pulse";

let t: TestDatabase;
let inbox: InboxContext;
let expiredToken = "";
let validToken = "";
const SECRET = "Secret lead <b>Vanessa</b>";

beforeAll(async () => {
  t = await createTestDatabase();
  inbox = await createInboxContext(t.db, "https://agent.example", () => {});
  await recordLead(t.db, { fullName: SECRET, email: "vanessa@example.com", phone: "780-555-0101", serviceType: "selling", comments: "=1+1" });
  const { token } = await createInvite(t.db);
  const created = await createAccountFromInvite(t.db, token, { name: "Jordan", email: "jordan@example.com", password: "a long enough passphrase" });
  if (!created.ok) throw new Error("no account");
  expiredToken = (await createSession(t.db, created.account.id, { address: "", userAgent: null })).token;
  await t.db.rows(sql`update inbox_sessions set expires_at = now() - interval '1 minute'`);
  validToken = (await createSession(t.db, created.account.id, { address: "", userAgent: null })).token;
});
afterAll(async () => {
  await t?.drop();
});

type Handler = (args: never) => unknown;
const personId = "1";

function request(path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie !== null) headers.set("Cookie", `inbox_session=${cookie}`);
  return new Request(`https://agent.example${path}`, { ...init, headers });
}

async function outcome(handler: Handler, req: Request, params: Record<string, string> = {}): Promise<{ status: number; location: string | null; body: string }> {
  try {
    const result = await handler({ request: req, params, context: { inbox, clientIp: "203.0.113.1" } } as never);
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: await result.text() };
    return { status: 200, location: null, body: JSON.stringify(result) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.text() };
    const d = thrown as { type?: string; init?: { status?: number }; data?: unknown };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, location: null, body: JSON.stringify(d.data) };
    throw thrown;
  }
}

const pages: [string, Handler, string, Record<string, string>][] = [
  ["people", people.loader as Handler, "/inbox?q=vanessa", {}],
  ["person", person.loader as Handler, `/inbox/people/${personId}`, { personId }],
  ["account", account.loader as Handler, "/inbox/account", {}],
];
const data: [string, Handler, string][] = [
  ["people.csv", exportCsv.loader as Handler, "/inbox/export/people.csv"],
  ["submissions.csv", exportCsv.loader as Handler, "/inbox/export/submissions.csv"],
  ["pulse", pulse.loader as Handler, "/inbox/pulse"],
];
const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
const actions: [string, Handler, string, RequestInit, Record<string, string>][] = [
  ["status", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "status", status: "spam" }), { personId }],
  ["note", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "note", note: "x" }), { personId }],
  ["resend", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "resend", notificationId: "1" }), { personId }],
  ["invite", account.action as Handler, "/inbox/account", form({ intent: "invite" }), {}],
  ["remove passkey", account.action as Handler, "/inbox/account", form({ intent: "remove-passkey", id: "x" }), {}],
  ["sign out everywhere", account.action as Handler, "/inbox/account", form({ intent: "sign-out-everywhere" }), {}],
  ["passkey register-options", passkey.action as Handler, "/inbox/passkey", { method: "POST", body: JSON.stringify({ intent: "register-options" }) }, {}],
  ["passkey register", passkey.action as Handler, "/inbox/passkey", { method: "POST", body: JSON.stringify({ intent: "register", response: {} }) }, {}],
];

describe.each([
  ["no cookie", () => null],
  ["a forged cookie", () => "A".repeat(43)],
  ["an expired session", () => expiredToken],
  ["garbage", () => "'; drop table people; --"],
])("inbox with %s", (_label, cookie) => {
  it.each(pages)("the %s page redirects to sign-in and returns there", async (_name, loader, path, params) => {
    const out = await outcome(loader, request(path, cookie()), params);
    expect(out.status).toBe(302);
    expect(out.location).toBe(`/inbox/sign-in?next=${encodeURIComponent(path)}`);
    expect(out.body).not.toContain("Vanessa");
  });

  it.each(data)("%s answers 401", async (_name, loader, path) => {
    const out = await outcome(loader, request(path, cookie()));
    expect(out.status).toBe(401);
    expect(out.body).not.toContain("Vanessa");
  });

  it.each(actions)("the %s action answers 401 and changes nothing", async (_name, action, path, init, params) => {
    const out = await outcome(action, request(path, cookie(), init), params);
    expect(out.status).toBe(401);
    const [p] = await t.db.rows<{ status: string }>(sql`select status from people`);
    expect(p!.status).toBe("new");
    expect((await t.db.rows(sql`select 1 from person_events`)).length).toBe(0);
  });
});

describe("inbox with a valid session", () => {
  it("shows the lead, its markup as data (React escapes it when rendering)", async () => {
    const out = await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, validToken), { personId });
    expect(out.status).toBe(200);
    expect(out.body).toContain("Vanessa");
  });

  it("the CSV neutralises the formula the visitor typed", async () => {
    const out = await outcome(exportCsv.loader as Handler, request("/inbox/export/submissions.csv", validToken));
    expect(out.status).toBe(200);
    expect(out.body).toContain(`"'=1+1"`);
  });
});
