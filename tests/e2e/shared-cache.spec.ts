/**
 * Behind a shared cache (issue 29, "How it is proven"): Debian's Varnish, configured as a CDN
 * behaves by default (tests/support/varnish.ts), in front of a production server of the spec's own
 * with its own DDF stand-in and a sync every 10 s. The server's SITE_URL is Varnish's address, as a
 * site behind a CDN is published at the CDN's, so the inbox's same-origin rule holds through it.
 *  - public pages are stored and served again (HIT), with the headers of the contract;
 *  - a price change reaches the page through the cache within 60 s of the sync that stored it;
 *  - the inbox, a signed-in page, the sign-in page and a form's answer are never stored, and one
 *    visitor's never reaches another (two browsers, one signed in);
 *  - a visitor's cookie changes no public page; the cached page hydrates at 390 px for anyone.
 */
import type { Page } from "@playwright/test";
import type { DdfProperty } from "../../app/lib/server/listings/property.server";
import { formatCurrency } from "../../app/lib/format";
import { generateListings } from "../fixtures/ddf/listings";
import { startDdfStandIn } from "../fixtures/ddf/stand-in";
import { type Varnish, startVarnish } from "../support/varnish";
import { type OwnServer, createFirstAccount, freePort, signIn, startOwnServer } from "./own-server";
import { BUILD, LIVE, PRIVATE, expectShareable, get, recordDocuments, visitOnPhone } from "./shared-cache-support";
import { expect, test } from "./support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const agent = { name: "Casey Cachewell", email: "casey.cachewell@example.com", password: "shared caches keep nothing private" };
let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let server: OwnServer;
let varnish: Varnish;
/** The server itself, bypassing the cache. */
let direct = "";
/** Where visitors go: Varnish, the site's public address. */
let cdn = "";
/** The Cookie header of the signed-in agent's browser (test 3), sent with public pages in test 4. */
let agentCookie = "";

/** Listings of the feed that have a page, each used by one test only, so each starts uncached. */
function activeListings(): DdfProperty[] {
  return [...standIn.listings.values()].filter(
    (p) => p.StandardStatus === "Active" && (p.ListPrice ?? 0) > 100_000 && p.InternetEntireListingDisplayYN !== false,
  );
}

/** A listing's own address (any other slug moves there permanently). */
async function pagePath(key: string): Promise<string> {
  const moved = await get(`${direct}/listings/${key}-x`);
  expect(moved.status, `/listings/${key}-x moves to the listing's address`).toBe(301);
  return new URL(moved.headers.get("location")!, direct).pathname;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  standIn = await startDdfStandIn({ listings: generateListings(12, { seed: 29 }), clientId: "cache-client", clientSecret: "cache-secret" });
  const cdnPort = await freePort();
  server = await startOwnServer(
    "shared-cache",
    test.info().outputPath("server.log"),
    {
      DDF_CLIENT_ID: "cache-client",
      DDF_CLIENT_SECRET: "cache-secret",
      DDF_MEDIA_HOSTS: new URL(standIn.origin).host,
      SITE_URL: `http://localhost:${cdnPort}`,
    },
    { ddfTokenUrl: standIn.tokenUrl, ddfApiUrl: standIn.apiUrl, ddfSyncIntervalMs: 10_000 },
  );
  direct = server.origin;
  const backendPort = Number(new URL(direct).port);
  if (backendPort === cdnPort) throw new Error(`the kernel gave port ${cdnPort} twice; run again`);
  varnish = await startVarnish({ port: cdnPort, backendPort });
  cdn = varnish.origin;
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${direct}/listings`).catch(() => null))?.text()) ?? "").match(/href="\/listings\/\d+-[^"]+"/g)?.length ?? 0,
      {
        timeout: 90_000,
        intervals: [500, 1000],
        message: `the server started and synced the stand-in's listings (its output: ${server.logPath})`,
      },
    )
    .toBeGreaterThan(0);
  expect(activeListings().length, "four listings with a page, one per test").toBeGreaterThanOrEqual(4);
});

test.afterAll(async () => {
  await varnish?.stop();
  await server?.stop();
  await standIn?.close();
});

