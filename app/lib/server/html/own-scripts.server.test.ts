import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newScriptMarker, ownScripts } from "./own-scripts.server";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe("the inline scripts a public page may run (issue 38)", () => {
  it("are the ones the site marked, whatever the page holds besides; the marker is removed", () => {
    const marker = newScriptMarker();
    const html =
      `<html><head><script nonce="${marker}">window.__ctx = {}</script></head><body>` +
      // A listing description that let markup through would look like this: no marker, no hash.
      `<p>Great house<script>steal(document.cookie)</script></p><img src=x onerror="steal()">` +
      `<script type="application/ld+json" nonce="${marker}">{"a":1}</script>` +
      `<script nonce="${marker}">load()</script><script type="text/x-deferred-module" nonce="${marker}" data-preload="/assets/a.js">import("/a.js")</script>` +
      `<script type="module" nonce="${marker}">go()</script><script src="/x.js" nonce="${marker}"></script></body></html>`;
    const own = ownScripts(html, marker);
    expect(own.hashes.sort()).toEqual([sha("window.__ctx = {}"), sha("load()"), sha('import("/a.js")'), sha("go()")].sort());
    expect(own.hashes).not.toContain(sha("steal(document.cookie)"));
    expect(own.html).not.toContain(marker);
    expect(own.html).toContain("<script>window.__ctx = {}</script>");
    expect(own.html).toContain("<script>steal(document.cookie)</script>");
  });

  it("do not include a script that copies another marker, or one guessed", () => {
    const marker = newScriptMarker();
    expect(marker).toMatch(/^[\w-]{24}$/);
    expect(newScriptMarker()).not.toBe(marker);
    const html = `<script nonce="${marker}">a()</script><script nonce="guess">b()</script><script nonce="${marker}x">c()</script>`;
    expect(ownScripts(html, marker).hashes).toEqual([sha("a()")]);
  });
});
