import { describe, expect, it } from "vitest";
import { labelForPath, pageByPath } from "./page-index";
import { allPages } from "./pages";

describe("pageByPath", () => {
  it("gives every catalogue page its label, footer and robots, as the catalogue has them", () => {
    for (const page of allPages) {
      expect(pageByPath(page.path)).toEqual({ path: page.path, label: page.label, footer: page.footer, indexable: page.indexable });
    }
    // Both footers and both robots values are among them, so a flag read the wrong way round fails above.
    expect(new Set(allPages.map((p) => p.footer))).toEqual(new Set(["social", "brokerage"]));
    expect(new Set(allPages.map((p) => p.indexable))).toEqual(new Set([true, false]));
  });

  it("ignores a trailing slash and knows no other path", () => {
    expect(pageByPath("/about/")).toMatchObject({ path: "/about", label: "About" });
    expect(pageByPath("/listings/29000113-x")).toBeUndefined();
    expect(pageByPath("/constructor")).toBeUndefined();
    expect(pageByPath("/__proto__")).toBeUndefined();
  });
});

describe("labelForPath", () => {
  it("names a catalogue page by its label", () => {
    expect(labelForPath("/contact")).toBe("Contact");
    expect(labelForPath("/blog/quick-mortgage-guide-for-homebuyers")).toBe(
      allPages.find((p) => p.path === "/blog/quick-mortgage-guide-for-homebuyers")!.label,
    );
  });

  it("names a listing page by its address, without the feed's key", () => {
    expect(labelForPath("/listings/29000113-15267-cinderwood-boulevard-sw-edmonton")).toBe("15267 Cinderwood Boulevard SW Edmonton");
  });
});
