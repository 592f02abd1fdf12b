/**
 * The site's guards as an attacker meets them, against the production server (a child process
 * of the production build): the inbox's same-origin rule and private headers on every spelling
 * of its paths, the form quota on every spelling of the form routes, the sign-in throttle under
 * concurrent bursts (counted before the password is checked, a known browser keeping its own
 * allowance), the bounded sign-in log and passkey challenges, and bad input answered 4xx
 * without a stack trace in the log.
 *
 * Each check would fail on the old design: guards in Express matching path strings (other
 * spellings got through), a throttle that checked and then counted (a burst got one guess per
 * request), a sign-in log with a row per attempt (strangers grew the database at will).
 *
 * About half a minute on two cores; the PostgreSQL part is skipped without PostgreSQL's binaries.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { contactFields, leadFields, submitOne } from "./support/forms";
import {
  type Answer,
  type Browser,
  GOOD_PASSWORD,
  closeConnections,
  cookieHeader,
  createAccount,
  formBody,
  formHeaders,
  inPool,
  inviteFrom,
  printedSetupPath,
  repeatedHeaders,
  send,
  signIn,
  signedIn,
  stackLines,
} from "./support/inbox";
import { ports } from "./support/ports";
import { TestPostgres, findPostgresBin } from "./support/postgres";
import { type SiteProcess, startSite } from "./support/site";

const bin = findPostgresBin();
let pg: TestPostgres | null = null;

/** The site most findings share; each finding uses accounts and client addresses of its own. */
let site: SiteProcess;
/** The first account, signed in (made through the set-up link the server printed). */
let agent: Browser;

beforeAll(async () => {
  site = await startSite({ port: ports.guards.site, dataDir: freshDataDir() });
  agent = await createAccount(site, await printedSetupPath(site), "agent@example.com");
});

afterAll(() => {
  killAll();
  pg?.destroy();
  removeDataDirs();
  closeConnections();
});

/** A new account (set-up link made on the Account page by the agent); the browser that made it is known to the site. */
async function newAccount(email: string): Promise<Browser> {
  return createAccount(site, await inviteFrom(site, agent, email), email);
}

/** A 429 from the sign-in throttle: Retry-After in seconds, and the message names the wait in minutes. */
function expectThrottled(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBe(429);
  // Soft: a missing Retry-After is reported, and the rest of the finding is still checked.
  expect.soft(Number(answer.header("retry-after")), `${what}: Retry-After (got ${JSON.stringify(answer.header("retry-after"))})`).toBeGreaterThan(0);
  expect(answer.body, what).toMatch(/Try again in \d+ minutes?/);
  expect(answer.cookie("inbox_session"), `${what}: no session`).toBeNull();
}

function tally(statuses: number[]): Record<number, number> {
  return statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
}

