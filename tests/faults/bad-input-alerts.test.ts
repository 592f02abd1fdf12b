/**
 * Bad input to the listing-alert routes (issue 32), property-based (fast-check, a fixed seed),
 * against the real production server with the DDF® feed on (a local stand-in with a few
 * listings) and no SMTP (mail is written to DATA_DIR/mail, where the links are read): the sign-up
 * (POST /alerts) and the pages a mail's links open (/alerts/confirm, /alerts/manage,
 * /alerts/unsubscribe, /alerts/open) get random, hostile and nearly right bodies, random,
 * truncated and tampered tokens, and other spellings of their paths, over a bare socket.
 *
 * Never a 5xx; a typed probe (<script>, <b>) never comes back as markup; every redirect stays on
 * the site (a path with one leading slash). Storage stays bounded: 200 replays of a confirmation
 * store one express consent, 200 replays of an unsubscribe one withdrawal, the sign-ups past
 * the form quota answer 429 and store nothing, and 200 GETs of a real alert's home link (its home
 * and made-up keys, from 200 addresses) store one open, while one address past the quota gets 429
 * (issue 38). At most MAX_REQUESTS requests, loopback only.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "../../app/lib/alert-consent";
import { generateListings } from "../fixtures/ddf/listings";
import { feedEnvOf, startDdfStandIn } from "../fixtures/ddf/stand-in";
import { type Body, LIVE_PROBE, PROBES, anyFields, bodyOf, linkBody, signUpFields, spelling, tokenOf } from "./support/alert-input";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, withDatabase } from "./support/data";
import { nextClientIp } from "./support/forms";
import { MARKER, encode, urlencoded } from "./support/hostile-input";
import { HOST, ports } from "./support/ports";
import { type RawResponse, rawRequest } from "./support/raw-http";
import { type SiteProcess, eventually, health, startSite } from "./support/site";

const SEED = 32;
const QUOTA = 3;
const REPLAYS = 200;
const MAX_REQUESTS = 2000;
const port = ports.badInputAlerts.site;
const origin = `http://${HOST}:${port}`;
const listings = generateListings(4, { seed: SEED });
const keys = listings.map((l) => l.ListingKey);

let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let site: SiteProcess;
const dataDir = freshDataDir();
const statuses: number[] = [];
/** Redirect targets checked (Location, or a .data answer's streamed redirect). */
let redirects = 0;
/** Person A's tokens (the replays) and person B's (the fuzzing); their subscriptions are apart. */
const tokens = { confirmA: "", manageA: "", confirmB: "", manageB: "" };
const quotaEmails = { stored: [] as string[], refused: [] as string[] };
/** The home link of the watcher's alert (the open links' test). */
let openerLink = "";

beforeAll(async () => {
  standIn = await startDdfStandIn({ listings, port: ports.badInputAlerts.ddf });
  // Syncs and alert runs often enough for an alert mail to arrive within the test (the open links).
  site = await startSite({
    port,
    dataDir,
    env: feedEnvOf(standIn),
    testOnly: { formRateLimitMax: QUOTA, ddfSyncIntervalMs: 10_000, alertsPollMs: 1000 },
  });
  // The watch sign-up needs the home in the database: wait for the first sync.
  const synced = await eventually(async () => (await send(head("GET", "/sitemap-listings.xml"))).body.includes("/listings/"), 60_000, 500);
  expect(synced, site.output()).toBe(true);
}, 120_000);

afterAll(async () => {
  killAll();
  await standIn?.close();
  removeDataDirs();
});

function head(method: string, urlPath: string, extra: string[] = []): Buffer {
  return Buffer.from(
    [`${method} ${urlPath} HTTP/1.1`, `Host: ${HOST}:${port}`, "Connection: close", "Accept: text/html", ...extra, "", ""].join("\r\n"),
    "latin1",
  );
}

