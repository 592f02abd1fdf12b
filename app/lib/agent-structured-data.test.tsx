/**
 * The agent's structured data says only what a visitor can check on the page (issue 39): the
 * sellers'-market tips article's towns are the ten it lists, and no aggregate rating stands for
 * reviews no page shows (decision 047).
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { serviceCities } from "~/content/blog/data/tips-and-tricks-to-buy-in-sellers-market";
import { site } from "~/content/site";
import { meta as homeMeta } from "~/routes/home";
import { meta as aboutMeta } from "~/routes/about";
import TipsArticle, { meta as tipsMeta } from "~/routes/blog/tips-and-tricks-to-buy-in-sellers-market";
import { agentJsonLd } from "./agent-structured-data";

type Block = Record<string, unknown> & { "@type"?: unknown; areaServed?: { name: string }[] };

/** The JSON-LD blocks of a route's meta, as the head carries them. */
function jsonLdOf(meta: readonly unknown[]): Block[] {
  return meta.flatMap((m) =>
    m && typeof m === "object" && "script:ld+json" in m ? [(m as { "script:ld+json": Block })["script:ld+json"]] : [],
  );
}
const agentOf = (blocks: Block[]) => blocks.find((b) => Array.isArray(b["@type"]) && b["@type"].includes("RealEstateAgent"));
const args = (pathname: string) => ({ location: { pathname } }) as never;

describe("the agent's structured data", () => {
  it("on the sellers'-market tips article serves the ten towns the article lists, as the spec gives them", () => {
    const agent = agentOf(jsonLdOf(tipsMeta(args("/blog/tips-and-tricks-to-buy-in-sellers-market"))))!;
    const served = agent.areaServed!.map((a) => a.name);
    const html = renderToString(
      <MemoryRouter initialEntries={["/blog/tips-and-tricks-to-buy-in-sellers-market"]}>
        <TipsArticle />
      </MemoryRouter>,
    );
    const list = html.slice(html.indexOf('id="service-areas"'));
    const listed = [...list.slice(0, list.indexOf("</ul>")).matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
    expect(listed).toHaveLength(10);
    expect(served).toEqual(listed);
    expect(served).toEqual(serviceCities.map((a) => a.name));
    expect(served).not.toContain("Gibbons");
    expect(served).not.toContain("Calmar");
  });

  it("elsewhere serves the site's twelve towns", () => {
    for (const meta of [homeMeta(args("/")), aboutMeta(args("/about"))])
      expect(agentOf(jsonLdOf(meta))!.areaServed!.map((a) => a.name)).toEqual(site.serviceAreaTowns);
    expect(site.serviceAreaTowns).toHaveLength(12);
  });

  it("carries no aggregate rating: the spec's 25 reviews are on no page (decision 047)", () => {
    expect(agentJsonLd()).not.toHaveProperty("aggregateRating");
    for (const meta of [homeMeta(args("/")), aboutMeta(args("/about")), tipsMeta(args("/blog/tips-and-tricks-to-buy-in-sellers-market"))]) {
      expect(JSON.stringify(jsonLdOf(meta))).not.toMatch(/aggregateRating|reviewCount|ratingValue/);
    }
  });
});
