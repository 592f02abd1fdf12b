import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security-headers";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const sources = { listingsOrigin: "https://cdn.realtyvis.com", formEmbedOrigin: "https://forms.example" };

describe("Content-Security-Policy", () => {
  it("never allows unsafe-inline or unsafe-eval for scripts", () => {
    const policy = contentSecurityPolicy(["'nonce-abc'"], sources);
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).toContain("'nonce-abc'");
    expect(scriptSrc).not.toContain("unsafe");
    expect(policy).toContain("frame-src https://forms.example");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'self'");
  });

  it("hashes executable inline scripts and skips data blocks and external scripts", () => {
    const html =
      '<script>one()</script><script type="application/ld+json">{"a":1}</script><script type="module" async="">two()</script>' +
      '<script type="text/x-deferred-module">three()</script><script src="/x.js"></script>';
    expect(inlineScriptHashes(html).sort()).toEqual([sha("one()"), sha("two()"), sha("three()")].sort());
  });
});
