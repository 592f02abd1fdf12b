/**
 * The inbox's guards as an attacker meets them, against the production server (a child process
 * of the production build): the same-origin rule and private headers on every spelling of its
 * paths, and bad input answered 4xx without a stack trace in the log. Shared set-up:
 * support/guards.ts.
 */
import { describe, expect, it } from "vitest";
import { submitOne } from "./support/forms";
import { agent, guardsHooks, newAccount, site } from "./support/guards";
import {
  GOOD_PASSWORD,
  cookieHeader,
  formBody,
  formHeaders,
  inPool,
  repeatedHeaders,
  send,
  signIn,
  signedIn,
  stackLines,
} from "./support/inbox";

guardsHooks({ sharedSite: true });

describe("guards: the inbox's same-origin rule and private headers on every spelling", () => {
  it("refuses a signed-in POST without the site's Origin (403, or React Router's 400 for a foreign one; no invite) on every spelling; GET /INBOX/account is private, once, without the public frame", async () => {
    const spellings = ["/INBOX/account.data", "/%69nbox/account.data", "/inbox/account.data", "/Inbox/Account"];
    const origins = [
      { name: "no Origin", value: null },
      { name: "a foreign Origin", value: "https://evil.example" },
    ];
    const logFrom = site.output().length;
    for (const p of spellings) {
      for (const o of origins) {
        const res = await send(site.origin, {
          method: "POST",
          path: p,
          headers: formHeaders(o.value, { cookie: cookieHeader(agent) }),
          body: formBody({ intent: "invite", email: "x@y.ca" }),
        });
        const what = `POST ${p} signed in, ${o.name} -> ${res.status} ${res.body.slice(0, 120)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        if (o.value === null) {
          // No Origin: the inbox guard's refusal, with the inbox's private headers.
          expect(res.status, what).toBe(403);
          expect(res.count("cache-control"), `${what}: Cache-Control`).toBe(1);
          expect(res.count("x-robots-tag"), `${what}: X-Robots-Tag`).toBe(1);
        } else {
          // A foreign Origin: React Router's own check refuses first (400), before any middleware runs.
          expect(res.status, what).toBe(400);
        }
      }
    }
    expect(stackLines(site.output().slice(logFrom)), "refusals are logged in one line each, no stack trace").toEqual([]);

    // No invite came of them (the Account page lists the open ones)...
    const page = await send(site.origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("x@y.ca");
    // ...while the same spelling with the site's Origin reaches the action: the 403 was the guard, not a miss.
    const control = await send(site.origin, {
      method: "POST",
      path: "/INBOX/account.data",
      headers: formHeaders(site.origin, { cookie: cookieHeader(agent) }),
      body: formBody({ intent: "invite", email: "spelled@y.ca" }),
    });
    expect(control.status).toBe(200);
    expect(control.body).toMatch(/\/inbox\/setup\/[A-Za-z0-9_-]+/);

    const upper = await send(site.origin, { path: "/INBOX/account", headers: { cookie: cookieHeader(agent), accept: "text/html" } });
    expect(upper.status).toBe(200);
    expect(upper.count("cache-control")).toBe(1);
    expect(upper.header("cache-control")).toBe("private, no-store");
    expect(upper.count("x-robots-tag")).toBe(1);
    expect(upper.header("x-robots-tag")).toBe("noindex, nofollow");
    expect(upper.count("content-security-policy")).toBe(1);
    expect(repeatedHeaders(upper)).toEqual([]);
    // The inbox's own frame, not the public site's header, navigation and footer.
    expect(upper.body).toContain('aria-label="Inbox"');
    expect(upper.body).not.toContain("<footer");
    expect(upper.body).not.toContain('aria-label="Main"');
  });
});

describe("guards: bad input answers 4xx and logs no stack trace", () => {
  it("refuses malformed bodies, NUL, odd ids and wrong content types with a 4xx; NUL e-mails cost the address nothing", async () => {
    const nul = await newAccount("nul@example.com");
    // A person to act on: a contact submission makes one.
    expect((await submitOne(site.origin, "guards-person", { kind: "contact" })).status).toBe(200);
    const people = await send(site.origin, { path: "/inbox", headers: { cookie: cookieHeader(agent) } });
    const personPath = /\/inbox\/people\/\d+/.exec(people.body)?.[0];
    expect(personPath, people.body.slice(0, 300)).toBeDefined();

    const logFrom = site.output().length;
    const asAgent = { cookie: cookieHeader(agent) };
    const json = (extra: Record<string, string | undefined> = {}) => ({
      "content-type": "application/json",
      origin: site.origin,
      ...extra,
    });
    const brokenMultipart = `--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnote`;
    const inputs: {
      label: string;
      method?: string;
      path: string;
      headers: Record<string, string | undefined>;
      body?: string;
      expect?: number;
    }[] = [
      ...["null", "[]", "1", '"x"'].map((body) => ({
        label: `passkey JSON ${body}`,
        method: "POST",
        path: "/inbox/passkey",
        headers: json(),
        body,
      })),
      {
        label: "passkey as text/plain",
        method: "POST",
        path: "/inbox/passkey",
        headers: { "content-type": "text/plain", origin: site.origin },
        body: '{"intent":"sign-in-options"}',
      },
      {
        label: "NUL in a note",
        method: "POST",
        path: personPath!,
        headers: formHeaders(site.origin, asAgent),
        body: formBody({ intent: "note", note: "before\u0000after" }),
      },
      { label: "NUL in the search", path: "/inbox.data?q=%00", headers: asAgent },
      { label: "NUL in the search (page)", path: "/inbox?q=%00", headers: asAgent },
      ...["abc", "3.5", "1e100"].map((id) => ({
        label: `notificationId ${id}`,
        method: "POST",
        path: personPath!,
        headers: formHeaders(site.origin, asAgent),
        body: formBody({ intent: "resend", notificationId: id }),
      })),
      ...[personPath!, `${personPath!}.data`, "/inbox/account", "/inbox/account.data"].flatMap((p) => [
        {
          label: `text/plain to ${p}`,
          method: "POST",
          path: p,
          headers: { "content-type": "text/plain;charset=UTF-8", origin: site.origin, ...asAgent },
          body: "intent=note\nnote=hello",
        },
        { label: `JSON to ${p}`, method: "POST", path: p, headers: json(asAgent), body: '{"intent":"invite","email":"json@y.ca"}' },
        {
          label: `broken multipart to ${p}`,
          method: "POST",
          path: p,
          headers: { "content-type": "multipart/form-data; boundary=xx", origin: site.origin, ...asAgent },
          body: brokenMultipart,
        },
        {
          label: `multipart without a boundary to ${p}`,
          method: "POST",
          path: p,
          headers: { "content-type": "multipart/form-data", origin: site.origin, ...asAgent },
          body: brokenMultipart,
        },
      ]),
      ...["/mortgage-calculator", "/blog/rss.xml", "/about", "/mortgage-calculator.data"].map((p) => ({
        label: `POST to ${p}, which has no action`,
        method: "POST",
        path: p,
        headers: formHeaders(site.origin),
        body: "a=b",
        expect: 405,
      })),
    ];
    const results: string[] = [];
    for (const input of inputs) {
      const res = await send(site.origin, { method: input.method ?? "GET", path: input.path, headers: input.headers, body: input.body });
      results.push(`${input.label}: ${input.method ?? "GET"} ${input.path} -> ${res.status} ${res.body.slice(0, 100)}`);
      if (input.expect) expect(res.status, results.at(-1)).toBe(input.expect);
      expect(res.status, results.at(-1)).toBeGreaterThanOrEqual(400);
      expect(res.status, results.at(-1)).toBeLessThan(500);
    }

    // 35 sign-ins with NUL in the e-mail from one address (past its 30 and the account's 10), then the right one from there.
    const address = "198.18.6.1";
    const nulAnswers = await inPool(Array.from({ length: 35 }), 5, () =>
      signIn(site, { email: `nul\u0000@example.com`, password: GOOD_PASSWORD, address }),
    );
    const nulAccount = await inPool(Array.from({ length: 35 }), 5, () =>
      signIn(site, { email: nul.email, password: `${GOOD_PASSWORD}\u0000`, address }),
    );
    for (const a of [...nulAnswers, ...nulAccount]) {
      expect(a.status, a.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(a.status, a.body.slice(0, 200)).toBeLessThan(500);
      expect(a.status, "a NUL is refused before it is counted, not throttled").not.toBe(429);
    }
    const right = await signIn(site, { email: nul.email, password: GOOD_PASSWORD, address });
    expect(signedIn(right), `right password after the NULs -> ${right.status} ${right.body.slice(0, 200)}`).toBe(true);

    const log = site.output().slice(logFrom);
    expect(stackLines(log), `server log:\n${log.slice(-3000)}`).toEqual([]);
    expect(log).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/);
  });
});
