/**
 * Bad input, property-based (fast-check), against the real production server: both form
 * actions get random and hostile bodies (random and huge fields, repeated fields, wrong content
 * types, malformed percent-escapes and UTF-8, SQL and HTML injection, strange client headers),
 * and every route's URL gets malformed paths and query strings, over a bare socket so nothing
 * is cleaned up on the way.
 *
 * Never a 5xx; afterwards every stored row keeps the schema's rules (trimmed, capped, e-mail
 * normalised, service type allowed, no empty inquiry); injected markup is text in the pages and
 * in the notification e-mail the agent receives.
 *
 * The inbox's actions (sign-in, set-up links, passkeys, a person, the account, sign-out) get
 * generated bodies (their own intents and fields, JSON and WebAuthn-shaped garbage, wrong content
 * types), ids, tokens and spellings of their paths (case, percent-escapes, .data, slashes), signed
 * in and not, from the site's Origin and others: never a 5xx there either.
 *
 * FAULTS_FUZZ_RUNS scales the number of generated requests (default 300: 600 form posts,
 * 1,200 URLs and 1,200 inbox requests, about fifteen seconds here).
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPages } from "../../app/content/pages";
import { LIMITS } from "../../app/lib/schemas/limits";
import { SERVICE_TYPES } from "../../app/lib/schema-values";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, withDatabase } from "./support/data";
import { MARKER, body, encode, inboxFormBody, inboxJsonBody, pathNoise, query, urlencoded } from "./support/hostile-input";
import { type Browser, GOOD_PASSWORD, cookieHeader, createAccount, inviteFrom, printedSetupPath, send, signIn, signedIn } from "./support/inbox";
import { mimeParts } from "./support/mime";
import { HOST, ports } from "./support/ports";
import { type RawResponse, rawRequest } from "./support/raw-http";
import { type SiteProcess, eventually, health, startSite } from "./support/site";
import { TestSmtpServer } from "./support/smtp";

const runs = Number(process.env.FAULTS_FUZZ_RUNS || 300);
const port = ports.badInput.site;
const origin = `http://${HOST}:${port}`;
const smtp = new TestSmtpServer(ports.badInput.smtp);
const dataDir = freshDataDir();
let site: SiteProcess;

/** Every answer of the suite, for the checks that look at all of them. */
const answers: { request: string; response: RawResponse }[] = [];

beforeAll(async () => {
  await smtp.start();
  site = await startSite({ port, dataDir, smtpUrl: smtp.url, env: { FORM_RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => {
  killAll();
  await smtp.stop();
  removeDataDirs();
});

const clientHeaders = fc.record({
  origin: fc.constantFrom(origin, origin, origin, null, "null", "https://evil.example", `${origin}.evil.example`),
  forwardedFor: fc.oneof(
    fc.ipV4().map((ip) => ip),
    fc.constantFrom("", "not-an-ip", "999.1.1.1, ::1", "203.0.113.9, 127.0.0.1", "::ffff:203.0.113.10", "\u00ff\u00fe"),
  ),
});

function postRequest(path: string, contentType: string | null, payload: Buffer, headers: { origin: string | null; forwardedFor: string }): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, `Host: ${HOST}:${port}`, "Connection: close", `Content-Length: ${payload.length}`];
  if (contentType) lines.push(`Content-Type: ${contentType}`);
  if (headers.origin) lines.push(`Origin: ${headers.origin}`);
  lines.push(`X-Forwarded-For: ${headers.forwardedFor.replace(/[\r\n]/g, "")}`);
  return Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), payload]);
}

function expectNoServerError(request: string, response: RawResponse) {
  answers.push({ request, response });
  expect(response.status, `${request}\n-> ${response.status} ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${request}\n-> ${response.status} ${response.body.slice(0, 300)}`).toBeLessThan(500);
}

/** In an HTML page, a probe's markup must be escaped (text), never a live element. */
function expectMarkupAsText(request: string, response: RawResponse) {
  if (!(response.headers["content-type"] ?? "").includes("text/html")) return;
  expect(response.body, request).not.toMatch(new RegExp(`<(script>alert\\("${MARKER}|img src=x onerror|${MARKER}>|svg/onload)`));
}