function post(urlPath: string, body: Body, ip: string, from: string | null = origin): Buffer {
  const lines = [`Content-Length: ${body.payload.length}`, `X-Forwarded-For: ${ip}`, "User-Agent: alerts-fuzz"];
  if (body.contentType) lines.push(`Content-Type: ${body.contentType}`);
  if (from) lines.push(`Origin: ${from}`);
  return Buffer.concat([head("POST", urlPath, lines), body.payload]);
}

async function send(request: Buffer): Promise<RawResponse> {
  if (statuses.length >= MAX_REQUESTS) throw new Error(`more than ${MAX_REQUESTS} requests`);
  const response = await rawRequest(port, request);
  statuses.push(response.status);
  return response;
}

/** Never a 5xx (nor no answer), never a probe as live markup, any redirect to a path of this site. */
function expectSafe(described: string, response: RawResponse) {
  const what = `${described}\n-> ${response.status} ${JSON.stringify(response.headers)} ${response.body.slice(0, 300)}`;
  expect(response.status, what).toBeGreaterThanOrEqual(200);
  expect(response.status, what).toBeLessThan(500);
  if ((response.headers["content-type"] ?? "").includes("text/html")) expect(response.body, what).not.toMatch(LIVE_PROBE);
  // A .data request's redirect is in its turbo-stream body (202), a document's in Location.
  const streamed = response.status === 202 ? /"redirect","((?:[^"\\]|\\.)*)"/.exec(response.body)?.[1] : undefined;
  for (const target of [response.headers["location"], response.headers["x-remix-redirect"], streamed]) {
    if (target === undefined) continue;
    redirects += 1;
    expect(target, what).toMatch(/^\/(?![/\\])/);
  }
  if (response.status === 202 && response.body) expect(streamed, what).toBeDefined();
}

const form = (pairs: [string, string][]): Body => ({
  contentType: "application/x-www-form-urlencoded",
  payload: Buffer.from(urlencoded(pairs)),
});

function signUpPairs(
  email: string,
  kind: "search" | "watch",
  name = "Alex Fuzz",
  { frequency = "daily", home = keys[0]! } = {},
): [string, string][] {
  const base: [string, string][] = [
    ["email", email],
    ["name", name],
    ["frequency", frequency],
    ["consent", "yes"],
    ["consentVersion", ALERT_CONSENT_VERSION],
    ["kind", kind],
    ["website", ""],
  ];
  return kind === "watch"
    ? [...base, ["form", "Watch this home"], ["listingKey", home]]
    : [...base, ["form", "Save this search"], ["city", "Edmonton"], ["minBeds", "2"]];
}

/** The confirmation link's token, from the .eml the server wrote for `email`. */
async function confirmTokenFor(email: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  let token = "";
  const found = await eventually(
    async () => {
      if (!existsSync(mailDir)) return false;
      for (const file of readdirSync(mailDir, { withFileTypes: true }).filter((f) => f.name.endsWith(".eml"))) {
        const mail = await simpleParser(readFileSync(path.join(mailDir, file.name)));
        if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email)
          token = /\/alerts\/confirm\/([\w-]+\.[\w-]+)/.exec(mail.text ?? "")?.[1] ?? "";
      }
      return token !== "";
    },
    20_000,
    200,
  );
  expect(found, `no confirmation mail to ${email}`).toBe(true);
  return token;
}

/** A home's link (`/alerts/open/<token>/<key>`) in the alert mail the server wrote for `email`. */
async function openLinkFor(email: string, key: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  let link = "";
  const found = await eventually(
    async () => {
      for (const file of readdirSync(mailDir, { withFileTypes: true }).filter((f) => f.name.endsWith(".eml"))) {
        const mail = await simpleParser(readFileSync(path.join(mailDir, file.name)));
        if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email)
          link = new RegExp(`/alerts/open/[\\w-]+\\.[\\w-]+/${key}\\b`).exec(mail.text ?? "")?.[0] ?? link;
      }
      return link !== "";
    },
    60_000,
    500,
  );
  expect(found, `no alert mail to ${email} with a link to ${key}`).toBe(true);
  return link;
}

