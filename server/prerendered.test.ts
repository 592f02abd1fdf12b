import { CACHE_CONTROL } from "../app/lib/http/cache-policy";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_SITE_URL } from "../app/lib/site-url";
import { pickEncoding } from "./prepared-body";
import { prerenderedPages, withSiteUrl } from "./prerendered";
import { StartupError } from "./startup-check";

const dir = mkdtempSync(path.join(tmpdir(), "prerendered-"));
/** The build's marker of the scripts the site wrote (app/lib/server/html/own-scripts.server.ts). */
const marker = "build-marker-1";
const html = `<!DOCTYPE html><html><body><h1>About</h1><script nonce="${marker}">boot()</script></body></html>`;
/** What is served: the page without the marker. */
const served = html.replace(` nonce="${marker}"`, "");
let origin = "";
const server = createServer();
const sources = {
  listingsOrigin: "https://l.example",
  formEmbedOrigin: "https://f.example",
  formEmbedScriptOrigin: "https://f.example",
  mapOrigin: "https://m.example",
};

beforeAll(async () => {
  mkdirSync(path.join(dir, "about"));
  writeFileSync(path.join(dir, "about", "index.html"), html);
  const serve = prerenderedPages(dir, sources, [["X-Frame-Options", "DENY"]], { siteUrl: "https://www.averyhomes.example", marker });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!serve(req, res)) {
      res.statusCode = 418;
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("prerendered pages", () => {
  it("answers with the page, brotli-compressed, with its headers and a hash-based CSP", async () => {
    const res = await fetch(`${origin}/about?utm=1`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    expect(res.headers.get("cache-control")).toBe(CACHE_CONTROL.build);
  });

  it("revalidates with the ETag (304) and leaves other paths and methods to the app", async () => {
    const first = await fetch(`${origin}/about`);
    expect(await first.text()).toBe(served);
    const etag = first.headers.get("etag")!;
    expect((await fetch(`${origin}/about`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await fetch(`${origin}/nope`)).status).toBe(418);
    expect((await fetch(`${origin}/about`, { method: "POST" })).status).toBe(418);
    const head = await fetch(`${origin}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("allows by hash only the scripts the build marked as the site's, never one injected into the page (issue 38)", async () => {
    const injected = "<script>steal()</script>";
    const page = await serveBuild(
      { "blog/x/index.html": html.replace("<h1>About</h1>", `<h1>About</h1>${injected}`) },
      "https://one.example",
    );
    try {
      const res = await page.get("/blog/x");
      const policy = res.headers.get("content-security-policy")!;
      const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
      expect(policy).toContain(hashOf("boot()"));
      expect(policy).not.toContain(hashOf("steal()"));
      const body = await res.text();
      expect(body).not.toContain(marker);
      expect(body).toContain("<script>boot()</script>");
    } finally {
      await page.close();
    }
  });

  it("picks the best accepted encoding", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });
});

/** A page as the build writes it: the placeholder address in links, JSON-LD, a share link and an inline script. */
const built = [
  "<!DOCTYPE html><html><head>",
  `<link rel="canonical" href="${BUILD_SITE_URL}/blog/a"/><meta property="og:url" content="${BUILD_SITE_URL}/blog/a"/>`,
  `<script type="application/ld+json">{"url":"${BUILD_SITE_URL}/blog/a"}</script>`,
  `<script nonce="${marker}">boot("${BUILD_SITE_URL}")</script></head><body>`,
  `<a href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${BUILD_SITE_URL}/blog/a`)}">Share</a>`,
  "</body></html>",
].join("");

/** Serves `files` (path -> content) as a client build with `siteUrl`; returns a fetch of one path. */
async function serveBuild(files: Record<string, string>, siteUrl: string) {
  const root = mkdtempSync(path.join(tmpdir(), "prerendered-site-"));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  const serve = prerenderedPages(root, sources, [], { siteUrl, marker });
  const s = createServer((req, res) => {
    if (!serve(req, res)) {
      res.statusCode = 418;
      res.end();
    }
  });
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const at = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  return {
    get: (p: string, headers: Record<string, string> = {}) => fetch(`${at}${p}`, { headers }),
    close: () => new Promise((r) => s.close(r)),
  };
}

describe("the site's address in prerendered pages (decision 032)", () => {
  it("puts the address the server was started with in place of the build's, as written and percent-encoded", () => {
    const page = withSiteUrl(built, "https://www.averyhomes.example", "blog/a/index.html");
    expect(page).not.toContain("prerendered-site-address");
    expect(page).toContain('<link rel="canonical" href="https://www.averyhomes.example/blog/a"/>');
    expect(page).toContain('{"url":"https://www.averyhomes.example/blog/a"}');
    expect(page).toContain("sharer.php?u=https%3A%2F%2Fwww.averyhomes.example%2Fblog%2Fa");
    expect(withSiteUrl(built, "http://[::1]:3000", "x")).toContain("sharer.php?u=http%3A%2F%2F%5B%3A%3A1%5D%3A3000%2Fblog%2Fa");
  });

  it("refuses a page that holds the placeholder in a form it cannot replace", () => {
    const escaped = `<script type="application/ld+json">{"url":"https:\\/\\/${new URL(BUILD_SITE_URL).host}\\/a"}</script>`;
    expect(() => withSiteUrl(escaped, "https://www.averyhomes.example", "a/index.html")).toThrow(StartupError);
    expect(() => withSiteUrl(escaped, "https://www.averyhomes.example", "a/index.html")).toThrow(/a\/index\.html .*placeholder/);
  });

  it("computes the body, ETag, compressed forms and inline-script hashes after the address is in place", async () => {
    const a = await serveBuild({ "blog/a/index.html": built }, "https://one.example");
    const b = await serveBuild({ "blog/a/index.html": built }, "https://two.example:8443");
    try {
      const [ra, rb] = [await a.get("/blog/a"), await b.get("/blog/a")];
      const [ta, tb] = [await ra.text(), await rb.text()];
      expect(ta).toContain('href="https://one.example/blog/a"');
      expect(tb).toContain('href="https://two.example:8443/blog/a"');
      expect(ra.headers.get("etag")).not.toBe(rb.headers.get("etag"));
      const hashOf = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
      expect(ra.headers.get("content-security-policy")).toContain(hashOf('boot("https://one.example")'));
      expect(rb.headers.get("content-security-policy")).toContain(hashOf('boot("https://two.example:8443")'));
      const br = await b.get("/blog/a", { "accept-encoding": "br" });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(await br.text()).toBe(tb);
      const gzip = await b.get("/blog/a", { "accept-encoding": "gzip" });
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(await gzip.text()).toBe(tb);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("refuses a build whose prerendered loader data names the placeholder (served as built)", async () => {
    await expect(
      serveBuild({ "index.html": built, "about.data": `[{"url":"${BUILD_SITE_URL}/about"}]` }, "https://one.example"),
    ).rejects.toThrow(/about\.data .*placeholder/);
    const fine = await serveBuild({ "index.html": built, "about.data": '[{"path":"/about"}]' }, "https://one.example");
    await fine.close();
  });
});