/** A redirect, if any, points to this site: a browser resolving its Location stays on our origin. */
function expectLocationOnSite(described: string, response: RawResponse) {
  const location = response.headers["location"];
  if (location === undefined) return;
  const target = new URL(location, origin);
  expect(`${target.hostname}:${target.port}`, `${described} -> Location: ${location}`).toMatch(new RegExp(`^(${HOST.replace(/\./g, "\\.")}|localhost):${port}$`));
}

describe("bad input to the form actions", () => {
  it("never answers 5xx, and never shows injected markup as markup", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/contact", "/contact.data", "/welcome", "/welcome.data", "/welcome?index", "/contact?_data=routes%2Fcontact"), body, clientHeaders, async (path, b, headers) => {
        const request = postRequest(path, b.contentType, b.payload, headers);
        const response = await rawRequest(port, request);
        const described = `POST ${path} (${b.contentType ?? "no content type"}, ${b.payload.length} bytes, origin ${headers.origin}): ${b.payload.toString("latin1").slice(0, 200)}`;
        expectNoServerError(described, response);
        expectMarkupAsText(described, response);
        expectLocationOnSite(described, response);
      }),
      { numRuns: runs * 2 },
    );
  });

  it("stores hostile but valid submissions as text and shows and mails them as text", async () => {
    const hostileName = `<script>alert("${MARKER}")</script> Probe`;
    const hostileMessage = `"><img src=x onerror=alert('${MARKER}')> '; DROP TABLE contacts; --\u0000`;
    const email = `hostile-${Date.now()}@example.com`;
    const fieldsOf = { name: hostileName, email: `  ${email.toUpperCase()}  `, phone: "780-555-0142", message: hostileMessage, website: "" };
    const page = await rawRequest(port, postRequest("/contact", "application/x-www-form-urlencoded", Buffer.from(urlencoded(Object.entries(fieldsOf))), { origin, forwardedFor: "198.51.100.77" }));
    expect(page.status).toBe(200);
    // An invalid submission is shown again with what was typed: as text in the form.
    const invalid = await rawRequest(port, postRequest("/contact", "application/x-www-form-urlencoded", Buffer.from(urlencoded(Object.entries({ ...fieldsOf, email: "nope" }))), { origin, forwardedFor: "198.51.100.78" }));
    expect(invalid.status).toBe(400);
    expectMarkupAsText("invalid contact with markup", invalid);
    expect(invalid.body).toContain("&lt;script&gt;alert(&quot;xss-probe&quot;)&lt;/script&gt; Probe");

    const lead = await rawRequest(
      port,
      postRequest("/welcome.data", "application/x-www-form-urlencoded", Buffer.from(urlencoded(Object.entries({ fullName: hostileName, email: `lead-${email}`, phone: "780-555-0143", serviceType: "selling", comments: hostileMessage, website: "" }))), { origin, forwardedFor: "198.51.100.79" }),
    );
    expect(lead.status).toBe(200);

    expect(await eventually(() => smtp.to(email).length > 0 && smtp.to(`lead-${email}`).length > 0, 15_000)).toBe(true);
    for (const mail of [...smtp.to(email), ...smtp.to(`lead-${email}`)]) {
      const html = mimeParts(mail.raw).find((p) => p.type === "text/html")!.body;
      expect(html).toContain("&lt;script&gt;alert(&quot;xss-probe&quot;)&lt;/script&gt; Probe");
      expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(&#39;xss-probe&#39;)&gt;");
      expect(html).not.toMatch(/<script|<img/i);
    }
  });
});

/** Every page of the catalogue and every resource route. */
const routes = [...allPages.map((p) => p.path), "/404", "/sitemap.xml", "/robots.txt", "/blog/rss.xml", "/healthz", "/assets/nothing.js", "/favicon.ico"];

