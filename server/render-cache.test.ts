import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_KEPT_TARGET_LENGTH, RenderCache } from "./render-cache";
import { inlineScriptHashes } from "./security-headers";

const sources = {
  listingsOrigin: "https://l.example",
  formEmbedOrigin: "https://f.example",
  formEmbedScriptOrigin: "https://f.example",
  mapOrigin: "https://m.example",
};
const page = (price: string) => `<!DOCTYPE html><html><body><p>${price}</p><script>boot("${price}")</script></body></html>`;
const rendered = (html: string, init: ResponseInit = {}) =>
  new Response(html, {
    status: 200,
    ...init,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, s-maxage=20",
      "Content-Security-Policy": "script-src 'nonce-abc'",
      ...init.headers,
    },
  });
const get = (target: string, headers: Record<string, string> = {}) => new Request(`http://site.example${target}`, { headers });

let cache: RenderCache;
let origin = "";
const server = createServer((req, res) => {
  if (!cache.serve(req, res)) {
    res.statusCode = 418;
    res.end("not kept");
  }
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("the render cache", () => {
  it("finishes a shareable render: its scripts allowed by hash instead of a nonce, an ETag, a 304 for a client that holds it", async () => {
    cache = new RenderCache([["X-Frame-Options", "DENY"]], sources);
    const own = inlineScriptHashes(page("$500,000"));
    const answer = await cache
      .ticket("/listings/1-a")
      .finish(get("/listings/1-a"), rendered(page("$500,000")), { keep: true, ownScripts: own });
    expect(answer.status).toBe(200);
    const policy = answer.headers.get("Content-Security-Policy")!;
    expect(policy).not.toContain("nonce");
    expect(policy).toContain(own[0]);
    const etag = answer.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(await answer.text()).toBe(page("$500,000"));
    const again = await cache
      .ticket("/listings/1-a")
      .finish(get("/listings/1-a", { "If-None-Match": etag }), rendered(page("$500,000")), { keep: true, ownScripts: own });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBe(policy);
  });

  it("allows only the scripts the render says the site wrote, never one injected into the page (issue 38)", async () => {
    cache = new RenderCache([], sources);
    const injected = `<script>steal(document.cookie)</script>`;
    const html = page("$1").replace("<p>", `<p>${injected}`);
    const own = inlineScriptHashes(page("$1"));
    const answer = await cache.ticket("/listings/2-b").finish(get("/listings/2-b"), rendered(html), { keep: true, ownScripts: own });
    const scriptSrc = answer.headers
      .get("Content-Security-Policy")!
      .split("; ")
      .find((d) => d.startsWith("script-src "))!;
    const [injectedHash] = inlineScriptHashes(injected);
    expect(scriptSrc.split(" ")).toContain(own[0]);
    expect(scriptSrc).not.toContain(injectedHash);
    // And the kept copy answers with the same policy.
    const kept = await fetch(`${origin}/listings/2-b`);
    expect(kept.headers.get("content-security-policy")).not.toContain(injectedHash);
    // A render that names none of its scripts gets none allowed, not the page's.
    const none = await cache.ticket("/listings/3-c").finish(get("/listings/3-c"), rendered(html), { keep: false, ownScripts: null });
    expect(none.headers.get("Content-Security-Policy")).not.toContain("sha256-");
  });

  it("answers a kept render before the app, with the same bytes, headers and validator, compressed when asked", async () => {
    cache = new RenderCache([["X-Frame-Options", "DENY"]], sources);
    const first = await cache
      .ticket("/listings?beds=3")
      .finish(get("/listings?beds=3"), rendered(page("$1")), { keep: true, ownScripts: null });
    const kept = await fetch(`${origin}/listings?beds=3`, { headers: { "accept-encoding": "identity" } });
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe(page("$1"));
    expect(kept.headers.get("etag")).toBe(first.headers.get("ETag"));
    expect(kept.headers.get("cache-control")).toBe("public, s-maxage=20");
    expect(kept.headers.get("content-security-policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(kept.headers.get("x-frame-options")).toBe("DENY");
    expect(kept.headers.get("vary")).toBe("Accept-Encoding");
    const br = await fetch(`${origin}/listings?beds=3`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe(page("$1"));
    expect((await fetch(`${origin}/listings?beds=3`, { headers: { "if-none-match": br.headers.get("etag")! } })).status).toBe(304);
    // Another spelling of the address is rendered by the app for itself.
    expect((await fetch(`${origin}/listings?beds=03`)).status).toBe(418);
    expect((await fetch(`${origin}/listings?beds=3`, { method: "POST" })).status).toBe(418);
  });

  it("keeps nothing that is not shareable, not a 200, not a GET, or rendered under the last generation", async () => {
    cache = new RenderCache([], sources);
    cache.setGeneration(1);
    await cache.ticket("/a").finish(get("/a"), rendered(page("a")), { keep: false, ownScripts: null });
    await cache.ticket("/b").finish(get("/b"), rendered(page("b"), { status: 404 }), { keep: true, ownScripts: null });
    await cache
      .ticket("/c")
      .finish(new Request("http://site.example/c", { method: "HEAD" }), rendered(""), { keep: true, ownScripts: null });
    const late = cache.ticket("/d");
    cache.setGeneration(2);
    const lateAnswer = await late.finish(get("/d"), rendered(page("old")), { keep: true, ownScripts: null });
    expect(await lateAnswer.text()).toBe(page("old"));
    expect(cache.size).toBe(0);
    await cache.ticket("/e").finish(get("/e"), rendered(page("e")), { keep: true, ownScripts: null });
    expect(cache.size).toBe(1);
    // A target longer than any the site writes is answered, not kept (issue 38).
    const long = `/listings?q=${"x".repeat(MAX_KEPT_TARGET_LENGTH)}`;
    expect((await cache.ticket(long).finish(get(long), rendered(page("long")), { keep: true, ownScripts: null })).status).toBe(200);
    expect(cache.size).toBe(1);
  });

  it("renders afresh when the sync's generation changes, once: others get the old copy meanwhile", async () => {
    cache = new RenderCache([], sources);
    cache.setGeneration(5);
    await cache.ticket("/listings/1-a").finish(get("/listings/1-a"), rendered(page("$500,000")), { keep: true, ownScripts: null });
    expect(await (await fetch(`${origin}/listings/1-a`)).text()).toBe(page("$500,000"));
    cache.setGeneration(5);
    expect(cache.state("/listings/1-a")).toBe("fresh");
    cache.setGeneration(6);
    expect(cache.state("/listings/1-a")).toBe("stale");
    // The first request goes to the app; one that comes while it renders gets the old copy.
    expect((await fetch(`${origin}/listings/1-a`)).status).toBe(418);
    expect(await (await fetch(`${origin}/listings/1-a`)).text()).toBe(page("$500,000"));
    await cache.ticket("/listings/1-a").finish(get("/listings/1-a"), rendered(page("$475,000")), { keep: true, ownScripts: null });
    expect(cache.state("/listings/1-a")).toBe("fresh");
    expect(await (await fetch(`${origin}/listings/1-a`)).text()).toBe(page("$475,000"));
  });

  it("never gives out the old copy again once its fresh render is gone or an error", async () => {
    cache = new RenderCache([], sources);
    cache.setGeneration(1);
    await cache.ticket("/listings/2-b").finish(get("/listings/2-b"), rendered(page("sold soon")), { keep: true, ownScripts: null });
    cache.setGeneration(2);
    expect((await fetch(`${origin}/listings/2-b`)).status).toBe(418);
    await cache
      .ticket("/listings/2-b")
      .finish(get("/listings/2-b"), rendered(page("not found"), { status: 404 }), { keep: true, ownScripts: null });
    expect(cache.state("/listings/2-b")).toBe("none");
    expect((await fetch(`${origin}/listings/2-b`)).status).toBe(418);
  });

  it("stays within its memory however many addresses are asked for, the least recently used going first", async () => {
    cache = new RenderCache([], sources, { maxBytes: 64 * 1024 });
    const big = (n: number) => page(`${n}`.padEnd(4_000, "x"));
    for (let n = 0; n < 200; n++)
      await cache.ticket(`/listings?page=${n}`).finish(get(`/listings?page=${n}`), rendered(big(n)), { keep: true, ownScripts: null });
    // About 8 KB a page, counted with room for its compressed forms: 64 KB holds five.
    expect(cache.size).toBeGreaterThanOrEqual(4);
    expect(cache.size).toBeLessThanOrEqual(8);
    expect((await fetch(`${origin}/listings?page=199`)).status).toBe(200);
    expect((await fetch(`${origin}/listings?page=0`)).status).toBe(418);
  });

  it("compresses a render quickly for its first answers, and better once it is asked for again", async () => {
    cache = new RenderCache([], sources);
    const words = Array.from(
      { length: 4_000 },
      (_, i) => `<li data-i="${i}">home ${(i * 7919) % 1000} on street ${(i * 104729) % 997}</li>`,
    ).join("");
    const html = page(words);
    await cache.ticket("/listings?page=9").finish(get("/listings?page=9"), rendered(html), { keep: true, ownScripts: null });
    const br = () => fetch(`${origin}/listings?page=9`, { headers: { "accept-encoding": "br" } });
    const quick = await br();
    const quickBytes = Number(quick.headers.get("content-length"));
    expect(await quick.text()).toBe(html);
    let better = quickBytes;
    for (let i = 0; i < 50 && better >= quickBytes; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      better = Number((await br()).headers.get("content-length"));
    }
    expect(better).toBeLessThan(quickBytes);
    const last = await br();
    expect(await last.text()).toBe(html);
    expect(last.headers.get("etag")).toBe(quick.headers.get("etag"));
  });
});
