import { describe, expect, it } from "vitest";
import { MAX_TARGET_BYTES, checkTarget, forwardedHeadersValid, isValidHost } from "./request-target";

/** `host` null: no Host header. */
const request = (url: string, host: string | null = "www.example.com", method = "GET", httpVersion = "1.1") => ({
  method,
  url,
  host: host ?? undefined,
  httpVersion,
});
const site = "www.averyhomes.example";

describe("request targets and Host headers (issue 38)", () => {
  it("take origin-form targets with a valid Host as they are", () => {
    expect(checkTarget(request("/about?x=1"), site)).toEqual({ kind: "ok", url: "/about?x=1", host: "www.example.com" });
    for (const host of ["localhost", "127.0.0.1:3000", "[::1]:8080", "[::1]", "example.com.", "a_b.example:443"]) {
      expect(checkTarget(request("/", host), site), host).toEqual({ kind: "ok", url: "/", host });
    }
  });

  it("refuse a Host no URL can be made of", () => {
    for (const host of [
      "a b",
      "",
      "evil.example:99999",
      "evil.example:0",
      "[::1",
      "%00",
      "a/b",
      "user@host",
      "host:port",
      "[zz]",
      "ex ample.com:80",
      "\u00e9.example",
      ".",
      "a..b:",
    ]) {
      expect(checkTarget(request("/about", host), site), JSON.stringify(host)).toEqual({ kind: "refused", status: 400 });
      expect(isValidHost(host), JSON.stringify(host)).toBe(false);
    }
  });

  it("take an absolute-form target as its origin-form, with the target's host (RFC 9112 §3.2.2)", () => {
    expect(checkTarget(request("http://x/about", "ignored.example"), site)).toEqual({ kind: "ok", url: "/about", host: "x" });
    expect(checkTarget(request("HTTPS://www.averyhomes.example:8443/listings?beds=3"), site)).toEqual({
      kind: "ok",
      url: "/listings?beds=3",
      host: "www.averyhomes.example:8443",
    });
    expect(checkTarget(request("http://x?q=1"), site)).toEqual({ kind: "ok", url: "/?q=1", host: "x" });
    expect(checkTarget(request("http://x"), site)).toEqual({ kind: "ok", url: "/", host: "x" });
  });

  it("refuse other absolute forms, `*` but for OPTIONS, and anything else", () => {
    for (const url of ["ftp://x/a", "http://a b/", "http://user@x/a", "http:///a", "http://x:99999/", "x/about", "about", "*x", "//"]) {
      expect(checkTarget(request(url), site).kind, url).toBe(url === "//" ? "ok" : "refused");
    }
    expect(checkTarget(request("*"), site)).toEqual({ kind: "refused", status: 400 });
    expect(checkTarget(request("*", null, "OPTIONS"), site)).toEqual({ kind: "server-options" });
  });

  it("take an HTTP/1.0 request without a Host as one for the site's own host; HTTP/1.1 needs one", () => {
    expect(checkTarget(request("/healthz", null, "GET", "1.0"), site)).toEqual({ kind: "ok", url: "/healthz", host: site });
    expect(checkTarget(request("/healthz", null), site)).toEqual({ kind: "refused", status: 400 });
  });

  it("answer 414 to a target longer than the site ever writes", () => {
    expect(checkTarget(request(`/listings?q=${"a".repeat(MAX_TARGET_BYTES)}`), site)).toEqual({ kind: "refused", status: 414 });
    expect(checkTarget(request(`/listings?q=${"a".repeat(MAX_TARGET_BYTES - 12)}`), site).kind).toBe("ok");
  });

  it("check a trusted proxy's X-Forwarded-Host and X-Forwarded-Proto too", () => {
    expect(forwardedHeadersValid({ "x-forwarded-host": "www.example.com, proxy", "x-forwarded-proto": "https, http" })).toBe(true);
    expect(forwardedHeadersValid({})).toBe(true);
    expect(forwardedHeadersValid({ "x-forwarded-host": "a b" })).toBe(false);
    expect(forwardedHeadersValid({ "x-forwarded-host": "[::1" })).toBe(false);
    expect(forwardedHeadersValid({ "x-forwarded-proto": "a b" })).toBe(false);
    expect(forwardedHeadersValid({ "x-forwarded-proto": "javascript" })).toBe(false);
  });
});
