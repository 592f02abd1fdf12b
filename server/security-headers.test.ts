import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, cspSourcesOfBuild, inlineScriptHashes } from "./security-headers";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const sources = {
  listingsOrigin: "https://cdn.realtyvis.com",
  formEmbedOrigin: "https://forms.example",
  formEmbedScriptOrigin: "https://forms.example",
  mapOrigin: "https://tiles.map.example",
};

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

  it("lets the pages load pictures and data from the hosts they use and no other (issue 38)", () => {
    const policy = contentSecurityPolicy([], { ...sources, formEmbedScriptOrigin: "https://js.forms.example" });
    const directive = (name: string) =>
      policy
        .split("; ")
        .find((d) => d.startsWith(`${name} `))!
        .split(" ")
        .slice(1);
    expect(directive("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://cdn.realtyvis.com",
      "https://js.forms.example",
      "https://tiles.map.example",
    ]);
    expect(directive("connect-src")).toEqual([
      "'self'",
      "https://cdn.realtyvis.com",
      "https://forms.example",
      "https://js.forms.example",
      "https://tiles.map.example",
    ]);
    expect(contentSecurityPolicy([], sources)).toContain(
      "connect-src 'self' https://cdn.realtyvis.com https://forms.example https://tiles.map.example;",
    );
    // The map's worker starts from a blob: (issue 45); scripts still only by nonce or hash.
    expect(directive("worker-src")).toEqual(["'self'", "blob:"]);
  });

  it("hashes executable inline scripts and skips data blocks and external scripts", () => {
    const html =
      '<script>one()</script><script type="application/ld+json">{"a":1}</script><script type="module" async="">two()</script>' +
      '<script type="text/x-deferred-module">three()</script><script src="/x.js"></script>';
    expect(inlineScriptHashes(html).sort()).toEqual([sha("one()"), sha("two()"), sha("three()")].sort());
  });
});

describe("the policy's hosts", () => {
  const built = {
    listingsOrigin: "https://cdn.realtyvis.com",
    formEmbedOrigin: "https://forms.leadembed.example",
    formEmbedScriptOrigin: "https://forms.leadembed.example",
    mapOrigin: "https://tiles.map.example",
  };
  const warnings = () => {
    const lines: string[] = [];
    return { lines, log: { warn: (line: string) => lines.push(line) } };
  };

  it("are the build's, and the server says so when the environment names another form host", () => {
    const { lines, log } = warnings();
    expect(cspSourcesOfBuild(built, { ...built, formEmbedOrigin: "http://127.0.0.1:3999" }, log)).toEqual(built);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("https://forms.leadembed.example");
    expect(lines[0]).toContain("http://127.0.0.1:3999");
    expect(lines[0]).toContain("Rebuild");
  });

  it("are the build's without a word when the environment agrees, and the environment's without a build (tsx)", () => {
    const { lines, log } = warnings();
    expect(cspSourcesOfBuild(built, { ...built }, log)).toEqual(built);
    expect(cspSourcesOfBuild(undefined, sources, log)).toEqual(sources);
    expect(lines).toEqual([]);
  });
});
