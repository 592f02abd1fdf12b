/**
 * The production front end (issue 41): the built site behind Debian's Caddy with the project's
 * deploy/Caddyfile and Caddy's internal certificate authority. HTTP/2 through TLS, plain HTTP sent
 * to HTTPS, HSTS, the app's own compression passed through, the client's real address reaching the
 * form rate limit (a forged X-Forwarded-For is not believed), and a lead submitted through it.
 */
import { connect } from "node:http2";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { leadFields, contactFields } from "../faults/support/forms";
import { type Caddy, CADDY, startCaddy } from "../support/caddy";
import { type OwnServer, freePort, startOwnServer } from "./own-server";
import { expect, test } from "./support";

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!CADDY, "Debian's Caddy is not installed");

let server: OwnServer;
let caddy: Caddy;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS/1.1 request to Caddy, trusting only its internal authority. */
function viaCaddy(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port: caddy.httpsPort,
        servername: "localhost",
        ca: caddy.ca,
        method: init.method ?? "GET",
        path,
        headers: { host: `localhost:${caddy.httpsPort}`, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  // The site's public address is Caddy's; the form quota is small, to be reached.
  server = await startOwnServer(
    "front-end",
    test.info().outputPath("server.log"),
    { SITE_URL: `https://localhost:${httpsPort}`, HOST: "127.0.0.1", TRUST_PROXY: "loopback" },
    { formRateLimitMax: 3 },
  );
  await expect.poll(async () => (await fetch(`${server.origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
  caddy = await startCaddy({ httpPort, httpsPort, upstreamPort: Number(new URL(server.origin).port) });
});

test.afterAll(async () => {
  await caddy?.stop();
  await server?.stop();
});

test("answers over HTTP/2 with TLS from Caddy's internal authority, with HSTS and the app's own compression", async () => {
  const session = connect(`https://127.0.0.1:${caddy.httpsPort}`, { ca: caddy.ca, servername: "localhost" });
  try {
    const answer = await new Promise<{ headers: Record<string, unknown>; alpn: string | false | undefined }>((resolve, reject) => {
      const stream = session.request({ ":path": "/", ":authority": `localhost:${caddy.httpsPort}`, "accept-encoding": "br, gzip" });
      stream.on("response", (headers) => {
        stream.resume();
        stream.on("end", () => resolve({ headers, alpn: session.alpnProtocol }));
      });
      stream.on("error", reject);
      stream.end();
    });
    expect(answer.alpn).toBe("h2");
    expect(answer.headers[":status"]).toBe(200);
    expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
    // Compressed by the server, not by Caddy (the Caddyfile has no `encode`): the server's choice of brotli, its ETag and Cache-Control.
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toMatch(/s-maxage=/);
    expect(String(answer.headers["alt-svc"] ?? "")).toMatch(/h3=/);
  } finally {
    session.close();
  }
});

test("sends plain HTTP to HTTPS", async () => {
  const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: caddy.httpPort, path: "/about?x=1", headers: { host: `localhost:${caddy.httpPort}` } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on("error", reject);
    req.end();
  });
  expect([301, 308]).toContain(answer.status);
  // The same address over HTTPS (Caddy 2.6 names no port: in production it is 443).
  expect(answer.location).toMatch(new RegExp(`^https://localhost(:${caddy.httpsPort})?/about\\?x=1$`));
});

test("a lead submitted through it is taken, and the rate limit counts the client's real address, not a forged one", async () => {
  const post = (path: string, fields: Record<string, string>, forged: string) =>
    viaCaddy(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: caddy.origin, "x-forwarded-for": forged },
      body: new URLSearchParams(fields).toString(),
    });
  const lead = await post("/welcome.data", leadFields("through.caddy@example.com", 1), "203.0.113.1");
  expect(lead.status, lead.body.slice(0, 300)).toBe(200);
  expect(lead.body).not.toMatch(/error/i);
  // Each request forges another address; Caddy replaces it with the client's own, so the quota of 3 runs out.
  const answers = [];
  for (let n = 2; n <= 4; n++)
    answers.push((await post("/contact.data", contactFields(`caddy${n}@example.com`, n), `203.0.113.${n}`)).status);
  expect(answers).toEqual([200, 200, 429]);
  // The server's log names the client's address Caddy saw, never the forged ones.
  expect(server.output()).not.toMatch(/203\.0\.113\./);
});
