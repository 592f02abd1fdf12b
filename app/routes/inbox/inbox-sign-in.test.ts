/**
 * Signing in to the inbox, called as React Router calls it, against a real database with the
 * agent's account in it (set-up in tests/support/inbox-security.ts): attempts are counted before
 * the password is checked, the agent's own browser still gets in while strangers have used up
 * the account, passkey challenges are bounded per address, and bad input gets a 4xx.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "~/lib/inbox";
import { checkFieldsMessage } from "~/content/form-messages";
import { createInvite, passwordProblem } from "~/lib/server/inbox/accounts.server";
import { rememberDevice } from "~/lib/server/inbox/devices.server";
import { inboxCookie } from "~/lib/server/inbox/sessions.server";
import { sentCookie, tokenIn } from "../../../tests/support/inbox-cookies";
import { CHALLENGES_PER_ADDRESS, SIGN_IN_FAILURES_PER_ACCOUNT } from "~/lib/server/inbox/sign-in-throttle.server";
import {
  type Handler,
  type Outcome,
  PASSWORD,
  SITE,
  form,
  inboxWithALeadForThisFile,
  jordan,
  json,
  outcome,
  personId,
  request,
  t,
} from "../../../tests/support/inbox-security";
import * as passkey from "./passkey";
import * as person from "./person";
import * as setup from "./setup";
import * as signIn from "./sign-in";

const SESSION_COOKIE = inboxCookie("inbox_session", true).name;
const DEVICE_COOKIE = inboxCookie("inbox_device", true).name;

inboxWithALeadForThisFile();

describe("signing in", () => {
  const signInForm = (email: string, password: string) => form({ email, password, next: `/inbox/people/${personId}` });
  const tallies = async (method: string) =>
    Number(
      (
        await t.db.rows<{ n: number }>(
          sql`select coalesce(sum(throttled), 0)::integer as n from inbox_sign_in_tallies where method = ${method}`,
        )
      )[0]!.n,
    );
  const cookieFrom = (out: Outcome, name: string) => tokenIn(out.headers.getSetCookie(), name);

  it("counts each attempt before the check; past the account's limit strangers wait, the agent's own browser does not", async () => {
    // The agent signs in once on this browser: a session, and a device cookie for the account.
    const first = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("Jordan@Example.com", PASSWORD)),
      {},
      "198.51.100.1",
    );
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/inbox/people/${personId}`);
    const session = await cookieFrom(first, SESSION_COOKIE);
    const device = await cookieFrom(first, DEVICE_COOKIE);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await outcome(person.loader as Handler, request(`/inbox/people/${personId}`, session), { personId })).status).toBe(200);

    // Strangers guess, each from an address of their own, the e-mail spelled every which way.
    const spellings = ["jordan@example.com", "JORDAN@example.com", " Jordan@Example.COM "];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      const out = await outcome(
        signIn.action as Handler,
        request("/inbox/sign-in", null, signInForm(spellings[i % 3]!, `wrong guess ${i}`)),
        {},
        `203.0.113.${10 + i}`,
      );
      expect(out.status).toBe(401);
      expect(JSON.parse(out.body).message).toBe(SIGN_IN_MESSAGES.wrong);
    }
    const throttled = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("jordan@example.com", "one more guess")),
      {},
      "203.0.113.99",
    );
    expect(throttled.status).toBe(429);
    const wait = Number(throttled.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(JSON.parse(throttled.body).message).toBe(SIGN_IN_MESSAGES.throttledFor(Math.ceil(wait / 60)));

    // The right password from a browser that never signed in is held up too...
    const stranger = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("jordan@example.com", PASSWORD)),
      {},
      "198.51.100.2",
    );
    expect(stranger.status).toBe(429);
    expect(await cookieFrom(stranger, SESSION_COOKIE)).toBeNull();

    // ...but the agent's own browser gets in, even from an address the strangers used.
    const withDevice = request("/inbox/sign-in", null, signInForm("jordan@example.com", PASSWORD));
    withDevice.headers.set("Cookie", sentCookie(DEVICE_COOKIE, device!));
    const mine = await outcome(signIn.action as Handler, withDevice, {}, "203.0.113.10");
    expect(mine.status).toBe(302);
    expect(await cookieFrom(mine, SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same device cookie, kept.
    expect(await cookieFrom(mine, DEVICE_COOKIE)).toBe(device);

    // Attempts that reached the check are in the log; throttled ones are only counted.
    const [log] = await t.db.rows<{ ok: number; failed: number }>(sql`
      select count(*) filter (where ok)::integer as ok, count(*) filter (where not ok and email = 'jordan@example.com')::integer as failed from inbox_sign_ins`);
    expect(log).toEqual({ ok: 2, failed: SIGN_IN_FAILURES_PER_ACCOUNT });
    expect(await tallies("password")).toBe(2);
  });

  it("reads a password as typed: its surrounding spaces are part of it", async () => {
    const spaced = "  spaced out passphrase  ";
    const { token } = await createInvite(t.db, { email: "spaces@example.com" });
    const setUp = await outcome(
      setup.action as Handler,
      request(`/inbox/setup/${token}`, null, form({ name: "Spacey", email: "spaces@example.com", password: spaced })),
      { token },
      "192.0.2.7",
    );
    expect(setUp.status).toBe(302);
    const trimmed = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("spaces@example.com", spaced.trim())),
      {},
      "192.0.2.7",
    );
    expect(trimmed.status).toBe(401);
    const asTyped = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("spaces@example.com", spaced)),
      {},
      "192.0.2.7",
    );
    expect(asTyped.status).toBe(302);
  });

  it("answers the set-up link's refusals as FormResult: field messages, or the link's problem; the password never goes back", async () => {
    const { token } = await createInvite(t.db, { email: "shape@example.com" });
    const post = async (fields: Record<string, string>, link = token) => {
      const out = await outcome(setup.action as Handler, request(`/inbox/setup/${link}`, null, form(fields)), { token: link }, "192.0.2.8");
      return { status: out.status, body: JSON.parse(out.body) as unknown };
    };
    expect(await post({ name: "", email: " shape@example.com ", password: "short" })).toEqual({
      status: 400,
      body: {
        status: "invalid",
        message: checkFieldsMessage,
        fieldErrors: { name: "Enter your name.", password: await passwordProblem("short") },
        values: { name: "", email: "shape@example.com", password: "" },
      },
    });
    expect(await post({ name: "Other", email: "other@example.com", password: "a long enough passphrase" })).toMatchObject({
      status: 409,
      body: {
        status: "error",
        message: expect.stringContaining("made for another e-mail address"),
        values: { name: "Other", email: "other@example.com", password: "" },
      },
    });
    expect(await post({ name: "Late", email: "late@example.com", password: "a long enough passphrase" }, "no-such-link")).toMatchObject({
      status: 410,
      body: { status: "error", message: expect.stringContaining("already been used"), values: { name: "", email: "", password: "" } },
    });
  });

  it("refuses bad input with 4xx, never a 500", async () => {
    const asJson = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, json({ email: "jordan@example.com", password: PASSWORD })),
      {},
      "192.0.2.1",
    );
    expect(asJson.status).toBe(415);
    const tooLong = await outcome(
      signIn.action as Handler,
      request("/inbox/sign-in", null, signInForm("jordan@example.com", "x".repeat(201))),
      {},
      "192.0.2.1",
    );
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
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    const deviceCookie = device.split(";")[0]!;
    for (let i = 0; i < 3; i++) expect((await ask("192.0.2.50", deviceCookie)).status).toBe(200);
    expect((await ask("192.0.2.50", sentCookie(DEVICE_COOKIE, "B".repeat(43)))).status).toBe(429);
  });

  it("a passkey that does not verify answers 401 and is logged", async () => {
    const req = request("/inbox/passkey", null, json({ intent: "sign-in", response: { id: "made-up", response: {} } }));
    const out = await outcome(passkey.action as Handler, req, {}, "192.0.2.60");
    expect(out.status).toBe(401);
    expect(JSON.parse(out.body).message).toBe(SIGN_IN_MESSAGES.passkeyFailed);
    expect((await t.db.rows(sql`select 1 from inbox_sign_ins where method = 'passkey' and not ok`)).length).toBe(1);
    for (const body of ["null", "[1]", '{"intent":"sign-in","response":"\\ud800"}']) {
      const bad = new Request(`${SITE}/inbox/passkey`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", Origin: SITE },
      });
      expect((await outcome(passkey.action as Handler, bad, {}, "192.0.2.61")).status).toBe(400);
    }
  });
});
