import { describe, expect, it } from "vitest";
import { allPages } from "~/content/pages";
import { site } from "~/content/site";
import { keepsQueryString } from "./query-string";
import { documentTitle, pageMeta } from "./seo";
import { meta as aboutMeta } from "~/routes/about";
import { meta as placeholderMeta } from "~/routes/placeholder";

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

  it("/about carries the site's suffix, and /browse-by-building the brokerage's like its sibling placeholders (issue 39)", () => {
    const titleOfMeta = (meta: readonly unknown[]) =>
      (meta.find((m) => typeof m === "object" && m !== null && "title" in m) as { title: string }).title;
    const about = titleOfMeta(aboutMeta({ location: { pathname: "/about" } } as never));
    expect(about).toMatch(new RegExp(`\\| ${site.agent.name}, Edmonton REALTOR®$`));
    expect(about.split(site.agent.name)).toHaveLength(2);
    for (const path of ["/sold-properties", "/office-listings", "/browse-by-building"]) {
      expect(titleOfMeta(placeholderMeta({ location: { pathname: path } } as never)), path).toMatch(
        new RegExp(`\\| ${site.agent.name}, Edmonton REALTOR® \\| ${site.brokerage.name}$`),
      );
    }
    expect(keepsQueryString("/browse-by-building")).toBe(false);
  });

  it("an area page names the area, the agent and the brokerage", () => {
    expect(documentTitle("Edmonton Real Estate Listings", "/edmonton-listings")).toBe(
      `Edmonton Real Estate Listings | ${site.agent.name}, Edmonton REALTOR® | ${site.brokerage.name}`,
    );
  });
});
