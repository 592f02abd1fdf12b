/**
 * Every inbox loader and action, called as React Router calls them (behind the inbox layout's
 * middleware, `inboxGuard`, with the router context the server fills), against a real database
 * with a lead in it: without a session, with a forged cookie or an expired one, pages redirect to
 * sign-in and data and actions answer 401, and nothing of the lead is in any answer. An action
 * from another site's page is refused (403) before it runs, session or not; every answer is
 * private. Sign-in: attempts are counted before the password is checked, and the agent's own
 * browser still gets in while strangers have used up the account.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TestDatabase, createTestDatabase } from "../../../tests/support/test-database";
import { SIGN_IN_MESSAGES } from "~/lib/inbox";
import { recordLead } from "~/lib/server/leads.server";
import { type Account, createAccountFromInvite, createInvite } from "~/lib/server/inbox/accounts.server";
import { type InboxContext, createInboxContext } from "~/lib/server/inbox/context.server";
import { deviceCookieName, rememberDevice } from "~/lib/server/inbox/devices.server";
import { inboxGuard } from "~/lib/server/inbox/guard.server";
import { createSession, sessionCookieName } from "~/lib/server/inbox/sessions.server";
import { CHALLENGES_PER_ADDRESS, SIGN_IN_FAILURES_PER_ACCOUNT } from "~/lib/server/inbox/sign-in-throttle.server";
import type { SiteServices } from "~/lib/services";
import { type ServerContext, serverContext } from "~/router-context";
import * as account from "./account";
import * as exportCsv from "./export";
import * as layout from "./layout";
import * as passkey from "./passkey";
import * as people from "./people";
import * as person from "./person";
import * as pulse from "./pulse";
import * as setup from "./setup";
import * as signIn from "./sign-in";

let t: TestDatabase;
let inbox: InboxContext;
let jordan: Account;
let expiredToken = "";
let validToken = "";
const SECRET = "Secret lead <b>Vanessa</b>";
const SITE = "https://agent.example";
const PASSWORD = "a long enough passphrase";
const NONCE = "n0nce";

beforeAll(async () => {
  t = await createTestDatabase();
  inbox = await createInboxContext(t.db, SITE, () => {});
  await recordLead(t.db, { fullName: SECRET, email: "vanessa@example.com", phone: "780-555-0101", serviceType: "selling", comments: "=1+1" });
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

type Handler = (args: never) => unknown;
const personId = "1";

/** The site is https: its cookies are `__Host-` named. */
const sessionCookie = () => sessionCookieName(inbox.secureCookies);

function request(path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie !== null) headers.append("Cookie", `${sessionCookie()}=${cookie}`);
  // The inbox's own pages send their Origin with every action; a test of the refusal overrides it.
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", SITE);
  return new Request(`${SITE}${path}`, { ...init, headers });
}

