import { describe, expect, it } from "vitest";
import { parsablePath, queryOf, sameSitePath } from "./same-site-path";

const origin = "https://averyhomes.example";

describe("sameSitePath", () => {
  it.each(["//evil.com", "///evil.com", "/\\evil.com", "\\\\evil.com", "/\\/evil.com", "//\\//evil.com/x", "", "/", "evil.com"])(
    "keeps %j on the site's origin",
    (path) => {
      const target = sameSitePath(path);
      expect(new URL(target, origin).origin).toBe(origin);
      expect(target).toMatch(/^\/(?![/\\])/);
    },
  );

  it("leaves ordinary paths and encoded slashes as they are", () => {
    expect(sameSitePath("/about")).toBe("/about");
    expect(sameSitePath("/blog/a//b")).toBe("/blog/a//b");
    expect(sameSitePath("/%2F%2Fevil.com")).toBe("/%2F%2Fevil.com");
    expect(new URL(sameSitePath("/%2F%2Fevil.com"), origin).origin).toBe(origin);
  });
});

describe("queryOf", () => {
  it("takes the query of origin-form and absolute-form targets", () => {
    expect(queryOf("/about/?a=1&b=//x")).toBe("?a=1&b=//x");
    expect(queryOf("http://evil.com/about/?a=1")).toBe("?a=1");
    expect(queryOf("/about/")).toBe("");
  });
});

describe("parsablePath", () => {
  it.each([
    ["/%09/%2Fevil.example", "/evil.example"],
    ["/\t/evil.example", "/evil.example"],
    ["/%0a%0d//evil.example/x", "/evil.example/x"],
    ["/%2F%2Fevil.example", "/evil.example"],
    ["/%5C/evil.example", "/evil.example"],
  ])("makes %j a path on this site (%j)", (path, expected) => {
    const cleaned = parsablePath(path);
    expect(cleaned).toBe(expected);
    expect(new URL(decodeURIComponent(cleaned), origin).origin).toBe(origin);
  });

  it("leaves ordinary paths alone", () => {
    for (const path of ["/", "/about", "/blog/a%20b", "/x/%2Fy", "/%zz"]) expect(parsablePath(path)).toBe(path);
  });
});
