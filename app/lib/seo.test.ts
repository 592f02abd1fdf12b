import { describe, expect, it } from "vitest";
import { allPages } from "~/content/pages";
import { site } from "~/content/site";
import { keepsQueryString } from "./query-string";
import { documentTitle, pageMeta } from "./seo";

const titleOf = (path: string) => (pageMeta({ title: "Some page", path }).find((m) => "title" in m) as { title: string }).title;

describe("document titles (spec §1)", () => {
  it("every listing and search page's title ends with the brokerage's name", () => {
    const listingPages = allPages.filter((p) => keepsQueryString(p.path));
    expect(listingPages.length).toBeGreaterThan(20);
    for (const p of listingPages) expect(titleOf(p.path), p.path).toMatch(new RegExp(`\\| ${site.brokerage.name}$`));
  });

  it("other pages end with the agent, not the brokerage", () => {
    for (const path of ["/", "/about", "/contact", "/blog", "/mortgage-calculator"]) {
      expect(titleOf(path)).toBe(`Some page | ${site.agent.name}, Edmonton REALTOR®`);
    }
  });

  it("an area page names the area, the agent and the brokerage", () => {
    expect(documentTitle("Edmonton Real Estate Listings", "/edmonton-listings")).toBe(`Edmonton Real Estate Listings | ${site.agent.name}, Edmonton REALTOR® | ${site.brokerage.name}`);
  });
});
