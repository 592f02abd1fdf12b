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
  expectSafeAnswer,
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
import { closeConnections, cookieHeader, createAccount, printedSetupPath, repeatedHeaders, send, stackLines } from "./support/inbox";
import { rawRequest } from "./support/raw-http";
import { eventually, health } from "./support/site";

badInputSiteForThisFile();

describe("bad input to the form actions", () => {
  it("never answers 5xx, and never shows injected markup as markup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/contact", "/contact.data", "/welcome", "/welcome.data", "/welcome?index", "/contact?_data=routes%2Fcontact"),
        body,
        clientHeaders,
        async (path, b, headers) => {
          const request = postRequest(path, b.contentType, b.payload, headers);
          const response = await rawRequest(port, request);
          const described = `POST ${path} (${b.contentType ?? "no content type"}, ${b.payload.length} bytes, origin ${headers.origin}): ${b.payload.toString("latin1").slice(0, 200)}`;
          expectSafeAnswer(described, response);
        },
      ),
      { numRuns: runs * 2 },
    );
  });

  it("stores hostile but valid submissions as text and shows and mails them as text", async () => {
    const hostileName = `<script>alert("${MARKER}")</script> Probe`;
    const hostileMessage = `"><img src=x onerror=alert('${MARKER}')> '; DROP TABLE contacts; --\u0000`;
    const email = `hostile-${Date.now()}@example.com`;
    const fieldsOf = {
      name: hostileName,
      email: `  ${email.toUpperCase()}  `,
      phone: "780-555-0142",
      message: hostileMessage,
      website: "",
    };
    const page = await rawRequest(
      port,
      postRequest("/contact", "application/x-www-form-urlencoded", Buffer.from(urlencoded(Object.entries(fieldsOf))), {
        origin,
        forwardedFor: "198.51.100.77",
      }),
    );
    expect(page.status).toBe(200);
    // An invalid submission is shown again with what was typed: as text in the form.
    const invalid = await rawRequest(
      port,
      postRequest(
        "/contact",
        "application/x-www-form-urlencoded",
        Buffer.from(urlencoded(Object.entries({ ...fieldsOf, email: "nope" }))),
        { origin, forwardedFor: "198.51.100.78" },
      ),
    );
    expect(invalid.status).toBe(400);
    expectMarkupAsText("invalid contact with markup", invalid);
    expect(invalid.body).toContain("&lt;script&gt;alert(&quot;xss-probe&quot;)&lt;/script&gt; Probe");

    const lead = await rawRequest(
      port,
      postRequest(
        "/welcome.data",
        "application/x-www-form-urlencoded",
        Buffer.from(
          urlencoded(
            Object.entries({
              fullName: hostileName,
              email: `lead-${email}`,
              phone: "780-555-0143",
              serviceType: "selling",
              comments: hostileMessage,
              website: "",
            }),
          ),
        ),
        { origin, forwardedFor: "198.51.100.79" },
      ),
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
const routes = [
  ...allPages.map((p) => p.path),
  "/404",
  "/sitemap.xml",
  "/robots.txt",
  "/blog/rss.xml",
  "/healthz",
  "/assets/nothing.js",
  "/favicon.ico",
];

describe("bad URLs on every route", () => {
  it("never answers 5xx, and never reflects markup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(pathNoise, { maxLength: 3 }),
        fc.boolean(),
        query,
        fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "OPTIONS", "DELETE", "PROPFIND"),
        async (route, noise, slash, q, method) => {
          const path = route + (noise.length ? (slash ? "/" : "") + noise.join("/") : "") + q;
          const head = `${method} ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nConnection: close\r\nAccept: text/html\r\n${method === "POST" ? "Content-Length: 0\r\n" : ""}\r\n`;
          const response = await rawRequest(port, Buffer.from(head, "latin1"));
          const described = `${method} ${JSON.stringify(path).slice(0, 300)}`;
          expectSafeAnswer(described, response);
        },
      ),
      { numRuns: runs * 2 },
    );
  });

  it("never redirects to another host, whatever slashes, backslashes and escapes the path starts with", async () => {
    const lead = fc.array(fc.constantFrom("/", "//", "\\", "/\\", "%2F", "%2f", "%5C", "%5c", "%252F", "%09", "%20", "/.", "/%2E%2E"), {
      minLength: 1,
      maxLength: 4,
    });
    const host = fc.constantFrom(
      "evil.example",
      "evil.example:80",
      "user@evil.example",
      "evil.example@127.0.0.1",
      "127.0.0.1.evil.example",
      "%65vil.example",
      "",
    );
    const tail = fc.array(fc.oneof(fc.constantFrom("about", "blog", "x", "", ".."), fc.string({ maxLength: 8 }).map(encode)), {
      maxLength: 3,
    });
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

describe("raw request lines and Host headers (issue 38)", () => {
  /** The server's output from here on: no stack trace may appear in it. */
  let outputBefore = 0;
  const request = (line: string, headers: (string | null)[]) =>
    Buffer.from(
      `${line}\r\n${headers.filter((h) => h !== null).join("\r\n")}${headers.some((h) => h !== null) ? "\r\n" : ""}Connection: close\r\n\r\n`,
      "latin1",
    );
  const host = `Host: ${HOST}:${port}`;

  it("refuses with a 400, before React Router and without a stack trace, every target and Host no URL can be made of", async () => {
    outputBefore = site.output().length;
    const refused: [string, (string | null)[]][] = [
      ["GET * HTTP/1.1", [host]],
      ["HEAD * HTTP/1.1", [host]],
      ["GET ftp://x/about HTTP/1.1", [host]],
      ["GET http://user@x/about HTTP/1.1", [host]],
      ["GET http://x:99999/about HTTP/1.1", [host]],
      ["GET about HTTP/1.1", [host]],
      ["GET x.example:443 HTTP/1.1", [host]],
      ...["a b", "", "evil.example:99999", "[::1", "%00", "[zz]", "x:0", "a/b", "a@b", "\u00e9.example", "a..b:"].flatMap(
        (value): [string, (string | null)[]][] => [
          [`GET /about HTTP/1.1`, [`Host: ${value}`]],
          [`GET /contact HTTP/1.1`, [`Host: ${value}`]],
          [`POST /contact HTTP/1.1`, [`Host: ${value}`, "Content-Length: 0"]],
          [`GET /listings?beds=3 HTTP/1.1`, [`Host: ${value}`]],
          [`GET /no-such-page HTTP/1.1`, [`Host: ${value}`]],
        ],
      ),
      // From a trusted proxy (loopback is one): its forwarded host and scheme are believed, so checked.
      ["GET /contact HTTP/1.1", [host, "X-Forwarded-Host: a b"]],
      ["GET /contact HTTP/1.1", [host, "X-Forwarded-Proto: a b"]],
    ];
    for (const [line, headers] of refused) {
      const response = await rawRequest(port, request(line, headers));
      expect(response.status, `${line} ${JSON.stringify(headers)} -> ${response.status} ${response.body.slice(0, 200)}`).toBe(400);
      answers.push({ request: `${line} ${JSON.stringify(headers)}`, response });
    }
    expect(stackLines(site.output().slice(outputBefore))).toEqual([]);
  });

  it("answers an absolute-form target as the same request in origin-form (RFC 9112), and OPTIONS * and an HTTP/1.0 request without Host", async () => {
    const plain = await rawRequest(port, request("GET /about HTTP/1.1", [host]));
    const absolute = await rawRequest(port, request(`GET http://${HOST}:${port}/about HTTP/1.1`, ["Host: ignored.example"]));
    expect(absolute.status).toBe(200);
    expect(absolute.headers["etag"]).toBe(plain.headers["etag"]);
    expect((await rawRequest(port, request("GET http://x/contact?a=1 HTTP/1.1", [host]))).status).toBe(200);
    const options = await rawRequest(port, request("OPTIONS * HTTP/1.1", [host]));
    expect(options.status).toBe(204);
    expect(options.headers["allow"]).toBe("GET, HEAD, POST");
    expect((await rawRequest(port, request("GET /healthz HTTP/1.0", []))).status).toBe(200);
    expect((await rawRequest(port, request("GET /contact HTTP/1.0", []))).status).toBe(200);
  });

  it("never answers 5xx to random request targets, Host headers and forwarded ones", async () => {
    const before = site.output().length;
    const authority = fc.oneof(
      fc.constantFrom("x", "evil.example", `${HOST}:${port}`, "", "user@x", "x:99999", "[::1", "[::1]:80", "%00", "a%20b", "x:", ":80"),
      fc.stringMatching(/^[\x21-\x7e]{0,12}$/),
    );
    const target = fc.oneof(
      fc.tuple(fc.constantFrom(...routes), query).map(([r, q]) => r + q),
      fc
        .tuple(
          fc.constantFrom("http", "https", "HTTP", "ftp", "javascript", "x", "http:", ""),
          authority,
          fc.constantFrom(...routes),
          query,
        )
        .map(([scheme, a, r, q]) => `${scheme}://${a}${r}${q}`),
      fc.constantFrom("*", "x.example:443", "about", "?x", "%2F", "//x/about", "http://", "http:/about", "/" + "y".repeat(3000)),
      fc.stringMatching(/^[\x21-\x7e]{1,30}$/),
    );
    const hostHeader = fc.oneof(
      fc.constant<string | null>(null),
      fc.constant(host),
      authority.map((a) => `Host: ${a}`),
      fc.stringMatching(/^[\x20-\x7e\x80-\xff]{0,16}$/).map((a) => `Host: ${a}`),
    );
    const forwarded = fc.oneof(
      fc.constant<string | null>(null),
      authority.map((a) => `X-Forwarded-Host: ${a}`),
      fc.constantFrom(
        "X-Forwarded-Proto: a b",
        "X-Forwarded-Proto: https",
        "X-Forwarded-Proto: javascript",
        "X-Forwarded-Proto: ,",
        "X-Forwarded-Host: ,",
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "GET", "HEAD", "POST", "OPTIONS"),
        target,
        fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.0"),
        hostHeader,
        forwarded,
        async (method, t, version, h, f) => {
          const line = `${method} ${t} ${version}`;
          const response = await rawRequest(port, request(line, [h, f, method === "POST" ? "Content-Length: 0" : null]));
          const described = `${line} ${JSON.stringify([h, f])}`;
          // Node refuses some on its own (a request line it cannot parse): a 400, or the connection closed.
          if (response.status === 0) return;
          expectSafeAnswer(described, response);
        },
      ),
      { numRuns: runs * 2 },
    );
    expect(stackLines(site.output().slice(before))).toEqual([]);
  });
});

describe("status lines and headers of the answers (issue 38)", () => {
  it("a no-JavaScript inbox POST without a session reads 401 Unauthorized", async () => {
    const response = await rawRequest(
      port,
      postRequest("/inbox/account", "application/x-www-form-urlencoded", Buffer.from("intent=invite&email=a%40b.example"), {
        origin,
        forwardedFor: "198.51.100.80",
      }),
    );
    expect(response.status).toBe(401);
    expect(response.statusText).toBe("Unauthorized");
  });

  it("every .data answer carries Cache-Control, those of routes with their own caching too", async () => {
    for (const path of [
      "/inbox/sw.js.data",
      "/inbox/manifest.webmanifest.data",
      "/listings/photos/k/1.jpg.data",
      "/about.data",
      "/listings.data",
      "/no-such-page.data",
      "/inbox.data",
      "/_root.data",
    ]) {
      const response = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nConnection: close\r\n\r\n`);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers["cache-control"], path).toBeTruthy();
    }
  });

  it("the inbox's exports send each header once", async () => {
    const agent = await createAccount(site, await printedSetupPath(site), "exports@example.com");
    // A person the form tests above stored, for the person's own exports (which set nosniff themselves).
    const people = await send(origin, { path: "/inbox", headers: { cookie: cookieHeader(agent) } });
    const personId = /\/inbox\/people\/(\d+)/.exec(people.body)?.[1];
    expect(personId, "a stored person").toBeTruthy();
    for (const path of [
      "/inbox/export/people.csv",
      "/inbox/export/submissions.csv",
      `/inbox/people/${personId}/export.json`,
      `/inbox/people/${personId}/export.txt`,
    ]) {
      const response = await send(origin, { path, headers: { cookie: cookieHeader(agent) } });
      expect(response.status, path).toBe(200);
      expect(response.count("x-content-type-options"), path).toBe(1);
      expect(repeatedHeaders(response), path).toEqual([]);
    }
    closeConnections();
  });
});

describe("what was stored", () => {
  it("keeps the schema's rules for every row, and every stored submission was mailed with its markup as text", async () => {
    const stats = answers.reduce<Record<number, number>>(
      (acc, a) => ({ ...acc, [a.response.status]: (acc[a.response.status] ?? 0) + 1 }),
      {},
    );
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
      const outbox = await db.rows<{ status: string; n: number }>(
        sql`select status, count(*)::integer as n from notification_outbox group by status`,
      );
      console.info(
        `[bad input] stored ${contacts.length} contacts, ${inquiries.length} inquiries, ${leads.length} leads; outbox ${JSON.stringify(outbox)}`,
      );
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
