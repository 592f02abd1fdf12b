import { describe, expect, it } from "vitest";
import { labelForPath, pageByPath, prerenderPaths } from "./pages";

describe("labelForPath", () => {
  it("names a catalogue page by its label", () => {
    expect(labelForPath("/contact")).toBe("Contact");
  });

  it("names a listing page by its address, without the feed's key", () => {
    expect(labelForPath("/listings/29000113-15267-cinderwood-boulevard-sw-edmonton")).toBe("15267 Cinderwood Boulevard SW Edmonton");
  });
});

describe("/open-house", () => {
  it("is rendered per request (its dates follow the day) and is still in the sitemaps", () => {
    expect(prerenderPaths()).not.toContain("/open-house");
    expect(pageByPath("/open-house")).toMatchObject({ indexable: true, prerender: false, form: false, label: "Open Houses" });
  });
});
