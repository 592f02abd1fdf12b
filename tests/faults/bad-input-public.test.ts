/**
 * Bad input to the public site, property-based (fast-check), against the real production server:
 * both form actions get random and hostile bodies (random and huge fields, repeated fields, wrong
 * content types, malformed percent-escapes and UTF-8, SQL and HTML injection, strange client
 * headers), and every route's URL gets malformed paths and query strings, over a bare socket so
 * nothing is cleaned up on the way.
 *
 * Never a 5xx; afterwards every stored row keeps the schema's rules (trimmed, capped, e-mail
 * normalised, service type allowed, no empty inquiry); injected markup is text in the pages and
 * in the notification e-mail the agent receives. Shared set-up: support/bad-input-site.ts.
 */
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { allPages } from "../../app/content/pages";
import { LIMITS } from "../../app/lib/schemas/limits";
import { SERVICE_TYPES } from "../../app/lib/schema-values";
import {
  answers,
  badInputSiteForThisFile,
  clientHeaders,
  dataDir,
  expectLocationOnSite,
  expectMarkupAsText,
  expectNoServerError,
  origin,
  port,
  postRequest,
  runs,
  site,
  smtp,
} from "./support/bad-input-site";
import { withDatabase } from "./support/data";
import { MARKER, body, encode, pathNoise, query, urlencoded } from "./support/hostile-input";
import { mimeParts } from "./support/mime";
import { HOST } from "./support/ports";
import { rawRequest } from "./support/raw-http";
import { eventually, health } from "./support/site";

badInputSiteForThisFile();

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