function contextFor(clientIp: string): RouterContextProvider {
  const server: ServerContext = {
    services: {} as SiteServices,
    inbox,
    listings: null,
    forms: { limiter: { consume: () => Promise.reject(new Error("not a form")), refund: async () => {}, reset: async () => {} }, max: 5 },
    clientIp,
    fromThisMachine: false,
    cspNonce: NONCE,
    contentSecurityPolicy: undefined,
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

interface Outcome {
  status: number;
  location: string | null;
  body: string;
  headers: Headers;
  /** Whether the loader or action ran at all (the guard can answer first). */
  ran: boolean;
}

/** Runs `handler` behind the inbox layout's middleware, with the router context the server would give it. */
async function outcome(handler: Handler, req: Request, params: Record<string, string> = {}, clientIp = "203.0.113.1"): Promise<Outcome> {
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
  return { status: response.status, location: response.headers.get("Location"), body: await response.text(), headers: response.headers, ran };
}

async function nothingChanged() {
  const [p] = await t.db.rows<{ status: string }>(sql`select status from people`);
  expect(p!.status).toBe("new");
  expect((await t.db.rows(sql`select 1 from person_events`)).length).toBe(0);
}

function expectPrivate(out: Outcome) {
  expect(out.headers.get("Cache-Control")).toBe("no-store");
  expect(out.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  expect(out.headers.get("Content-Security-Policy")).toContain(`'nonce-${NONCE}'`);
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
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const actions: [string, Handler, string, RequestInit, Record<string, string>][] = [
  ["status", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "status", status: "spam" }), { personId }],
  ["note", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "note", note: "x" }), { personId }],
  ["resend", person.action as Handler, `/inbox/people/${personId}`, form({ intent: "resend", notificationId: "1" }), { personId }],
  ["invite", account.action as Handler, "/inbox/account", form({ intent: "invite", email: "mallory@example.com" }), {}],
  ["remove passkey", account.action as Handler, "/inbox/account", form({ intent: "remove-passkey", id: "x" }), {}],
  ["sign out everywhere", account.action as Handler, "/inbox/account", form({ intent: "sign-out-everywhere" }), {}],
  ["passkey register-options", passkey.action as Handler, "/inbox/passkey", json({ intent: "register-options" }), {}],
  ["passkey register", passkey.action as Handler, "/inbox/passkey", json({ intent: "register", response: {} }), {}],
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
    expectPrivate(out);
  });

  it.each(data)("%s answers 401", async (_name, loader, path) => {
    const out = await outcome(loader, request(path, cookie()));
    expect(out.status).toBe(401);
    expect(out.body).not.toContain("Vanessa");
    expectPrivate(out);
  });

  it.each(actions)("the %s action answers 401 and changes nothing", async (_name, action, path, init, params) => {
    const out = await outcome(action, request(path, cookie(), init), params);
    expect(out.status).toBe(401);
    expect(out.body).not.toContain("Vanessa");
    await nothingChanged();
    expect((await t.db.rows(sql`select 1 from inbox_invites where used_at is null`)).length).toBe(0);
  });

  it("the layout says no one is signed in, and sets no cookie", async () => {
    const out = await outcome(layout.loader as Handler, request("/inbox", cookie()));
    expect(JSON.parse(out.body)).toEqual({ account: null });
    expect(out.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("an action from another site's page", () => {
  const origins: [string, string | null][] = [
    ["another origin", "https://evil.example"],
    ["a look-alike origin", "https://agent.example.evil.example"],
    ["the site over http", "http://agent.example"],
    ["an opaque origin", "null"],
    ["no Origin", null],
  ];
  const from = (req: Request, origin: string | null) => {
    if (origin === null) req.headers.delete("Origin");
    else req.headers.set("Origin", origin);
    return req;
  };
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
  });

  it.each(origins)("is refused with 403 from %s, even with a valid session, before the action runs", async (_label, origin) => {
    for (const [, action, path, init, params] of actions) {
      const req = from(request(path, validToken, init), origin);
      expect(req.headers.get("Origin")).toBe(origin);
      const out = await outcome(action, req, params);
      expect(out.status).toBe(403);
      expect(out.ran).toBe(false);
      expect(out.body).not.toContain("Vanessa");
      expectPrivate(out);
      expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/^\[inbox\] 403 POST \/inbox\//));
    }
    await nothingChanged();
    expect((await t.db.rows(sql`select 1 from inbox_invites where used_at is null`)).length).toBe(0);
    // Nor did the refused "sign out everywhere" end the session.
    expect((await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, validToken), { personId })).status).toBe(200);
  });

  it.each(origins)("a sign-in from %s is refused with 403 and never reaches the password check", async (_label, origin) => {
    const req = from(request("/inbox/sign-in", null, form({ email: "jordan@example.com", password: PASSWORD })), origin);
    const out = await outcome(signIn.action as Handler, req);
    expect(out.status).toBe(403);
    expect(out.ran).toBe(false);
    expect(out.headers.get("Set-Cookie")).toBeNull();
  });

  it("GET needs no Origin: a link from anywhere opens the page (SameSite=Lax sends the cookie)", async () => {
    const out = await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, validToken), { personId });
    expect(out.status).toBe(200);
  });
});

