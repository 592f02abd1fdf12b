/**
 * What the bad-input fault tests share (bad-input-public and bad-input-inbox .test.ts): the
 * production server (with a real SMTP server) they fuzz, the random client headers, raw POSTs,
 * and the checks every answer gets: never a 5xx, injected markup only ever as text, redirects
 * only to this site.
 *
 * FAULTS_FUZZ_RUNS scales the number of generated requests (default 300: 600 form posts and
 * 1,200 URLs in bad-input-public, 1,200 inbox requests in bad-input-inbox, about fifteen seconds
 * in all here).
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { killAll } from "./children";
import { freshDataDir, removeDataDirs } from "./data";
import { MARKER } from "./hostile-input";
import { HOST, ports } from "./ports";
import type { RawResponse } from "./raw-http";
import { type SiteProcess, startSite } from "./site";
import { TestSmtpServer } from "./smtp";

export const runs = Number(process.env.FAULTS_FUZZ_RUNS || 300);
export const port = ports.badInput.site;
export const origin = `http://${HOST}:${port}`;
export const smtp = new TestSmtpServer(ports.badInput.smtp);
// Set by badInputSiteForThisFile; read inside the tests.
export let dataDir: string;
export let site: SiteProcess;

/** Every answer of the file, for the checks that look at all of them. */
export const answers: { request: string; response: RawResponse }[] = [];

/** For a bad-input test file, at its top: the SMTP server and the site, started before its tests and stopped after them. */
export function badInputSiteForThisFile(): void {
  dataDir = freshDataDir();
  beforeAll(async () => {
    await smtp.start();
    site = await startSite({ port, dataDir, smtpUrl: smtp.url, testOnly: { formRateLimitMax: 100_000 } });
  });
  afterAll(async () => {
    killAll();
    await smtp.stop();
    removeDataDirs();
  });
}

export const clientHeaders = fc.record({
  origin: fc.constantFrom(origin, origin, origin, null, "null", "https://evil.example", `${origin}.evil.example`),
  forwardedFor: fc.oneof(
    fc.ipV4().map((ip) => ip),
    fc.constantFrom("", "not-an-ip", "999.1.1.1, ::1", "203.0.113.9, 127.0.0.1", "::ffff:203.0.113.10", "\u00ff\u00fe"),
  ),
});

export function postRequest(
  path: string,
  contentType: string | null,
  payload: Buffer,
  headers: { origin: string | null; forwardedFor: string },
): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, `Host: ${HOST}:${port}`, "Connection: close", `Content-Length: ${payload.length}`];
  if (contentType) lines.push(`Content-Type: ${contentType}`);
  if (headers.origin) lines.push(`Origin: ${headers.origin}`);
  lines.push(`X-Forwarded-For: ${headers.forwardedFor.replace(/[\r\n]/g, "")}`);
  return Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), payload]);
}

export function expectNoServerError(request: string, response: RawResponse) {
  answers.push({ request, response });
  expect(response.status, `${request}\n-> ${response.status} ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${request}\n-> ${response.status} ${response.body.slice(0, 300)}`).toBeLessThan(500);
}

/** In an HTML page, a probe's markup must be escaped (text), never a live element. */
export function expectMarkupAsText(request: string, response: RawResponse) {
  if (!(response.headers["content-type"] ?? "").includes("text/html")) return;
  expect(response.body, request).not.toMatch(new RegExp(`<(script>alert\\("${MARKER}|img src=x onerror|${MARKER}>|svg/onload)`));
}

/** A redirect, if any, points to this site: a browser resolving its Location stays on our origin. */
export function expectLocationOnSite(described: string, response: RawResponse) {
  const location = response.headers["location"];
  if (location === undefined) return;
  const target = new URL(location, origin);
  expect(`${target.hostname}:${target.port}`, `${described} -> Location: ${location}`).toMatch(
    new RegExp(`^(${HOST.replace(/\./g, "\\.")}|localhost):${port}$`),
  );
}

/** The three checks every answer to a fuzzed request gets. */
export function expectSafeAnswer(described: string, response: RawResponse) {
  expectNoServerError(described, response);
  expectMarkupAsText(described, response);
  expectLocationOnSite(described, response);
}