/** Signs up, confirms from the mail; the confirmation page links to the manage page. */
async function subscribed(
  email: string,
  kind: "search" | "watch",
  options: { frequency?: string; home?: string } = {},
): Promise<{ confirm: string; manage: string }> {
  expectSafe("sign-up", await send(post("/alerts", form(signUpPairs(email, kind, undefined, options)), nextClientIp())));
  const confirm = await confirmTokenFor(email);
  const page = await send(post(`/alerts/confirm/${confirm}`, form([]), nextClientIp()));
  expect(page.status, page.body.slice(0, 500)).toBe(200);
  expect(page.body).toContain("Your alerts are confirmed");
  const manage = /href="\/alerts\/manage\/([\w-]+\.[\w-]+)"/.exec(page.body)?.[1];
  expect(manage, page.body).toBeTruthy();
  return { confirm, manage: manage! };
}

/** `count` requests, `parallel` at a time. */
async function replay(count: number, parallel: number, one: (i: number) => Promise<void>) {
  for (let i = 0; i < count; i += parallel) await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, (_, j) => one(i + j)));
}

describe("replayed links keep storage bounded", () => {
  it("200 confirmations of one link store one express consent; 200 unsubscribes one withdrawal", async () => {
    const a = await subscribed("replay-a@example.com", "search");
    const b = await subscribed("fuzz-owner-b@example.com", "watch");
    Object.assign(tokens, { confirmA: a.confirm, manageA: a.manage, confirmB: b.confirm, manageB: b.manage });

    const confirmed: string[] = [];
    await replay(REPLAYS, 10, async () => {
      const r = await send(post(`/alerts/confirm/${a.confirm}`, form([]), nextClientIp()));
      expectSafe("confirm replay", r);
      confirmed.push(r.status === 200 && r.body.includes("were already confirmed") ? "already" : `${r.status}`);
    });
    expect(
      confirmed.filter((c) => c !== "already"),
      "the first use confirmed, every replay answers 'already'",
    ).toEqual([]);

    await replay(REPLAYS, 10, async (i) => {
      // The mail program's one-click POST (no Origin), or the page's button (empty form, this site's Origin).
      const oneClick = i % 2 === 0;
      const r = await send(
        post(
          `/alerts/unsubscribe/${a.manage}`,
          form(oneClick ? [["List-Unsubscribe", "One-Click"]] : []),
          nextClientIp(),
          oneClick ? null : origin,
        ),
      );
      expectSafe("unsubscribe replay", r);
      expect(r.status).toBe(200);
      expect(r.body).toContain("You are unsubscribed");
    });
    const manage = await send(head("GET", `/alerts/manage/${a.manage}`));
    expect(manage.status).toBe(200);
    expect(manage.body).toContain("You have no active listing alerts");
  });
});

describe("the form quota", () => {
  it("answers 429 past the form quota's sign-ups from one address", async () => {
    const got: number[] = [];
    for (let n = 0; n < QUOTA + 5; n++) {
      const email = `quota-${n}@example.com`;
      const r = await send(post(n % 2 ? "/alerts" : "/alerts.data", form(signUpPairs(email, "search")), "198.51.100.201"));
      expectSafe(`sign-up ${n} from one address`, r);
      got.push(r.status);
      (r.status === 200 ? quotaEmails.stored : quotaEmails.refused).push(email);
    }
    expect(got).toEqual([...Array<number>(QUOTA).fill(200), ...Array<number>(5).fill(429)]);
  });
});