test("the agent's account, from the set-up link the server prints (on the cache's address)", async ({ page }) => {
  const link = await createFirstAccount(page, server, agent, cdn);
  expect(new URL(link).origin, "the link is on the site's public address: the cache's").toBe(cdn);
});

test("public pages: stored by the cache (MISS, then HIT) with the contract's headers, revalidated with a 304", async () => {
  const path = await pagePath(activeListings()[0]!.ListingKey);
  const first = await get(`${cdn}${path}`);
  expect(first.headers.get("x-cache"), "the listing page's first request").toBe("MISS");
  expectShareable(`${path} (first, through the cache)`, first, LIVE);
  const second = await get(`${cdn}${path}`);
  expect(second.headers.get("x-cache"), "the listing page's second request").toBe("HIT");
  expectShareable(`${path} (second, through the cache)`, second, LIVE);
  const etag = second.headers.get("etag")!;
  const revalidated = await get(`${cdn}${path}`, { "if-none-match": etag });
  expect(revalidated.status, "If-None-Match through the cache").toBe(304);
  const fromServer = await get(`${direct}${path}`);
  expectShareable(`${path} (directly)`, fromServer, LIVE);
  const directly = await get(`${direct}${path}`, { "if-none-match": fromServer.headers.get("etag")! });
  expect(directly.status, "If-None-Match directly").toBe(304);

  const others: [string, string][] = [
    ["/edmonton-listings", LIVE],
    ["/listings?city=Edmonton", LIVE],
    ["/sitemap-listings.xml", LIVE],
    // Prerendered at build time: neither a form nor the feed's.
    ["/sell", BUILD],
  ];
  for (const [url, cacheControl] of others) {
    const a = await get(`${cdn}${url}`);
    expect(a.headers.get("x-cache"), `${url}: first request`).toBe("MISS");
    expectShareable(`${url} (first, through the cache)`, a, cacheControl);
    const b = await get(`${cdn}${url}`);
    expect(b.headers.get("x-cache"), `${url}: second request`).toBe("HIT");
    expectShareable(`${url} (second, through the cache)`, b, cacheControl);
    const own = await get(`${direct}${url}`);
    expectShareable(`${url} (directly)`, own, cacheControl);
    expect((await get(`${direct}${url}`, { "if-none-match": own.headers.get("etag")! })).status, `${url}: If-None-Match directly`).toBe(
      304,
    );
  }
});

