/**
 * One build serves any SITE_URL (decision 032). The suite's one production build (build-faults/,
 * made once by global-setup.ts without any SITE_URL of these) is started twice, with two
 * different addresses, and everything that publishes the site's address must carry the one its
 * server was started with: canonical links, Open Graph, JSON-LD and share links of prerendered
 * and server-rendered pages, /sitemap.xml, /sitemap-listings.xml, /blog/rss.xml and robots.txt.
 *
 * The first server is an https site behind a TLS proxy (X-Forwarded-Proto from loopback), the
 * second a plain-HTTP one on another port with the DDF® feed on (a local stand-in), so its area
 * pages are rendered per request and its listing pages and listings sitemap exist.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPages } from "../../app/content/pages";
import { BUILD_SITE_URL } from "../../app/lib/site-url";
import { inlineScriptHashes } from "../../server/security-headers";
import { generateListings } from "../fixtures/ddf/listings";
import { feedEnvOf, startDdfStandIn } from "../fixtures/ddf/stand-in";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs } from "./support/data";
import { buildDir } from "./support/paths";
import { ports } from "./support/ports";
import { type SiteProcess, eventually, spawnSite, startSite } from "./support/site";

const PLACEHOLDER_HOST = new URL(BUILD_SITE_URL).host;
const ARTICLE = "/blog/best-restaurants-in-edmonton";
/** A catalogue page that is never prerendered (it has a form). */
const SERVER_RENDERED = "/contact";

interface Target {
  /** The SITE_URL it was started with, as an origin. */
  siteUrl: string;
  site: SiteProcess;
  /** Headers of every request: the https site is reached as through its TLS proxy. */
  headers: Record<string, string>;
}

let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let one: Target;
let two: Target;

beforeAll(async () => {
  standIn = await startDdfStandIn({ listings: generateListings(6, { seed: 32 }) });
  const [a, b] = await Promise.all([
    startSite({ port: ports.siteAddress.site, dataDir: freshDataDir(), env: { SITE_URL: "https://www.one-address.example" } }),
    startSite({
      port: ports.siteAddress.secondSite,
      dataDir: freshDataDir(),
      env: {
        SITE_URL: "http://two-address.example:8080/",
        ...feedEnvOf(standIn),
      },
    }),
  ]);
  one = { siteUrl: "https://www.one-address.example", site: a, headers: { "x-forwarded-proto": "https" } };
  two = { siteUrl: "http://two-address.example:8080", site: b, headers: {} };
}, 120_000);

afterAll(async () => {
  killAll();
  await standIn?.close();
  removeDataDirs();
});