describe("bad URLs on every route", () => {
  it("never answers 5xx, and never reflects markup", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.array(pathNoise, { maxLength: 3 }), fc.boolean(), query, fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "OPTIONS", "DELETE", "PROPFIND"), async (route, noise, slash, q, method) => {
        const path = route + (noise.length ? (slash ? "/" : "") + noise.join("/") : "") + q;
        const head = `${method} ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nConnection: close\r\nAccept: text/html\r\n${method === "POST" ? "Content-Length: 0\r\n" : ""}\r\n`;
        const response = await rawRequest(port, Buffer.from(head, "latin1"));
        const described = `${method} ${JSON.stringify(path).slice(0, 300)}`;
        expectNoServerError(described, response);
        expectMarkupAsText(described, response);
        expectLocationOnSite(described, response);
      }),
      { numRuns: runs * 2 },
    );
  });

  it("never redirects to another host, whatever slashes, backslashes and escapes the path starts with", async () => {
    const lead = fc.array(fc.constantFrom("/", "//", "\\", "/\\", "%2F", "%2f", "%5C", "%5c", "%252F", "%09", "%20", "/.", "/%2E%2E"), { minLength: 1, maxLength: 4 });
    const host = fc.constantFrom("evil.example", "evil.example:80", "user@evil.example", "evil.example@127.0.0.1", "127.0.0.1.evil.example", "%65vil.example", "");
    const tail = fc.array(fc.oneof(fc.constantFrom("about", "blog", "x", "", ".."), fc.string({ maxLength: 8 }).map(encode)), { maxLength: 3 });
    const end = fc.constantFrom("/", "//", "/\\", "", "/?next=//evil.example", "/?a=1");
    await fc.assert(
      fc.asyncProperty(lead, host, tail, end, fc.constantFrom("GET", "HEAD"), async (slashes, h, rest, e, method) => {
        const path = "/" + slashes.join("") + h + (rest.length ? "/" + rest.join("/") : "") + e;
        const head = `${method} ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nConnection: close\r\n\r\n`;
        const response = await rawRequest(port, Buffer.from(head, "latin1"));
        const described = `${method} ${JSON.stringify(path)}`;
        expectNoServerError(described, response);
        expectLocationOnSite(described, response);
      }),
      { numRuns: runs * 2 },
    );
  });

  it("the server is still healthy afterwards", async () => {
    expect((await health(origin))?.ok).toBe(true);
  });
});

/** The inbox's actions, each with the literal segments of its path and its parameter, if any. */
const INBOX_ACTIONS = ["sign-in", "setup", "passkey", "person", "account", "sign-out"] as const;

/** A spelling of a path segment React Router matches all the same (case-insensitive, percent-decoded). */
function spell(segment: string, letterCase: "as-is" | "upper" | "title" | "mixed", escapeAt: number | null): string {
  const cased =
    letterCase === "upper" ? segment.toUpperCase() : letterCase === "title" ? segment.charAt(0).toUpperCase() + segment.slice(1) : letterCase === "mixed" ? [...segment].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("") : segment;
  if (escapeAt === null) return cased;
  const i = escapeAt % cased.length;
  return cased.slice(0, i) + "%" + cased.charCodeAt(i).toString(16).toUpperCase().padStart(2, "0") + cased.slice(i + 1);
}

