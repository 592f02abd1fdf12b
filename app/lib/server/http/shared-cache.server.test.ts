import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CACHE_CONTROL } from "~/lib/http/cache-policy";
import { sharedCache } from "./shared-cache.server";

/** The middleware's answer for a request to `url` matched by the route `pattern`, the route answering `answer`. */
async function through(url: string, pattern: string, answer: () => Response): Promise<Response> {
  const args = {
    request: new Request(url),
    context: new RouterContextProvider(),
    pattern,
    params: {},
    unstable_pattern: pattern,
  } as unknown as Parameters<typeof sharedCache>[0];
  return (await sharedCache(args, async () => answer())) as Response;
}

describe("Cache-Control of routes with their own caching (issue 38)", () => {
  it("keeps the route's own on its own answer", async () => {
    const own = await through(
      "http://site.example/inbox/sw.js",
      "/inbox/sw.js",
      () => new Response("self.x=1", { headers: { "Cache-Control": "no-cache" } }),
    );
    expect(own.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("gives their .data answers one: private, as any route not named public", async () => {
    for (const [url, pattern] of [
      ["http://site.example/inbox/sw.js.data", "/inbox/sw.js"],
      ["http://site.example/inbox/manifest.webmanifest.data", "/inbox/manifest.webmanifest"],
      ["http://site.example/listings/photos/k/1.jpg.data", "/listings/photos/:key/:file"],
    ]) {
      const data = await through(url!, pattern!, () => new Response("[]", { headers: { "Content-Type": "text/x-script" } }));
      expect(data.headers.get("Cache-Control"), url).toBe(CACHE_CONTROL.private);
    }
  });
});
