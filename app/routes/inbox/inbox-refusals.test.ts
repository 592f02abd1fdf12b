/**
 * Every inbox loader and action refuses what it must, against a real database with a lead in it
 * (set-up in tests/support/inbox-security.ts): without a session, with a forged cookie or an
 * expired one, pages redirect to sign-in and data and actions answer 401, and nothing of the lead
 * is in any answer. An action from another site's page is refused (403) before it runs, session
 * or not; every answer is private.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Handler,
  PASSWORD,
  actions,
  data,
  expectPrivate,
  expiredToken,
  form,
  inboxWithALeadForThisFile,
  nothingChanged,
  outcome,
  pages,
  personId,
  request,
  t,
  validToken,
} from "../../../tests/support/inbox-security";
import * as layout from "./layout";
import * as person from "./person";
import * as signIn from "./sign-in";

inboxWithALeadForThisFile();

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