describe("bad input to the inbox's actions", () => {
  /** The inbox's first account (made through the printed set-up link), and what the fuzz aims at. */
  let agent: Browser;
  let usedToken = "";
  let openToken = "";
  let personIds: string[] = ["1"];

  beforeAll(async () => {
    const printed = await printedSetupPath(site);
    usedToken = printed.split("/").pop()!;
    agent = await createAccount(site, printed, "fuzz-agent@example.com");
    // An open set-up link: valid bodies sent to it may create one more account.
    openToken = (await inviteFrom(site, agent, "fuzz-invitee@example.com")).split("/").pop()!;
    const people = await send(origin, { path: "/inbox", headers: { cookie: cookieHeader(agent) } });
    const ids = [...new Set([...people.body.matchAll(/\/inbox\/people\/(\d+)/g)].map((m) => m[1]!))];
    if (ids.length) personIds = ids.slice(0, 5);
  });

  /** A fuzzed request may sign the agent out (sign-out, "sign-out everywhere"): the known browser signs in again. */
  async function signInAgain() {
    const res = await signIn(site, { email: agent.email, password: GOOD_PASSWORD, device: agent.device, address: "198.51.100.250" });
    if (!signedIn(res)) throw new Error(`the agent could not sign in again: ${res.status} ${res.body.slice(0, 300)}`);
    agent = { ...agent, session: res.cookie("inbox_session")!, device: res.cookie("inbox_device") ?? agent.device };
  }

  it("never answers 5xx, signed in or not, whatever the body, content type, id or spelling of the path", async () => {
    const target = fc.record({
      action: fc.constantFrom(...INBOX_ACTIONS),
      token: fc.oneof(fc.constantFrom("open", "used", "", "%00", "..", "%2e%2e", "x".repeat(600), "A".repeat(43)), fc.string({ maxLength: 50 }).map(encode)),
      id: fc.oneof(fc.constantFrom("real", "real", "0", "-1", "abc", "3.5", "1e100", "99999999999", "2147483648", "%00", "%E0%A4%A", "1%2F2", "%201", "1.data"), fc.string({ maxLength: 12 }).map(encode)),
      letterCase: fc.constantFrom<"as-is" | "upper" | "title" | "mixed">("as-is", "as-is", "upper", "title", "mixed"),
      escapeAt: fc.option(fc.nat({ max: 10 }), { freq: 3 }),
      suffix: fc.constantFrom("", "", ".data", ".data", "/", "/.data", "//.data", "?index", ".data?index", "?_data=routes%2Finbox%2Flayout", "?next=//evil.example"),
    });
    const session = fc.constantFrom("agent", "agent", "none", "garbage", "unknown-token", "device-only");
    const method = fc.constantFrom("POST", "POST", "POST", "POST", "POST", "GET", "HEAD");
    const anyBody = fc.oneof({ weight: 1, arbitrary: body }, { weight: 2, arbitrary: inboxFormBody }, { weight: 2, arbitrary: inboxJsonBody });
    const statuses: Record<number, number> = {};
    let signedInAgain = 0;
    await fc.assert(
      fc.asyncProperty(target, session, method, anyBody, clientHeaders, async (t, who, verb, b, headers) => {
        const parameter = t.action === "setup" ? (t.token === "open" ? openToken : t.token === "used" ? usedToken : t.token) : t.action === "person" ? (t.id === "real" ? personIds[t.token.length % personIds.length]! : t.id) : null;
        const literal = t.action === "person" ? ["inbox", "people"] : ["inbox", t.action];
        const segments = literal.map((s, i) => spell(s, t.letterCase, t.escapeAt !== null && i === t.escapeAt % literal.length ? t.escapeAt : null));
        const path = "/" + [...segments, ...(parameter === null ? [] : [parameter])].join("/") + t.suffix;
        const cookie = { agent: cookieHeader(agent), none: undefined, garbage: "inbox_session=garbage; inbox_device=%00", "unknown-token": `inbox_session=${"B".repeat(43)}`, "device-only": cookieHeader({ device: agent.device }) }[who];
        const lines = [`${verb} ${path} HTTP/1.1`, `Host: ${HOST}:${port}`, "Connection: close"];
        if (verb === "POST") lines.push(`Content-Length: ${b.payload.length}`);
        if (verb === "POST" && b.contentType) lines.push(`Content-Type: ${b.contentType}`);
        if (headers.origin) lines.push(`Origin: ${headers.origin}`);
        if (cookie) lines.push(`Cookie: ${cookie}`);
        lines.push(`X-Forwarded-For: ${headers.forwardedFor.replace(/[\r\n]/g, "")}`);
        const request = Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), verb === "POST" ? b.payload : Buffer.alloc(0)]);
        const response = await rawRequest(port, request);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        const described = `${verb} ${JSON.stringify(path).slice(0, 200)} as ${who} (${b.contentType ?? "no content type"}, ${b.payload.length} bytes, origin ${headers.origin}): ${b.payload.toString("latin1").slice(0, 200)}`;
        expectNoServerError(described, response);
        expectMarkupAsText(described, response);
        expectLocationOnSite(described, response);
        if (who === "agent" && response.headerLines.some(([name, value]) => name === "set-cookie" && value.startsWith("inbox_session=;"))) {
          await signInAgain();
          signedInAgain += 1;
        }
      }),
      { numRuns: runs * 4 },
    );
    console.info(`[bad input] ${runs * 4} inbox requests, answers by status: ${JSON.stringify(statuses)}; the agent was signed out and signed in again ${signedInAgain} times`);
  });

  it("the agent's session and the server survive it", async () => {
    const page = await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } });
    if (page.status !== 200) await signInAgain();
    expect((await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } })).status).toBe(200);
    expect((await health(origin))?.ok).toBe(true);
  });
});

