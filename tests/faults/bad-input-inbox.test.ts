/**
 * Bad input to the inbox, property-based (fast-check), against the real production server: its
 * actions (sign-in, set-up links, passkeys, a person, the account, sign-out) get generated bodies
 * (their own intents and fields, JSON and WebAuthn-shaped garbage, wrong content types), ids,
 * tokens and spellings of their paths (case, percent-escapes, .data, slashes), signed in and not,
 * from the site's Origin and others, over a bare socket: never a 5xx. The Account page's
 * push-subscribe action also gets subscriptions it must refuse (keys off the curve, auth secrets
 * of the wrong length, endpoints on other ports or inside the network, huge bodies): always a 4xx,
 * and nothing stored. Shared set-up:
 * support/bad-input-site.ts.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  badInputSiteForThisFile,
  clientHeaders,
  expectSafeAnswer,
  expectMarkupAsText,
  expectNoServerError,
  origin,
  port,
  runs,
  site,
} from "./support/bad-input-site";
import { body, encode, inboxFormBody, inboxJsonBody, pushSubscribeBody } from "./support/hostile-input";
import {
  type Browser,
  GOOD_PASSWORD,
  cookieHeader,
  createAccount,
  inviteFrom,
  printedSetupPath,
  send,
  signIn,
  signedIn,
} from "./support/inbox";
import { HOST } from "./support/ports";
import { rawRequest } from "./support/raw-http";
import { health } from "./support/site";

badInputSiteForThisFile();

/** The inbox's actions, each with the literal segments of its path and its parameter, if any. */
const INBOX_ACTIONS = ["sign-in", "setup", "passkey", "person", "account", "sign-out"] as const;

