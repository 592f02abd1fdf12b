import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFERRED_LOADER_HASH, DEFERRED_LOADER_SCRIPT, deferHydration } from "./deferred-hydration";
import { DEFERRED_MODULE_TYPE } from "./deferred-hydration-contract";

const doc = (nonce = "") =>
  `<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Hi</h1><script type="module" async=""${nonce}>import * as route0 from "/assets/root-B.js";import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  it("drops the modulepreload links and keeps the stylesheet", () => {
    const out = deferHydration(doc());
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("parks the module script in an inert element after the constant loader", () => {
    const out = deferHydration(doc());
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain(
      `<script>${DEFERRED_LOADER_SCRIPT}</script><script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/entry.client-A.js /assets/root-B.js">import * as route0`,
    );
  });

  it("carries the preloaded modules' addresses on the parked script, and nothing but asset paths", () => {
    const html = `<head><link rel="modulepreload" href="/assets/a-1.js"/><link rel="modulepreload" href="/assets/b&quot;c.js"/><link rel="modulepreload" href="https://elsewhere.example/x.js"/><link rel="modulepreload" href="/assets/c-2.js"/></head><body><script type="module">import("/assets/a-1.js");</script></body>`;
    expect(deferHydration(html)).toContain(`data-preload="/assets/a-1.js /assets/c-2.js">`);
  });

  it("adds no preload attribute when React Router preloads nothing", () => {
    const out = deferHydration(`<body><script type="module">import("/a.js");</script></body>`);
    expect(out).toContain(`<script type="${DEFERRED_MODULE_TYPE}">import("/a.js");</script>`);
  });

  it("keeps the nonce on both scripts of a server-rendered page", () => {
    const out = deferHydration(doc(' nonce="abc"'));
    expect(out).toContain(
      `<script nonce="abc">${DEFERRED_LOADER_SCRIPT}</script><script type="${DEFERRED_MODULE_TYPE}" nonce="abc" data-preload="/assets/entry.client-A.js /assets/root-B.js">`,
    );
  });

  it("handles the attribute order React uses on server-rendered pages", () => {
    const html = `<head><link rel="modulepreload" href="/a.js" nonce="n1"/></head><body><script nonce="n1" type="module" async="">import("/a.js");</script></body>`;
    expect(deferHydration(html)).toBe(
      `<head></head><body><script nonce="n1">${DEFERRED_LOADER_SCRIPT}</script><script type="${DEFERRED_MODULE_TYPE}" nonce="n1" data-preload="/a.js">import("/a.js");</script></body>`,
    );
  });

  it("leaves a document without React Router's module script alone", () => {
    expect(deferHydration("<html><body>plain</body></html>")).toBe("<html><body>plain</body></html>");
  });

  it("leaves a page as React Router rendered it when its module script is not recognised, and says so once", () => {
    // As if an upgrade renamed the attribute: the preloads stay, so the page still hydrates.
    const changed = doc().replace('type="module"', 'type="modulescript"');
    const warnings: string[] = [];
    const log = { warn: (line: string) => warnings.push(line) };
    expect(deferHydration(changed, log)).toBe(changed);
    expect(deferHydration(changed, log)).toBe(changed);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/module script was not found/);
  });
});

describe("the loader, as the build compiles it (deferred-hydration.client.ts)", () => {
  it("is one minified classic script that can sit inside <script> as it is", () => {
    // A function expression called at once: nothing of it leaks into the page's global scope.
    expect(DEFERRED_LOADER_SCRIPT).toMatch(/^("use strict";)?\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    expect(DEFERRED_LOADER_SCRIPT).not.toMatch(/<\/script|<script|<!--|\bimport\b|\bexport\b|\n/i);
    // Part of every page's HTML: no longer than the hand-written string it replaced (2,115 characters).
    expect(DEFERRED_LOADER_SCRIPT.length).toBeLessThanOrEqual(2115);
  });

  it("comes with the CSP hash of exactly its text", () => {
    expect(DEFERRED_LOADER_HASH).toBe(`'sha256-${createHash("sha256").update(DEFERRED_LOADER_SCRIPT, "utf8").digest("base64")}'`);
  });

  it("uses the names of the contract the server and root.tsx share", () => {
    for (const name of [DEFERRED_MODULE_TYPE, "data-preload", "data-deferred-src", "data-deferred-srcset", "deferredHydrationHeldTap"]) {
      expect(DEFERRED_LOADER_SCRIPT).toContain(`"${name}"`);
    }
  });
});