describe("what was stored", () => {
  it("keeps the schema's rules for every row, and every stored submission was mailed with its markup as text", async () => {
    const stats = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.response.status]: (acc[a.response.status] ?? 0) + 1 }), {});
    console.info(`[bad input] ${answers.length} requests, answers by status: ${JSON.stringify(stats)}`);
    // Let the outbox deliver everything, then read the database with the server stopped.
    expect(await eventually(async () => ((await health(origin))?.notifications?.pending ?? 1) === 0, 30_000, 200)).toBe(true);
    expect((await site.stop()).code, site.output()).toBe(0);
    expect(site.output()).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/);

    await withDatabase({ dataDir }, async (db) => {
      const contacts = await db.rows<{ name: string; email: string; phone: string | null }>(sql`select name, email, phone from contacts`);
      const inquiries = await db.rows<{ message: string }>(sql`select message from property_inquiries`);
      const leads = await db.rows<{ full_name: string; email: string; phone: string; service_type: string; comments: string | null }>(
        sql`select full_name, email, phone, service_type, comments from leads`,
      );
      const outbox = await db.rows<{ status: string; n: number }>(sql`select status, count(*)::integer as n from notification_outbox group by status`);
      console.info(`[bad input] stored ${contacts.length} contacts, ${inquiries.length} inquiries, ${leads.length} leads; outbox ${JSON.stringify(outbox)}`);
      expect(contacts.length + leads.length, "some fuzzed submissions were valid and stored").toBeGreaterThan(0);

      const trimmed = (s: string) => s === s.trim();
      // The caps count characters (code points), as the schemas (zod) and PostgreSQL do: a message
      // of 3,300 emoji is 3,300 characters but 6,600 UTF-16 units in .length, and the fuzzer sends such.
      const chars = (s: string) => [...s].length;
      for (const c of contacts) {
        expect(c.email).toBe(c.email.trim().toLowerCase());
        expect(chars(c.email)).toBeLessThanOrEqual(LIMITS.email);
        expect(c.email).toMatch(/^[^@\s]+@[^@\s]+$/);
        expect(c.name.length).toBeGreaterThan(0);
        expect(chars(c.name)).toBeLessThanOrEqual(LIMITS.name);
        expect(trimmed(c.name)).toBe(true);
        if (c.phone !== null) expect(c.phone.length > 0 && chars(c.phone) <= LIMITS.phone && trimmed(c.phone)).toBe(true);
      }
      for (const i of inquiries) {
        expect(i.message.length).toBeGreaterThan(0);
        expect(chars(i.message)).toBeLessThanOrEqual(LIMITS.message);
        expect(trimmed(i.message)).toBe(true);
      }
      for (const l of leads) {
        expect(l.email).toBe(l.email.trim());
        expect(chars(l.email)).toBeLessThanOrEqual(LIMITS.email);
        expect(l.full_name.length > 0 && chars(l.full_name) <= LIMITS.name && trimmed(l.full_name)).toBe(true);
        expect(l.phone.length > 0 && chars(l.phone) <= LIMITS.phone && trimmed(l.phone)).toBe(true);
        expect(SERVICE_TYPES as readonly string[]).toContain(l.service_type);
        if (l.comments !== null) expect(l.comments.length > 0 && chars(l.comments) <= LIMITS.message && trimmed(l.comments)).toBe(true);
      }
      expect(outbox.filter((r) => r.status !== "sent")).toEqual([]);
    });

    // Every mail the agent got shows what visitors typed as text: no live markup from input.
    expect(smtp.received.length).toBeGreaterThan(0);
    for (const mail of smtp.received) {
      const html = mimeParts(mail.raw).find((p) => p.type === "text/html")?.body ?? "";
      expect(html, mail.raw.slice(0, 500)).toMatch(/^<!doctype html>/i);
      expect(html).not.toMatch(new RegExp(`<script|<img|<svg|<${MARKER}|<textarea`, "i"));
      // Header injection: the visitor's line breaks never make headers of their own.
      const headers = mail.raw.split(/\r?\n\r?\n/, 1)[0]!;
      expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    }
  });
});
