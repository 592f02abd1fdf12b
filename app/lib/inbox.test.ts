import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "./inbox";

describe("where sign-in returns to (safeNextPath)", () => {
  it("keeps inbox paths with their filters", () => {
    for (const path of ["/inbox", "/inbox/people/12", "/inbox/account", "/inbox?status=new&q=ana%40x.ca"])
      expect(safeNextPath(path)).toBe(path);
  });

  it("sends anything else to /inbox", () => {
    for (const path of [
      null,
      "",
      "//evil.com/",
      "/inbox//evil.com",
      "https://evil.com/inbox",
      "/\\evil.com",
      "/inbox\\..\\x",
      "/inbox/../contact",
      "/about",
      "/inboxes",
      "javascript:alert(1)",
      "/inbox/%2F%2Fevil.com#x",
    ]) {
      expect(safeNextPath(path)).toBe("/inbox");
    }
  });

  it("never returns a path another host could be read from", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("/", "\\", ".", "%", "2", "F", "e", "v", "i", "l", ":", "?", "#", "@", "inbox", "//") }),
        (raw) => {
          const next = safeNextPath(raw);
          const resolved = new URL(next, "https://agent.example");
          expect(resolved.origin).toBe("https://agent.example");
          expect(resolved.pathname.startsWith("/inbox")).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
