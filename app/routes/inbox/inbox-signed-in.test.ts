/**
 * The inbox with a valid session, against a real database with a lead in it (set-up in
 * tests/support/inbox-security.ts): the lead is shown as data, the CSV neutralises formulas, the
 * session cookie is renewed and read only under its __Host- name, and the inbox's own actions run
 * while bodies, files and ids out of range are refused.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sentCookie, tokenIn } from "../../../tests/support/inbox-cookies";
import {
  type Handler,
  SITE,
  expectPrivate,
  form,
  inboxWithALeadForThisFile,
  json,
  nothingChanged,
  outcome,
  personId,
  request,
  sessionCookie,
  t,
  validToken,
} from "../../../tests/support/inbox-security";
import * as account from "./account";
import * as exportCsv from "./export";
import * as layout from "./layout";
import * as person from "./person";

inboxWithALeadForThisFile();

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
    expect(out.headers.get("Set-Cookie")).toMatch(/^__Host-inbox_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await tokenIn(out.headers.getSetCookie(), "__Host-inbox_session")).toBe(validToken);
  });

  it("the session cookie without its __Host- prefix is not read on the https site", async () => {
    const req = new Request(`${SITE}/inbox/people/${personId}`, { headers: { Cookie: sentCookie("inbox_session", validToken) } });
    expect((await outcome(person.loader as Handler, req, { personId })).status).toBe(302);
  });

  it("an action from the inbox's own pages runs, also when the site is reached by its address", async () => {
    try {
      const own = await outcome(
        person.action as Handler,
        request(`/inbox/people/${personId}`, validToken, form({ intent: "status", status: "contacted" })),
        { personId },
      );
      expect(own.status).toBe(200);
      expect(own.ran).toBe(true);
      const [p] = await t.db.rows<{ status: string }>(sql`select status from people`);
      expect(p!.status).toBe("contacted");

      // A local visit by address: the request's own origin, not the site's.
      const local = new Request(`http://127.0.0.1:3000/inbox/people/${personId}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "note", note: "Called back" }),
        headers: { Origin: "http://127.0.0.1:3000", Cookie: sentCookie(sessionCookie(), validToken) },
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
    const asJson = await outcome(person.action as Handler, request(path, validToken, json({ intent: "status", status: "spam" })), {
      personId,
    });
    expect(asJson.status).toBe(415);
    const withFile = new FormData();
    withFile.set("intent", "note");
    withFile.set("note", new File(["x"], "x.txt"));
    expect(
      (await outcome(person.action as Handler, request(path, validToken, { method: "POST", body: withFile }), { personId })).status,
    ).toBe(400);
    const nul = await outcome(person.action as Handler, request(path, validToken, form({ intent: "note", note: "a\u0000b" })), {
      personId,
    });
    expect(nul.status).toBe(400);
    for (const id of ["abc", "0", "-1", "3.5", "1e100", "2147483648"]) {
      const out = await outcome(person.action as Handler, request(`/inbox/people/${id}`, validToken, form({ intent: "note", note: "x" })), {
        personId: id,
      });
      expect(out.status).toBe(404);
    }
    await nothingChanged();
  });

  it("answers the Account page's forms as FormResult: a refusal names its section, a set-up link comes back once", async () => {
    const post = async (fields: Record<string, string>) => {
      const out = await outcome(account.action as Handler, request("/inbox/account", validToken, form(fields)));
      return { status: out.status, body: JSON.parse(out.body) as unknown };
    };
    expect(await post({ intent: "nope" })).toEqual({ status: 400, body: { status: "error", message: "Unknown action.", values: null } });
    expect(await post({ intent: "invite", email: "not an address" })).toEqual({
      status: 400,
      body: { status: "error", message: "Enter the e-mail address of the person the link is for.", values: null, section: "invite" },
    });
    expect(await post({ intent: "revoke-invite", id: "no-such-link" })).toEqual({
      status: 409,
      body: { status: "error", message: "That set-up link was already used, revoked or expired.", values: null, section: "invite" },
    });
    // The agent's is the only account: the last is never removed.
    expect(await post({ intent: "remove-account", id: "99999" })).toEqual({
      status: 409,
      body: { status: "error", message: "The last account cannot be removed.", values: null, section: "accounts" },
    });
    const made = await post({ intent: "invite", email: "assistant@example.com" });
    expect(made).toMatchObject({
      status: 200,
      body: { status: "success", made: { link: expect.stringMatching(/^https?:\/\/[^/]+\/inbox\/setup\/[A-Za-z0-9_-]+$/) } },
    });
    await t.db.rows(sql`delete from inbox_invites where email = 'assistant@example.com'`);
  });
});