describe("a home's link in an alert", () => {
  it("200 GETs of it, its home or made-up keys, from many addresses, store one open; one address past the quota gets 429", async () => {
    await subscribed("opener@example.com", "watch", { frequency: "instant", home: keys[1]! });
    // A price drop in the feed: the next sync records it and the alerts job mails the watcher at once.
    const home = listings[1]!;
    standIn.upsert({ ...home, ListPrice: (home.ListPrice ?? 500_000) - 10_000 });
    const link = await openLinkFor("opener@example.com", keys[1]!);
    openerLink = link;
    const token = link.split("/")[3]!;
    const got: number[] = [];
    await replay(REPLAYS, 10, async (i) => {
      // Half the home's own link, half keys no mail carried (the 1–64 word characters).
      const key = i % 2 === 0 ? keys[1]! : `${"k".repeat(1 + (i % 60))}${i}`;
      const r = await send(head("GET", `/alerts/open/${token}/${key}`, [`X-Forwarded-For: ${nextClientIp()}`]));
      expectSafe(`open ${key}`, r);
      got.push(r.status);
    });
    expect(new Set(got)).toEqual(new Set([303]));

    // One address: the quota's worth of redirects, then 429 with Retry-After, nothing read.
    const burst: number[] = [];
    for (let n = 0; n < QUOTA + 5; n++) {
      const r = await send(head("GET", link, ["X-Forwarded-For: 198.51.100.202"]));
      expectSafe("open from one address", r);
      burst.push(r.status);
      if (r.status === 429) expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(burst).toEqual([...Array<number>(QUOTA).fill(303), ...Array<number>(5).fill(429)]);
  }, 120_000);
});

describe("bad input to the alert routes", () => {
  it("a typed probe comes back as text in the sign-up form", async () => {
    const pairs = signUpPairs("not-an-address", "search", `${PROBES[1]} ${PROBES[0]}`);
    const r = await send(post("/alerts", form(pairs), nextClientIp()));
    expect(r.status, r.body.slice(0, 300)).toBe(400);
    expectSafe("sign-up with probes in the name", r);
    expect(r.body).toContain(`&lt;b&gt;${MARKER}&lt;/b&gt;`);
  });

  it("the sign-up never answers 5xx, whatever the body, path spelling and client", async () => {
    const bodies = fc.oneof({ weight: 3, arbitrary: bodyOf(signUpFields(keys)) }, { weight: 1, arbitrary: bodyOf(anyFields) });
    const from = fc.constantFrom<string | null>(origin, origin, origin, null, "null", "https://evil.example");
    await fc.assert(
      fc.asyncProperty(bodies, spelling, from, fc.nat(9), async (b, spell, o, n) => {
        const urlPath = spell("/alerts");
        const r = await send(post(urlPath, b, n === 0 ? "not-an-ip" : nextClientIp(), o));
        expectSafe(`POST ${urlPath} (${b.contentType}, origin ${o}): ${b.payload.toString("latin1").slice(0, 300)}`, r);
      }),
      { numRuns: 300, seed: SEED, endOnFailure: true },
    );
  });

  it("the link pages never answer 5xx or leave the site, whatever the token, key, method and body", async () => {
    const token = tokenOf([tokens.confirmB, tokens.manageB]);
    const key = fc.oneof(
      fc.constantFrom(...keys, "00000000"),
      fc.string({ maxLength: 20 }).map(encode),
      fc.constantFrom(...PROBES, "%2e%2e", "..", "%00", "x".repeat(300)).map((s) => (s.includes("<") ? encode(s) : s)),
    );
    const route = fc.constantFrom("/alerts", "/alerts/confirm/", "/alerts/manage/", "/alerts/unsubscribe/", "/alerts/open/");
    const method = fc.constantFrom("GET", "GET", "HEAD", "POST", "POST", "POST", "PUT", "OPTIONS");
    const from = fc.constantFrom<string | null>(origin, origin, null, "https://evil.example");
    await fc.assert(
      fc.asyncProperty(route, token, key, spelling, method, linkBody, from, async (r, t, k, spell, m, b, o) => {
        const urlPath = spell(r === "/alerts" ? r : r === "/alerts/open/" ? `${r}${t}/${k}` : `${r}${t}`);
        const request = m === "POST" ? post(urlPath, b, nextClientIp(), o) : head(m, urlPath, m === "PUT" ? ["Content-Length: 0"] : []);
        expectSafe(
          `${m} ${JSON.stringify(urlPath).slice(0, 300)} (${b.contentType}, origin ${o}): ${b.payload.toString("latin1").slice(0, 200)}`,
          await send(request),
        );
      }),
      { numRuns: 650, seed: SEED, endOnFailure: true },
    );
  });

  it("an open link always redirects to a path of this site", async () => {
    for (const k of [keys[0]!, "00000000", "%2F%2Fevil.example", "%5Cevil.example"]) {
      const r = await send(head("GET", `/alerts/open/${tokens.manageB}/${k}`, [`X-Forwarded-For: ${nextClientIp()}`]));
      expectSafe(`open ${k}`, r);
      expect(r.status).toBe(303);
      expect(r.headers.location).toMatch(/^\/listings(\/|$)/);
    }
  });
});

describe("what was stored", () => {
  it("one express consent and one withdrawal for the replayed links; nothing for the refused sign-ups; mails without live markup", async () => {
    const byStatus = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    console.info(
      `[bad input, alerts] ${statuses.length} requests, answers by status: ${JSON.stringify(byStatus)}, ${redirects} redirects checked`,
    );
    expect(statuses.length).toBeLessThanOrEqual(MAX_REQUESTS);
    expect((await health(origin))?.ok).toBe(true);
    expect(await eventually(async () => ((await health(origin))?.notifications?.pending ?? 1) === 0, 30_000, 250)).toBe(true);
    expect((await site.stop()).code, site.output()).toBe(0);
    expect(site.output()).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError)\b/);

    await withDatabase({ dataDir }, async (db) => {
      const events = await db.rows<{ kind: string; n: number }>(
        sql`select c.kind, count(*)::integer as n from consent_events c join people p on p.id = c.person_id where p.email = 'replay-a@example.com' group by c.kind order by c.kind`,
      );
      expect(events.map((e) => [e.kind, Number(e.n)])).toEqual([
        ["express", 1],
        ["withdrawal", 1],
      ]);
      const subscriptions = await db.rows<{ email: string }>(sql`select email from alert_subscriptions where email like 'quota-%'`);
      expect(subscriptions.map((s) => s.email).sort()).toEqual([...quotaEmails.stored].sort());
      const mails = await db.rows<{ recipient: string }>(sql`select recipient from notification_outbox where recipient like 'quota-%'`);
      expect(mails.map((m) => m.recipient).sort()).toEqual([...quotaEmails.stored].sort());
      // 200 GETs of a real alert's link and made-up keys, and the burst: one open (the mailed home, one day).
      const opens = await db.rows<{ listing_key: string }>(
        sql`select o.listing_key from alert_opens o join people p on p.id = o.person_id where p.email = 'opener@example.com'`,
      );
      expect(openerLink).not.toBe("");
      expect(opens.map((o) => o.listing_key)).toEqual([keys[1]]);
      const [allOpens] = await db.rows<{ n: number }>(sql`select count(*)::integer as n from alert_opens`);
      expect(Number(allOpens?.n)).toBe(1);
      const [total] = await db.rows<{ subscriptions: number; consents: number }>(
        sql`select (select count(*)::integer from alert_subscriptions) as subscriptions, (select count(*)::integer from consent_events) as consents`,
      );
      console.info(`[bad input, alerts] stored ${total?.subscriptions} subscriptions, ${total?.consents} consent events`);
    });

    // The confirmation mails carry what the fuzzer typed (names) as text only.
    const mailDir = path.join(dataDir, "mail");
    for (const file of readdirSync(mailDir).filter((f) => f.endsWith(".eml"))) {
      const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
      expect(typeof mail.html === "string" ? mail.html : "", file).not.toMatch(LIVE_PROBE);
    }
  });
});