async function get(
  target: Target,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: string }> {
  const res = await fetch(`${target.site.origin}${urlPath}`, { headers: { ...target.headers, ...headers }, redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const canonicalOf = (html: string) => attr(html, /<link rel="canonical" href="([^"]*)"/);
const metaOf = (html: string, property: string) => attr(html, new RegExp(`<meta property="${property}" content="([^"]*)"`));

/** Every string of every JSON-LD block of the page that is a URL. */
function jsonLdUrls(html: string): string[] {
  const urls: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string" && /^https?:\/\//.test(value)) urls.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) walk(JSON.parse(m[1]!));
  return urls;
}

/** The page names its own site's address only as `target.siteUrl`: never the placeholder, the other server's or the default. */
function expectOnlyItsAddress(target: Target, body: string, what: string) {
  const other = target === one ? two : one;
  expect(body, what).not.toContain(PLACEHOLDER_HOST);
  expect(body, what).not.toContain(new URL(other.siteUrl).host);
  expect(body, what).not.toMatch(/localhost(:|%3A)3000/);
}

function expectPageFollows(target: Target, urlPath: string, html: string) {
  expect(canonicalOf(html), urlPath).toBe(`${target.siteUrl}${urlPath}`);
  expect(metaOf(html, "og:url"), urlPath).toBe(`${target.siteUrl}${urlPath}`);
  expect(metaOf(html, "og:image"), urlPath).toMatch(new RegExp(`^${target.siteUrl.replace(/\./g, "\\.")}/`));
  const ours = jsonLdUrls(html).filter((u) => u.startsWith(`${target.siteUrl}/`));
  expect(ours.length, `${urlPath}: JSON-LD naming the site`).toBeGreaterThan(0);
  expectOnlyItsAddress(target, html, urlPath);
}

describe.each([
  ["https, behind a proxy", () => one],
  ["plain HTTP on another port, feed on", () => two],
])("one build started with another SITE_URL (%s)", (_name, targetOf) => {
  it("prerendered pages carry it, with their ETag, compressed forms and CSP made from the page as served", async () => {
    const target = targetOf();
    for (const urlPath of ["/about", ARTICLE, "/my-sitemap"]) {
      const page = await get(target, urlPath);
      expect(page.status, urlPath).toBe(200);
      expectPageFollows(target, urlPath, page.body);
      // Exactly the inline scripts of the page as served are allowed.
      const csp = page.headers.get("content-security-policy") ?? "";
      for (const hash of inlineScriptHashes(page.body)) expect(csp, urlPath).toContain(hash);
      for (const encoding of ["br", "gzip"]) {
        const compressed = await get(target, urlPath, { "accept-encoding": encoding });
        expect(compressed.headers.get("content-encoding"), `${urlPath} ${encoding}`).toBe(encoding);
        expect(compressed.body, `${urlPath} ${encoding}`).toBe(page.body);
      }
      // The build's own file is not served under its name.
      expect((await get(target, `${urlPath}/index.html`)).status, `${urlPath}/index.html`).toBe(404);
    }
    // The article's share links, percent-encoded, before any script runs.
    const article = (await get(target, ARTICLE)).body;
    expect(article).toContain(`sharer.php?u=${encodeURIComponent(`${target.siteUrl}${ARTICLE}`)}`);
    // The home page, from its file in memory.
    const home = await get(target, "/");
    expect(canonicalOf(home.body)).toBe(`${target.siteUrl}/`);
    expectOnlyItsAddress(target, home.body, "/");
  });

  it("server-rendered pages carry it", async () => {
    const target = targetOf();
    const page = await get(target, SERVER_RENDERED);
    expect(page.status).toBe(200);
    expectPageFollows(target, SERVER_RENDERED, page.body);
  });

  it("the sitemap, RSS and robots.txt carry it", async () => {
    const target = targetOf();
    const sitemap = await get(target, "/sitemap.xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(allPages.filter((p) => p.indexable).length);
    for (const loc of locs) expect(loc.startsWith(`${target.siteUrl}/`), loc).toBe(true);
    expectOnlyItsAddress(target, sitemap.body, "/sitemap.xml");

    const rss = await get(target, "/blog/rss.xml");
    const links = [...rss.body.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link.startsWith(`${target.siteUrl}/`), link).toBe(true);
    expect(rss.body).toContain(`<atom:link href="${target.siteUrl}/blog/rss.xml"`);
    expectOnlyItsAddress(target, rss.body, "/blog/rss.xml");

    const robots = await get(target, "/robots.txt");
    expect(robots.body).toContain(`Sitemap: ${target.siteUrl}/sitemap.xml\n`);
    expectOnlyItsAddress(target, robots.body, "/robots.txt");
  });
});

describe("the two servers of the one build", () => {
  it("were started from a build that holds neither address, and serve the same page differently", async () => {
    const file = readFileSync(path.join(buildDir, "client", "about", "index.html"), "utf8");
    expect(file).toContain(`${BUILD_SITE_URL}/about`);
    expect(file).not.toContain("one-address.example");
    expect(file).not.toContain("two-address.example");
    const [a, b] = [await get(one, "/about"), await get(two, "/about")];
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
    // The https site also says so in HSTS; the other does not.
    expect(a.headers.get("strict-transport-security")).toMatch(/max-age=/);
    expect(b.headers.get("strict-transport-security")).toBeNull();
  });

  it("with the feed on: the listings sitemap, a listing page and the per-request area pages carry the second address", async () => {
    let sitemap = "";
    const synced = await eventually(
      async () => {
        sitemap = (await get(two, "/sitemap-listings.xml")).body;
        return sitemap.includes(`<loc>${two.siteUrl}/listings/`);
      },
      60_000,
      250,
    );
    expect(synced, sitemap).toBe(true);
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of locs) expect(loc.startsWith(`${two.siteUrl}/listings`), loc).toBe(true);
    expectOnlyItsAddress(two, sitemap, "/sitemap-listings.xml");

    expect(locs.filter((loc) => loc.startsWith(`${two.siteUrl}/listings/`)).length).toBeGreaterThan(0);
    const listingPath = new URL(locs.find((loc) => loc.startsWith(`${two.siteUrl}/listings/`))!).pathname;
    const listing = await get(two, listingPath);
    expect(listing.status).toBe(200);
    expectPageFollows(two, listingPath, listing.body);

    expect((await get(two, "/robots.txt")).body).toContain(`Sitemap: ${two.siteUrl}/sitemap-listings.xml\n`);
    const area = await get(two, "/edmonton-listings");
    expect(area.status).toBe(200);
    expectPageFollows(two, "/edmonton-listings", area.body);
  });
});

describe("a SITE_URL that is not an origin", () => {
  it("stops start-up with one line: pages cannot be served under a path", async () => {
    const site = spawnSite({
      port: ports.siteAddress.secondSite + 1,
      dataDir: freshDataDir(),
      env: { SITE_URL: "https://www.example.com/site" },
    });
    const timeout = setTimeout(() => site.child.kill("SIGKILL"), 60_000);
    const exit = await site.exited;
    clearTimeout(timeout);
    const lines = site
      .output()
      .split("\n")
      .filter((l) => l.trim());
    expect(exit, site.output()).toEqual({ code: 1, signal: null });
    expect(lines, site.output()).toHaveLength(1);
    expect(lines[0]).toMatch(/^Start-up failed: SITE_URL must be the site's origin alone .*got "https:\/\/www\.example\.com\/site"$/);
  });
});