describe("inbox with a valid session", () => {
  it("shows the lead, its markup as data (React escapes it when rendering)", async () => {
    const out = await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, validToken), { personId });
    expect(out.status).toBe(200);
    expect(out.body).toContain("Vanessa");
    expectPrivate(out);
  });

  it("the CSV neutralises the formula the visitor typed", async () => {
    const out = await outcome(exportCsv.loader as Handler, request("/inbox/export/submissions.csv", validToken));
    expect(out.status).toBe(200);
    expect(out.body).toContain(`"'=1+1"`);
    expectPrivate(out);
  });

  it("the layout names the account and renews the session cookie", async () => {
    const out = await outcome(layout.loader as Handler, request("/inbox", validToken));
    expect(JSON.parse(out.body)).toEqual({ account: { name: "Jordan" } });
    expect(out.headers.get("Set-Cookie")).toMatch(new RegExp(`^__Host-inbox_session=${validToken}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+; Secure$`));
  });

  it("the session cookie without its __Host- prefix is not read on the https site", async () => {
    const req = new Request(`${SITE}/inbox/people/${personId}`, { headers: { Cookie: `inbox_session=${validToken}` } });
    expect((await outcome(person.loader as Handler, req, { personId })).status).toBe(302);
  });

  it("an action from the inbox's own pages runs, also when the site is reached by its address", async () => {
    try {
      const own = await outcome(person.action as Handler, request(`/inbox/people/${personId}`, validToken, form({ intent: "status", status: "contacted" })), { personId });
      expect(own.status).toBe(200);
      expect(own.ran).toBe(true);
      const [p] = await t.db.rows<{ status: string }>(sql`select status from people`);
      expect(p!.status).toBe("contacted");

      // A local visit by address: the request's own origin, not the site's.
      const local = new Request(`http://127.0.0.1:3000/inbox/people/${personId}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "note", note: "Called back" }),
        headers: { Origin: "http://127.0.0.1:3000", Cookie: `${sessionCookie()}=${validToken}` },
      });
      const byAddress = await outcome(person.action as Handler, local, { personId });
      expect(byAddress.status).toBe(200);
      expect((await t.db.rows(sql`select 1 from person_events where kind = 'note'`)).length).toBe(1);
    } finally {
      await t.db.rows(sql`update people set status = 'new'`);
      await t.db.rows(sql`delete from person_events`);
    }
    await nothingChanged();
  });

  it("refuses a body that is not a form (415), a file (400) or an id out of range (404), changing nothing", async () => {
    const path = `/inbox/people/${personId}`;
    const asJson = await outcome(person.action as Handler, request(path, validToken, json({ intent: "status", status: "spam" })), { personId });
    expect(asJson.status).toBe(415);
    const withFile = new FormData();
    withFile.set("intent", "note");
    withFile.set("note", new File(["x"], "x.txt"));
    expect((await outcome(person.action as Handler, request(path, validToken, { method: "POST", body: withFile }), { personId })).status).toBe(400);
    const nul = await outcome(person.action as Handler, request(path, validToken, form({ intent: "note", note: "a\u0000b" })), { personId });
    expect(nul.status).toBe(400);
    for (const id of ["abc", "0", "-1", "3.5", "1e100", "2147483648"]) {
      const out = await outcome(person.action as Handler, request(`/inbox/people/${id}`, validToken, form({ intent: "note", note: "x" })), { personId: id });
      expect(out.status).toBe(404);
    }
    await nothingChanged();
  });
});

describe("signing in", () => {
  const signInForm = (email: string, password: string) => form({ email, password, next: `/inbox/people/${personId}` });
  const tallies = async (method: string) =>
    Number((await t.db.rows<{ n: number }>(sql`select coalesce(sum(throttled), 0)::integer as n from inbox_sign_in_tallies where method = ${method}`))[0]!.n);
  const cookieFrom = (out: Outcome, name: string) => {
    for (const c of out.headers.getSetCookie()) if (c.startsWith(`${name}=`)) return c.slice(name.length + 1).split(";")[0]!;
    return null;
  };

  it("counts each attempt before the check; past the account's limit strangers wait, the agent's own browser does not", async () => {
    // The agent signs in once on this browser: a session, and a device cookie for the account.
    const first = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("Jordan@Example.com", PASSWORD)), {}, "198.51.100.1");
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/inbox/people/${personId}`);
    const session = cookieFrom(first, sessionCookieName(true));
    const device = cookieFrom(first, deviceCookieName(true));
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, session), { personId })).status).toBe(200);

    // Strangers guess, each from an address of their own, the e-mail spelled every which way.
    const spellings = ["jordan@example.com", "JORDAN@example.com", " Jordan@Example.COM "];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      const out = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm(spellings[i % 3]!, `wrong guess ${i}`)), {}, `203.0.113.${10 + i}`);
      expect(out.status).toBe(401);
      expect(JSON.parse(out.body).error).toBe(SIGN_IN_MESSAGES.wrong);
    }
    const throttled = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("jordan@example.com", "one more guess")), {}, "203.0.113.99");
    expect(throttled.status).toBe(429);
    const wait = Number(throttled.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(JSON.parse(throttled.body).error).toBe(SIGN_IN_MESSAGES.throttledFor(Math.ceil(wait / 60)));

    // The right password from a browser that never signed in is held up too...
    const stranger = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("jordan@example.com", PASSWORD)), {}, "198.51.100.2");
    expect(stranger.status).toBe(429);
    expect(cookieFrom(stranger, sessionCookieName(true))).toBeNull();

    // ...but the agent's own browser gets in, even from an address the strangers used.
    const withDevice = request("/inbox/sign-in", null, signInForm("jordan@example.com", PASSWORD));
    withDevice.headers.set("Cookie", `${deviceCookieName(true)}=${device}`);
    const mine = await outcome(signIn.action as Handler, withDevice, {}, "203.0.113.10");
    expect(mine.status).toBe(302);
    expect(cookieFrom(mine, sessionCookieName(true))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same device cookie, kept.
    expect(cookieFrom(mine, deviceCookieName(true))).toBe(device);

    // Attempts that reached the check are in the log; throttled ones are only counted.
    const [log] = await t.db.rows<{ ok: number; failed: number }>(sql`
      select count(*) filter (where ok)::integer as ok, count(*) filter (where not ok and email = 'jordan@example.com')::integer as failed from inbox_sign_ins`);
    expect(log).toEqual({ ok: 2, failed: SIGN_IN_FAILURES_PER_ACCOUNT });
    expect(await tallies("password")).toBe(2);
  });

  it("reads a password as typed: its surrounding spaces are part of it", async () => {
    const spaced = "  spaced out passphrase  ";
    const { token } = await createInvite(t.db, { email: "spaces@example.com" });
    const setUp = await outcome(setup.action as Handler, request(`/inbox/setup/${token}`, null, form({ name: "Spacey", email: "spaces@example.com", password: spaced })), { token }, "192.0.2.7");
    expect(setUp.status).toBe(302);
    const trimmed = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("spaces@example.com", spaced.trim())), {}, "192.0.2.7");
    expect(trimmed.status).toBe(401);
    const asTyped = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("spaces@example.com", spaced)), {}, "192.0.2.7");
    expect(asTyped.status).toBe(302);
  });

  it("refuses bad input with 4xx, never a 500", async () => {
    const asJson = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, json({ email: "jordan@example.com", password: PASSWORD })), {}, "192.0.2.1");
    expect(asJson.status).toBe(415);
    const tooLong = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("jordan@example.com", "x".repeat(201))), {}, "192.0.2.1");
    expect(tooLong.status).toBe(400);
    const empty = await outcome(signIn.action as Handler, request("/inbox/sign-in", null, signInForm("", "")), {}, "192.0.2.1");
    expect(empty.status).toBe(400);
  });

  it(`hands out at most ${CHALLENGES_PER_ADDRESS} passkey challenges per address, and always to a browser that signed in before`, async () => {
    const ask = (clientIp: string, cookie?: string) => {
      const req = request("/inbox/passkey", null, json({ intent: "sign-in-options" }));
      if (cookie) req.headers.set("Cookie", cookie);
      return outcome(passkey.action as Handler, req, {}, clientIp);
    };
    for (let i = 0; i < CHALLENGES_PER_ADDRESS; i++) expect((await ask("192.0.2.50")).status).toBe(200);
    const refused = await ask("192.0.2.50");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await ask("192.0.2.51")).status).toBe(200);

    // A browser that signed in before is never refused one; a made-up device cookie is a stranger's.
    const device = await rememberDevice(t.db, jordan.id, null, true);
    expect(device).toMatch(new RegExp(`^${deviceCookieName(true)}=`));
    const deviceCookie = device.split(";")[0]!;
    for (let i = 0; i < 3; i++) expect((await ask("192.0.2.50", deviceCookie)).status).toBe(200);
    expect((await ask("192.0.2.50", `${deviceCookieName(true)}=${"B".repeat(43)}`)).status).toBe(429);
  });

  it("a passkey that does not verify answers 401 and is logged", async () => {
    const req = request("/inbox/passkey", null, json({ intent: "sign-in", response: { id: "made-up", response: {} } }));
    const out = await outcome(passkey.action as Handler, req, {}, "192.0.2.60");
    expect(out.status).toBe(401);
    expect(JSON.parse(out.body).message).toBe(SIGN_IN_MESSAGES.passkeyFailed);
    expect((await t.db.rows(sql`select 1 from inbox_sign_ins where method = 'passkey' and not ok`)).length).toBe(1);
    for (const body of ["null", "[1]", '{"intent":"sign-in","response":"\\ud800"}']) {
      const bad = new Request(`${SITE}/inbox/passkey`, { method: "POST", body, headers: { "Content-Type": "application/json", Origin: SITE } });
      expect((await outcome(passkey.action as Handler, bad, {}, "192.0.2.61")).status).toBe(400);
    }
  });
});