describe("guards: sign-in under a concurrent burst", () => {
  it("100 simultaneous wrong passwords get at most 10 checks (401), the rest 429; the right password from a stranger then gets 429", async () => {
    // From one address.
    const one = await newAccount("burst-one@example.com");
    const fromOne = await Promise.all(Array.from({ length: 100 }, (_, n) => signIn(site, { email: one.email, password: `wrong password ${n}`, address: "198.18.1.1" })));
    // From 100 addresses, on another account.
    const many = await newAccount("burst-many@example.com");
    const fromMany = await Promise.all(Array.from({ length: 100 }, (_, n) => signIn(site, { email: many.email, password: `wrong password ${n}`, address: `198.18.2.${n + 1}` })));

    for (const [what, answers] of [["one address", fromOne], ["100 addresses", fromMany]] as const) {
      const counts = tally(answers.map((a) => a.status));
      console.info(`[guards] 100 simultaneous wrong passwords from ${what}: ${JSON.stringify(counts)}`);
      expect(Object.keys(counts).map(Number).sort(), `${what}: ${JSON.stringify(counts)}`).toEqual(counts[401] ? [401, 429] : [429]);
      expect(counts[401] ?? 0, `${what}: ${JSON.stringify(counts)}`).toBeGreaterThanOrEqual(1);
      expect(counts[401] ?? 0, `${what}: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(10);
      const refused = answers.filter((x) => x.status === 429);
      for (const a of refused) expect(a.body, what).toMatch(/Try again in \d+ minutes?/);
      expect(refused.filter((a) => a.cookie("inbox_session") !== null)).toEqual([]);
      expect.soft(refused.filter((a) => !(Number(a.header("retry-after")) > 0)).length, `${what}: 429 answers without Retry-After`).toBe(0);
    }

    // The right password, right after, from strangers (no device cookie, fresh addresses): no session.
    expectThrottled(await signIn(site, { email: one.email, password: GOOD_PASSWORD, address: "198.18.1.200" }), "right password after the burst from one address");
    expectThrottled(await signIn(site, { email: many.email, password: GOOD_PASSWORD, address: "198.18.2.200" }), "right password after the burst from 100 addresses");
  });
});

describe("guards: the form quota on every spelling of a form's path", () => {
  it("once the quota is spent, no spelling of /contact or /welcome gets through or stores anything", async () => {
    const dataDir = freshDataDir();
    const forms = await startSite({ port: ports.guards.secondSite, dataDir, env: { FORM_RATE_LIMIT_MAX: "3" } });
    const address = "198.18.3.1";
    const post = (p: string, fields: Record<string, string>) => send(forms.origin, { method: "POST", path: p, headers: formHeaders(forms.origin, { "x-forwarded-for": address }), body: formBody(fields) });

    const allowed: string[] = [];
    for (let n = 0; n < 3; n++) {
      const email = `quota-${n}@example.com`;
      expect((await post("/contact.data", contactFields(email, n))).status).toBe(200);
      allowed.push(email);
    }
    const spellings = ["/Contact.data", "/CONTACT", "/contact/", "/contact/.data", "/contact//.data", "/%63ontact.data", "/Welcome.data", "/welcome/.data"];
    const refused: { path: string; email: string; status: number }[] = [];
    for (const [n, p] of spellings.entries()) {
      const email = `spelled-${n}@example.com`;
      const fields = /welcome/i.test(p) ? leadFields(email, n) : contactFields(email, n);
      refused.push({ path: p, email, status: (await post(p, fields)).status });
    }
    expect((await forms.stop()).code).toBe(0);

    for (const r of refused) expect([429, 404], `POST ${r.path} after the quota -> ${r.status}`).toContain(r.status);
    const stored = await withDatabase({ dataDir }, storedSubmissions);
    for (const email of allowed) expect(stored.emails.has(email), email).toBe(true);
    expect(refused.filter((r) => stored.emails.has(r.email)).map((r) => r.path), "stored past the quota").toEqual([]);
    expect(stored.emails.size).toBe(3);
    // No notification went out (or was queued) for them either: the mail folder holds at most the three allowed.
    const mailDir = path.join(dataDir, "mail");
    const mails = (() => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith(".eml")).length;
      } catch {
        return 0;
      }
    })();
    expect(mails).toBeLessThanOrEqual(3);
  });
});

describe.skipIf(!bin)("guards: what strangers' sign-in attempts leave in PostgreSQL", () => {
  it("3,000 throttled attempts with long fields grow the database by less than 1 MB; 2,000 passkey challenge requests get 30", async () => {
    pg = new TestPostgres(bin!, ports.guards.postgres);
    await pg.init();
    const databaseUrl = pg.url;
    const pgSite = await startSite({ port: ports.guards.secondSite, dataDir: freshDataDir(), databaseUrl });
    const one = async <T extends Record<string, unknown>>(query: SQL) => (await withDatabase({ databaseUrl }, (db) => db.rows<T>(query)))[0]!;
    const size = async () => Number((await one<{ n: string }>(sql`select pg_database_size(current_database())::text as n`)).n);

    const before = await size();
    // 254-character e-mails that differ, 200-character user agents, from three addresses (30 checks each at most).
    const attempts = Array.from({ length: 3000 }, (_, n) => {
      const head = `${n}.`;
      return {
        email: `${head}${"a".repeat(254 - head.length - "@example.com".length)}@example.com`,
        userAgent: `FaultAgent/${n} ${"x".repeat(200)}`.slice(0, 200),
        address: `198.18.4.${(n % 3) + 1}`,
      };
    });
    expect(attempts.every((a) => a.email.length === 254 && a.userAgent.length === 200)).toBe(true);
    const statuses = await inPool(attempts, 20, async (a, n) => (await signIn(pgSite, { ...a, password: `wrong password ${n}` })).status);
    const counts = tally(statuses);
    const checked = counts[401] ?? 0;
    const throttled = counts[429] ?? 0;
    expect(checked + throttled, JSON.stringify(counts)).toBe(3000);
    expect(checked, JSON.stringify(counts)).toBeLessThanOrEqual(90);
    const after = await size();

    const logged = await one<{ n: number }>(sql`select count(*)::integer as n from inbox_sign_ins`);
    const tallies = await withDatabase({ databaseUrl }, (db) => db.rows<{ day: string; method: string; throttled: number }>(sql`select day::text as day, method, throttled from inbox_sign_in_tallies`));
    console.info(`[guards] 3,000 sign-ins: ${JSON.stringify(counts)}; database ${before} -> ${after} bytes (+${after - before}); ${logged.n} logged; tallies ${JSON.stringify(tallies)}`);
    expect(after - before, `database grew from ${before} to ${after} bytes`).toBeLessThan(1024 * 1024);
    expect(Number(logged.n)).toBeLessThanOrEqual(2000);
    expect(Number(logged.n), "only the attempts that reached the check are logged").toBe(checked);
    // One row per day and method (two if the run crossed midnight), counting every throttled attempt.
    expect(tallies.length).toBeGreaterThanOrEqual(1);
    expect(tallies.length).toBeLessThanOrEqual(2);
    expect(tallies.every((t) => t.method === "password")).toBe(true);
    expect(tallies.reduce((sum, t) => sum + Number(t.throttled), 0)).toBe(throttled);

    // Passkey sign-in options from one address.
    const options = await inPool(Array.from({ length: 2000 }), 20, async () => {
      const res = await send(pgSite.origin, {
        method: "POST",
        path: "/inbox/passkey",
        headers: { "content-type": "application/json", origin: pgSite.origin, "x-forwarded-for": "198.18.5.1" },
        body: JSON.stringify({ intent: "sign-in-options" }),
      });
      return res.status;
    });
    const optionCounts = tally(options);
    expect(Object.keys(optionCounts).map(Number).sort(), JSON.stringify(optionCounts)).toEqual([200, 429]);
    expect(optionCounts[200], JSON.stringify(optionCounts)).toBeLessThanOrEqual(30);
    const challenges = await one<{ n: number }>(sql`select count(*)::integer as n from inbox_challenges`);
    expect(Number(challenges.n)).toBeLessThanOrEqual(600);
    expect(Number(challenges.n)).toBeLessThanOrEqual(optionCounts[200]!);
    expect((await pgSite.stop()).code).toBe(0);
  }, 180_000);
});

describe("guards: the inbox's same-origin rule and private headers on every spelling", () => {
  it("refuses a signed-in POST without the site's Origin (403, or React Router's 400 for a foreign one; no invite) on every spelling; GET /INBOX/account is private, once, without the public frame", async () => {
    const spellings = ["/INBOX/account.data", "/%69nbox/account.data", "/inbox/account.data", "/Inbox/Account"];
    const origins = [{ name: "no Origin", value: null }, { name: "a foreign Origin", value: "https://evil.example" }];
    const logFrom = site.output().length;
    for (const p of spellings) {
      for (const o of origins) {
        const res = await send(site.origin, { method: "POST", path: p, headers: formHeaders(o.value, { cookie: cookieHeader(agent) }), body: formBody({ intent: "invite", email: "x@y.ca" }) });
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
    const control = await send(site.origin, { method: "POST", path: "/INBOX/account.data", headers: formHeaders(site.origin, { cookie: cookieHeader(agent) }), body: formBody({ intent: "invite", email: "spelled@y.ca" }) });
    expect(control.status).toBe(200);
    expect(control.body).toMatch(/\/inbox\/setup\/[A-Za-z0-9_-]+/);

    const upper = await send(site.origin, { path: "/INBOX/account", headers: { cookie: cookieHeader(agent), accept: "text/html" } });
    expect(upper.status).toBe(200);
    expect(upper.count("cache-control")).toBe(1);
    expect(upper.header("cache-control")).toBe("no-store");
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
    const json = (extra: Record<string, string | undefined> = {}) => ({ "content-type": "application/json", origin: site.origin, ...extra });
    const brokenMultipart = `--xx\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnote`;
    const inputs: { label: string; method?: string; path: string; headers: Record<string, string | undefined>; body?: string; expect?: number }[] = [
      ...["null", "[]", "1", '"x"'].map((body) => ({ label: `passkey JSON ${body}`, method: "POST", path: "/inbox/passkey", headers: json(), body })),
      { label: "passkey as text/plain", method: "POST", path: "/inbox/passkey", headers: { "content-type": "text/plain", origin: site.origin }, body: '{"intent":"sign-in-options"}' },
      { label: "NUL in a note", method: "POST", path: personPath!, headers: formHeaders(site.origin, asAgent), body: formBody({ intent: "note", note: "before\u0000after" }) },
      { label: "NUL in the search", path: "/inbox.data?q=%00", headers: asAgent },
      { label: "NUL in the search (page)", path: "/inbox?q=%00", headers: asAgent },
      ...["abc", "3.5", "1e100"].map((id) => ({ label: `notificationId ${id}`, method: "POST", path: personPath!, headers: formHeaders(site.origin, asAgent), body: formBody({ intent: "resend", notificationId: id }) })),
      ...[personPath!, `${personPath!}.data`, "/inbox/account", "/inbox/account.data"].flatMap((p) => [
        { label: `text/plain to ${p}`, method: "POST", path: p, headers: { "content-type": "text/plain;charset=UTF-8", origin: site.origin, ...asAgent }, body: "intent=note\nnote=hello" },
        { label: `JSON to ${p}`, method: "POST", path: p, headers: json(asAgent), body: '{"intent":"invite","email":"json@y.ca"}' },
        { label: `broken multipart to ${p}`, method: "POST", path: p, headers: { "content-type": "multipart/form-data; boundary=xx", origin: site.origin, ...asAgent }, body: brokenMultipart },
        { label: `multipart without a boundary to ${p}`, method: "POST", path: p, headers: { "content-type": "multipart/form-data", origin: site.origin, ...asAgent }, body: brokenMultipart },
      ]),
      ...["/mortgage-calculator", "/blog/rss.xml", "/about", "/mortgage-calculator.data"].map((p) => ({ label: `POST to ${p}, which has no action`, method: "POST", path: p, headers: formHeaders(site.origin), body: "a=b", expect: 405 })),
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
    const nulAnswers = await inPool(Array.from({ length: 35 }), 5, () => signIn(site, { email: `nul\u0000@example.com`, password: GOOD_PASSWORD, address }));
    const nulAccount = await inPool(Array.from({ length: 35 }), 5, () => signIn(site, { email: nul.email, password: `${GOOD_PASSWORD}\u0000`, address }));
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

describe("guards: a known browser signs in while strangers are throttled", () => {
  it("the right password from a stranger gets 429; the browser with the device cookie signs in", async () => {
    const owner = await newAccount("device@example.com");
    const strangers = await Promise.all(Array.from({ length: 15 }, (_, n) => signIn(site, { email: owner.email, password: `stranger guess ${n}`, address: `198.18.7.${n + 1}` })));
    expect(strangers.filter((s) => s.status === 429).length, JSON.stringify(tally(strangers.map((s) => s.status)))).toBeGreaterThanOrEqual(5);

    expectThrottled(await signIn(site, { email: owner.email, password: GOOD_PASSWORD, address: "198.18.7.100" }), "the right password from a stranger");
    // The owner's browser, even from yet another address: its own allowance.
    const known = await signIn(site, { email: owner.email, password: GOOD_PASSWORD, address: "198.18.7.101", device: owner.device });
    expect(signedIn(known), `known browser -> ${known.status} ${known.body.slice(0, 200)}`).toBe(true);
    // Its new session works.
    const page = await send(site.origin, { path: "/inbox/account", headers: { cookie: cookieHeader({ session: known.cookie("inbox_session") }) } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("device@example.com");
  });
});

describe("guards: weaker points, end to end", () => {
  it("a set-up link for one address makes no account for another; a forwarding header that is not an IP is not stored; one copy of each header", async () => {
    const dataDir = freshDataDir();
    const own = await startSite({ port: ports.guards.secondSite, dataDir });
    const first = await createAccount(own, await printedSetupPath(own), "first@example.com");
    const link = await inviteFrom(own, first, "a@x.ca");

    const other = await send(own.origin, { method: "POST", path: link, headers: formHeaders(own.origin, { "x-forwarded-for": "198.18.8.1" }), body: formBody({ name: "Someone Else", email: "b@x.ca", password: GOOD_PASSWORD }) });
    const what = `POST ${link} with email b@x.ca (link made for a@x.ca) -> ${other.status} ${other.header("location") ?? ""} ${other.body.slice(0, 200)}`;
    expect.soft(other.status, what).toBe(409);
    expect.soft(repeatedHeaders(other), what).toEqual([]);

    const forwarded = await signIn(own, { email: "forwarded@example.com", password: "a wrong password", address: "not-an-ip" });
    expect(forwarded.status).toBe(401);
    expect(repeatedHeaders(forwarded)).toEqual([]);
    const good = await signIn(own, { email: "first@example.com", password: GOOD_PASSWORD, address: "198.18.8.2", device: first.device });
    expect(signedIn(good)).toBe(true);
    expect(repeatedHeaders(good)).toEqual([]);
    expect(good.count("set-cookie")).toBeLessThanOrEqual(2);

    expect((await own.stop()).code).toBe(0);
    await withDatabase({ dataDir }, async (db) => {
      const users = await db.rows<{ email: string }>(sql`select email from inbox_users order by id`);
      expect(users.map((u) => u.email)).not.toContain("b@x.ca");
      const rows = await db.rows<{ address: string | null }>(sql`select address from inbox_sign_ins where email = 'forwarded@example.com'`);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.address).not.toBe("not-an-ip");
      expect(rows[0]!.address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      const good = await db.rows<{ address: string | null }>(sql`select address from inbox_sign_ins where email = 'first@example.com' and ok and method = 'password'`);
      expect(good.map((r) => r.address)).toEqual(["198.18.8.2"]);
    });
  });
});