/** A spelling of a path segment React Router matches all the same (case-insensitive, percent-decoded). */
function spell(segment: string, letterCase: "as-is" | "upper" | "title" | "mixed", escapeAt: number | null): string {
  const cased =
    letterCase === "upper"
      ? segment.toUpperCase()
      : letterCase === "title"
        ? segment.charAt(0).toUpperCase() + segment.slice(1)
        : letterCase === "mixed"
          ? [...segment].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("")
          : segment;
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
      token: fc.oneof(
        fc.constantFrom("open", "used", "", "%00", "..", "%2e%2e", "x".repeat(600), "A".repeat(43)),
        fc.string({ maxLength: 50 }).map(encode),
      ),
      id: fc.oneof(
        fc.constantFrom(
          "real",
          "real",
          "0",
          "-1",
          "abc",
          "3.5",
          "1e100",
          "99999999999",
          "2147483648",
          "%00",
          "%E0%A4%A",
          "1%2F2",
          "%201",
          "1.data",
        ),
        fc.string({ maxLength: 12 }).map(encode),
      ),
      letterCase: fc.constantFrom<"as-is" | "upper" | "title" | "mixed">("as-is", "as-is", "upper", "title", "mixed"),
      escapeAt: fc.option(fc.nat({ max: 10 }), { freq: 3 }),
      suffix: fc.constantFrom(
        "",
        "",
        ".data",
        ".data",
        "/",
        "/.data",
        "//.data",
        "?index",
        ".data?index",
        "?_data=routes%2Finbox%2Flayout",
        "?next=//evil.example",
      ),
    });
    const session = fc.constantFrom("agent", "agent", "none", "garbage", "unknown-token", "device-only");
    const method = fc.constantFrom("POST", "POST", "POST", "POST", "POST", "GET", "HEAD");
    const anyBody = fc.oneof(
      { weight: 1, arbitrary: body },
      { weight: 2, arbitrary: inboxFormBody },
      { weight: 2, arbitrary: inboxJsonBody },
    );
    const statuses: Record<number, number> = {};
    let signedInAgain = 0;
    await fc.assert(
      fc.asyncProperty(target, session, method, anyBody, clientHeaders, async (t, who, verb, b, headers) => {
        const parameter =
          t.action === "setup"
            ? t.token === "open"
              ? openToken
              : t.token === "used"
                ? usedToken
                : t.token
            : t.action === "person"
              ? t.id === "real"
                ? personIds[t.token.length % personIds.length]!
                : t.id
              : null;
        const literal = t.action === "person" ? ["inbox", "people"] : ["inbox", t.action];
        const segments = literal.map((s, i) =>
          spell(s, t.letterCase, t.escapeAt !== null && i === t.escapeAt % literal.length ? t.escapeAt : null),
        );
        const path = "/" + [...segments, ...(parameter === null ? [] : [parameter])].join("/") + t.suffix;
        const cookie = {
          agent: cookieHeader(agent),
          none: undefined,
          garbage: "inbox_session=garbage; inbox_device=%00",
          "unknown-token": `inbox_session=${"B".repeat(43)}`,
          "device-only": cookieHeader({ device: agent.device }),
        }[who];
        const lines = [`${verb} ${path} HTTP/1.1`, `Host: ${HOST}:${port}`, "Connection: close"];
        if (verb === "POST") lines.push(`Content-Length: ${b.payload.length}`);
        if (verb === "POST" && b.contentType) lines.push(`Content-Type: ${b.contentType}`);
        if (headers.origin) lines.push(`Origin: ${headers.origin}`);
        if (cookie) lines.push(`Cookie: ${cookie}`);
        lines.push(`X-Forwarded-For: ${headers.forwardedFor.replace(/[\r\n]/g, "")}`);
        const request = Buffer.concat([
          Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"),
          verb === "POST" ? b.payload : Buffer.alloc(0),
        ]);
        const response = await rawRequest(port, request);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        const described = `${verb} ${JSON.stringify(path).slice(0, 200)} as ${who} (${b.contentType ?? "no content type"}, ${b.payload.length} bytes, origin ${headers.origin}): ${b.payload.toString("latin1").slice(0, 200)}`;
        expectSafeAnswer(described, response);
        if (who === "agent" && response.headerLines.some(([name, value]) => name === "set-cookie" && value.startsWith("inbox_session=;"))) {
          await signInAgain();
          signedInAgain += 1;
        }
      }),
      { numRuns: runs * 4 },
    );
    console.info(
      `[bad input] ${runs * 4} inbox requests, answers by status: ${JSON.stringify(statuses)}; the agent was signed out and signed in again ${signedInAgain} times`,
    );
  });

  it("refuses every subscription it must not store with a 4xx: bad keys, keys off the curve, bad ports and addresses, huge bodies", async () => {
    const account = async () => {
      let page = await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } });
      if (page.status !== 200) {
        await signInAgain();
        page = await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } });
      }
      expect(page.status).toBe(200);
      return page.body;
    };
    const devices = async () => (await account()).split('name="intent" value="push-test"').length - 1;
    const before = await devices();
    const huge = (n: number) => ({
      contentType: "application/x-www-form-urlencoded",
      payload: Buffer.from(`intent=push-subscribe&endpoint=https%3A%2F%2F142.250.72.10%2Fx&p256dh=${"A".repeat(n)}&auth=${"A".repeat(22)}`),
    });
    const hugeBodies = fc.constantFrom(huge(40_000), huge(200_000), huge(2_000_000));
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 9, arbitrary: pushSubscribeBody }, { weight: 1, arbitrary: hugeBodies }),
        clientHeaders,
        async (b, headers) => {
          const lines = [
            "POST /inbox/account HTTP/1.1",
            `Host: ${HOST}:${port}`,
            "Connection: close",
            `Content-Length: ${b.payload.length}`,
            `Origin: ${origin}`,
            `Cookie: ${cookieHeader(agent)}`,
          ];
          if (b.contentType) lines.push(`Content-Type: ${b.contentType}`);
          lines.push(`X-Forwarded-For: ${headers.forwardedFor.replace(/[\r\n]/g, "")}`);
          const response = await rawRequest(port, Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), b.payload]));
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const described = `push-subscribe (${b.contentType ?? "no content type"}, ${b.payload.length} bytes): ${b.payload.toString("latin1").slice(0, 300)}`;
          expectNoServerError(described, response);
          expectMarkupAsText(described, response);
          expect(response.status, `${described}\n-> ${response.status} ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: runs },
    );
    console.info(`[bad input] ${runs} push subscriptions to refuse, answers by status: ${JSON.stringify(statuses)}`);
    // None was stored: the Account page lists the devices it listed before.
    expect(await devices()).toBe(before);
  });

  it("the agent's session and the server survive it", async () => {
    const page = await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } });
    if (page.status !== 200) await signInAgain();
    expect((await send(origin, { path: "/inbox/account", headers: { cookie: cookieHeader(agent) } })).status).toBe(200);
    expect((await health(origin))?.ok).toBe(true);
    // Its own server's log: the fuzz left no programming error behind, only refusals.
    expect(site.output()).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/);
  });
});
