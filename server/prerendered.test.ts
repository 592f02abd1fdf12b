import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickEncoding, prerenderedPages } from "./prerendered";

const dir = mkdtempSync(path.join(tmpdir(), "prerendered-"));
const html = "<!DOCTYPE html><html><body><h1>About</h1><script>boot()</script></body></html>";
let origin = "";
const server = createServer();

beforeAll(async () => {
  mkdirSync(path.join(dir, "about"));
  writeFileSync(path.join(dir, "about", "index.html"), html);
  const serve = prerenderedPages(dir, { listingsOrigin: "https://l.example", formEmbedOrigin: "https://f.example" }, [["X-Frame-Options", "DENY"]]);
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
    const res = await fetch(`${origin}/about?utm=1`, { headers: { "accept-encoding": "br" }});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("revalidates with the ETag (304) and leaves other paths and methods to the app", async () => {
    const first = await fetch(`${origin}/about`);
    expect(await first.text()).toBe(html);
    const etag = first.headers.get("etag")!;
    expect((await fetch(`${origin}/about`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect((await fetch(`${origin}/nope`)).status).toBe(418);
    expect((await fetch(`${origin}/about`, { method: "POST" })).status).toBe(418);
    const head = await fetch(`${origin}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("picks the best accepted encoding", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });
});
