import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { floorMisses, robotsNoindex, startNoScriptProxy, stripScripts, type NoScriptProxy } from "./noscript-reference";

const JSON_LD = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"RealEstateAgent","name":"Avery"}</script>`;
const PAGE = `<!DOCTYPE html><html lang="en"><head>
<meta charset="utf-8"><meta name="robots" content="noindex, follow">
<link rel="stylesheet" href="/assets/root-abc.css">
<link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin>
<link rel="modulepreload" href="/assets/entry.client-abc.js"/>
<link href="/assets/chunk-def.js" rel="modulepreload">
<style>body{margin:0}</style>
${JSON_LD}
<script>window.__reactRouterContext = {"state":{"loaderData":{}}};</script>
</head><body><main><h1>Oliver</h1><img src="/images/oliver.webp" alt="Oliver" width="400" height="300">
<script type="module" async>import "/assets/entry.client-abc.js";</script>
<script src="/assets/classic.js" defer></script>
<script type='text/javascript'>console.log(1)</script>
<SCRIPT TYPE=module>x()</SCRIPT>
<script>(function(){var s=document.querySelector("script[type='text/x-deferred-module']");})()</script>
<script type="text/x-deferred-module" data-preload="/assets/a.js /assets/b.js">import("/assets/entry.client-abc.js")</script>
</main></body></html>`;

describe("the no-script reference page", () => {
  it("loses every script and modulepreload link, and keeps JSON-LD, styles, fonts and images byte for byte", () => {
    const stripped = stripScripts(PAGE);
    expect(stripped).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    expect(stripped).not.toMatch(/modulepreload/i);
    expect(stripped).not.toContain("x-deferred-module");
    expect(stripped).not.toContain("__reactRouterContext");
    expect(stripped).toContain(JSON_LD);
    for (const kept of [
      `<link rel="stylesheet" href="/assets/root-abc.css">`,
      `<link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin>`,
      `<style>body{margin:0}</style>`,
      `<img src="/images/oliver.webp" alt="Oliver" width="400" height="300">`,
      `<meta name="robots" content="noindex, follow">`,
    ])
      expect(stripped).toContain(kept);
  });

  it("tells a noindex page from its robots meta or its X-Robots-Tag", () => {
    expect(robotsNoindex(PAGE)).toBe(true);
    expect(robotsNoindex(`<meta content="noindex" name="robots">`)).toBe(true);
    expect(robotsNoindex(`<meta name="robots" content="index, follow">`)).toBe(false);
    expect(robotsNoindex(`<meta name="googlebot-news" content="noindex">`)).toBe(false);
    expect(robotsNoindex("<p>noindex</p>", "noindex")).toBe(true);
  });

  it("is at its floor within max(50 ms, 5 %) of the no-script LCP, TBT at most 50 ms and the same CLS", () => {
    expect(floorMisses({ lcp: 1040, tbt: 50, cls: 0 }, { lcp: 1000, tbt: 0, cls: 0 })).toEqual([]);
    expect(floorMisses({ lcp: 1060, tbt: 0, cls: 0 }, { lcp: 1000, tbt: 0, cls: 0 })).toEqual(["LCP +60 ms"]);
    expect(floorMisses({ lcp: 2090, tbt: 0, cls: 0 }, { lcp: 2000, tbt: 0, cls: 0 })).toEqual([]);
    expect(floorMisses({ lcp: 900, tbt: 51, cls: 0.01 }, { lcp: 900, tbt: 0, cls: 0 })).toEqual(["TBT 51 ms", "CLS 0.010 vs 0.000"]);
    expect(floorMisses({ lcp: NaN, tbt: 0, cls: 0 }, { lcp: 900, tbt: 0, cls: 0 })).toEqual(["not measured"]);
  });
});

describe("the no-script proxy", () => {
  let site: http.Server;
  let proxy: NoScriptProxy;
  const seenHosts: string[] = [];
  beforeAll(async () => {
    site = http.createServer((req, res) => {
      seenHosts.push(req.headers.host ?? "");
      if (req.url === "/page") {
        const body = brotliCompressSync(Buffer.from(PAGE));
        res.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-encoding": "br",
          "content-length": body.length,
          etag: '"x"',
        });
        res.end(body);
      } else {
        res.writeHead(200, { "content-type": "text/css" });
        res.end("body{color:red}");
      }
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    proxy = await startNoScriptProxy(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => site.close(resolve));
  });

  /** A raw GET through the proxy (fetch would decode the body and hide the length). */
  const get = (path: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const url = new URL(path, proxy.origin.replace("localhost", "127.0.0.1"));
      http
        .get(url, { headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("sends an HTML answer stripped, in the site's coding, with its new length and no stale ETag", async () => {
    const { headers, body } = await get("/page");
    expect(headers["content-encoding"]).toBe("br");
    expect(Number(headers["content-length"])).toBe(body.length);
    expect(headers.etag).toBeUndefined();
    expect(brotliDecompressSync(body).toString("utf8")).toBe(stripScripts(PAGE));
    expect(seenHosts.at(-1)).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it("passes other answers through untouched", async () => {
    const { headers, body } = await get("/assets/root-abc.css");
    expect(headers["content-type"]).toBe("text/css");
    expect(body.toString()).toBe("body{color:red}");
  });
});