test("a price change reaches the page through the cache within 60 s of the sync that stored it", async () => {
  test.setTimeout(150_000);
  const home = activeListings()[1]!;
  const path = await pagePath(home.ListingKey);
  const oldPrice = formatCurrency(home.ListPrice!);
  // An odd amount, so no other price on the page can match it.
  const newPrice = formatCurrency(home.ListPrice! - 12_345);
  await get(`${cdn}${path}`);
  const cached = await get(`${cdn}${path}`);
  expect(cached.headers.get("x-cache"), "the page is in the cache before the change").toBe("HIT");
  expect(cached.body.toString("utf8"), "with the old price").toContain(oldPrice);

  standIn.upsert({ ...home, ListPrice: home.ListPrice! - 12_345 });
  // The server shows the new price once the next sync stored it (and its render cache followed).
  await expect
    .poll(async () => (await get(`${direct}${path}`)).body.toString("utf8"), {
      timeout: 60_000,
      intervals: [250],
      message: "the sync stored the new price",
    })
    .toContain(newPrice);
  const stored = Date.now();
  // Visitors keep asking through the cache, once a second, as real traffic does.
  let seenAfter = -1;
  while (Date.now() - stored < 90_000) {
    const answer = await get(`${cdn}${path}`);
    expect(answer.status).toBe(200);
    if (answer.body.toString("utf8").includes(newPrice)) {
      seenAfter = Date.now() - stored;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  test.info().annotations.push({ type: "new price through the cache", description: `${seenAfter} ms after the server had it` });
  expect(seenAfter, "the new price showed through the cache at all (within 90 s)").toBeGreaterThanOrEqual(0);
  expect(seenAfter, `the new price showed through the cache ${seenAfter} ms after the server had it`).toBeLessThanOrEqual(60_000);
});

/** Asserts the private answer of a request made with a context's own cookies. */
async function expectPrivate(page: Page, url: string, label: string): Promise<string> {
  const answer = await page.request.get(`${cdn}${url}`, { maxRedirects: 0 });
  expect(answer.headers()["x-cache"], `${label} ${url}: X-Cache`).not.toBe("HIT");
  expect(answer.headers()["cache-control"], `${label} ${url}: Cache-Control`).toBe(PRIVATE);
  return answer.text();
}

test("the inbox, a signed-in page, the sign-in page and a form's answer are never stored nor shown to another visitor", async ({
  browser,
}) => {
  const agentContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const seen = [agentContext, visitorContext].map((context) => recordDocuments(context, cdn));
  try {
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, cdn, agent);
    agentCookie = (await agentContext.cookies(cdn)).map((c) => `${c.name}=${c.value}`).join("; ");
    for (let i = 0; i < 3; i++) {
      await agentPage.goto(`${cdn}/inbox`);
      await expect(agentPage.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
      await expect(agentPage.locator("body")).toContainText(agent.name);
      await agentPage.goto(`${cdn}/inbox/account`);
      await expect(agentPage.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
      await expect(agentPage.locator("body")).toContainText(agent.email);
      for (const url of ["/inbox", "/inbox/account", "/inbox/sign-in", "/alerts"]) await expectPrivate(agentPage, url, "the agent's");
    }

    // Right after the agent's visits: another browser gets the sign-in page, and nothing of the agent's.
    const visitor = await visitorContext.newPage();
    for (let i = 0; i < 3; i++) {
      for (const url of ["/inbox", "/inbox/account", "/inbox/sign-in"]) {
        await visitor.goto(`${cdn}${url}`);
        await expect(visitor).toHaveURL(/\/inbox\/sign-in(\?|$)/);
        await expect(visitor.getByRole("heading", { name: "Sign in to the inbox", level: 1 })).toBeVisible();
        await expect(visitor.getByRole("heading", { name: "People" })).toHaveCount(0);
        const text = await visitor.locator("body").innerText();
        expect(text, `${url} for another visitor`).not.toContain(agent.name);
        expect(text, `${url} for another visitor`).not.toContain(agent.email);
        const raw = await expectPrivate(visitor, url, "the other visitor's");
        expect(raw).not.toContain(agent.name);
        expect(raw).not.toContain(agent.email);
      }
    }

    // A form's answer, twice: "Watch this home" posted from a listing page (a page answers it).
    const path = await pagePath(activeListings()[0]!.ListingKey);
    for (const buyer of ["first.buyer@example.com", "second.buyer@example.com"]) {
      await visitor.goto(`${cdn}${path}`);
      const form = visitor.locator("form[action='/alerts']").first();
      await form
        .locator("summary, button")
        .filter({ hasText: /watch this home/i })
        .first()
        .click();
      await form.getByRole("textbox", { name: /e-mail/i }).fill(buyer);
      await form.getByRole("checkbox").check();
      const answered = visitor.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/alerts");
      await form.getByRole("button", { name: /watch|save|send|sign up/i }).click();
      const answer = await answered;
      expect(answer.headers()["x-cache"], "the form's answer").not.toBe("HIT");
      expect(answer.headers()["cache-control"], "the form's answer").toBe(PRIVATE);
      await expect(visitor.getByRole("heading", { name: /check your (e-)?mail/i })).toBeVisible();
    }
    // The agent's browser, asking /alerts after the visitor's answers, sees the plain page.
    await agentPage.goto(`${cdn}/alerts`);
    await expect(agentPage.getByRole("heading", { name: "Listing alerts", level: 1 })).toBeVisible();
    await expect(agentPage.getByRole("heading", { name: /check your (e-)?mail/i })).toHaveCount(0);

    const documents = seen.flat().filter((d) => /^\/(inbox|alerts)(\/|$|\?)/.test(new URL(d.url).pathname + new URL(d.url).search));
    expect(documents.length, "the browsers loaded the inbox, sign-in and form pages").toBeGreaterThan(20);
    for (const d of documents) {
      expect(d.xCache, `${d.method} ${d.url}: X-Cache`).not.toBe("HIT");
      expect(d.cacheControl, `${d.method} ${d.url}: Cache-Control`).toBe(PRIVATE);
    }
  } finally {
    await agentContext.close();
    await visitorContext.close();
  }
});

test("a visitor's cookie never changes a public page", async () => {
  expect(agentCookie, "the signed-in agent's cookies (previous test)").not.toBe("");
  // The cookie is a live session: with it the server shows the agent's inbox.
  const inbox = await get(`${direct}/inbox`, { cookie: agentCookie });
  expect(inbox.status, "the agent's cookie opens the inbox").toBe(200);
  expect(inbox.body.toString("utf8")).toContain(agent.name);

  const path = await pagePath(activeListings()[2]!.ListingKey);
  const cookies = { "the agent's session": agentCookie, "a junk cookie": "junk=1; __session=not-a-session; theme=dark" };
  // First through the cache with the agent's cookie: the cache fetches the page with it and keeps it.
  const withSession = await get(`${cdn}${path}`, { cookie: agentCookie });
  expect(withSession.headers.get("x-cache"), "the first request, the agent's cookie with it").toBe("MISS");
  expectShareable(`${path} with the agent's cookie (through the cache)`, withSession, LIVE);
  for (const cookie of [cookies["a junk cookie"], undefined]) {
    const answer = await get(`${cdn}${path}`, cookie ? { cookie } : {});
    expect(answer.headers.get("x-cache"), `through the cache, cookie ${cookie ?? "none"}`).toBe("HIT");
    expectShareable(`${path} through the cache, cookie ${cookie ?? "none"}`, answer, LIVE);
    expect(answer.body.equals(withSession.body), `the same bytes with cookie ${cookie ?? "none"}`).toBe(true);
  }

  // Directly: the same bytes with and without each cookie (again if a sync's new render came between the two plain requests).
  for (let attempt = 0; ; attempt++) {
    const before = await get(`${direct}${path}`);
    const answers = Object.entries(cookies).map(async ([name, cookie]) => [name, await get(`${direct}${path}`, { cookie })] as const);
    const withCookies = await Promise.all(answers);
    const after = await get(`${direct}${path}`);
    if (!before.body.equals(after.body) && attempt < 3) continue;
    expect(after.body.equals(before.body), "the page did not change between two plain requests").toBe(true);
    for (const [name, answer] of withCookies) {
      expectShareable(`${path} directly with ${name}`, answer, LIVE);
      expect(answer.body.equals(before.body), `the same bytes directly with ${name}`).toBe(true);
      expect(answer.headers.get("etag"), `the same ETag directly with ${name}`).toBe(before.headers.get("etag"));
    }
    break;
  }
});

test("the cached listing page hydrates at 390 px in Chromium, for its first visitor and for the next one served the cache's copy", async ({
  browser,
}) => {
  const path = await pagePath(activeListings()[3]!.ListingKey);
  const first = await visitOnPhone(browser, `${cdn}${path}`);
  expect(first.headers["x-cache"], "the first visitor's page came from the server").toBe("MISS");
  expect(first.headers["cache-control"]).toBe(LIVE);
  // The same bytes go to everyone: no per-request nonce, inline scripts allowed by hash.
  expect(first.headers["content-security-policy"], "the shared page's policy").not.toMatch(/'nonce-/);
  expect(first.headers["content-security-policy"], "the shared page's policy").toMatch(/'sha256-/);
  expect(first.violations, "CSP violations for the first visitor").toEqual([]);
  const second = await visitOnPhone(browser, `${cdn}${path}`);
  expect(second.headers["x-cache"], "the second visitor got the cache's copy").toBe("HIT");
  expect(second.headers["etag"], "the very page the first visitor got").toBe(first.headers["etag"]);
  expect(second.violations, "CSP violations for the second visitor").toEqual([]);
});
