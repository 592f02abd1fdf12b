import { describe, expect, it } from "vitest";
import { allPages, prerenderPaths } from "./pages";

describe("/open-house", () => {
  it("is rendered per request (its dates follow the day) and is still in the sitemaps", () => {
    expect(prerenderPaths()).not.toContain("/open-house");
    expect(allPages.find((p) => p.path === "/open-house")).toMatchObject({
      indexable: true,
      prerender: false,
      form: false,
      label: "Open Houses",
    });
  });
});
