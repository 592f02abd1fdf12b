/**
 * Every live article, rendered to HTML as the server renders it and read with a real HTML parser
 * (parse5): links that leave the site open in a new tab safely and say so; links inside the site
 * resolve to a page of the catalogue or a resource route; every rule-based figure an article
 * states carries a citation of its official source with an "as of" date.
 */
import { type DefaultTreeAdapterMap, parseFragment } from "parse5";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { loadLazyParts } from "../../../tests/support/lazy-parts";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { RelatedPosts } from "~/components/blog/related-posts";
import { allPages } from "~/content/pages";
import { formatLongDate } from "~/lib/dates";
import { LAND_TITLE_BASE_FEE, LAND_TITLE_FEE_PER_STEP, LAND_TITLE_VALUE_STEP } from "~/lib/fees";
import { formatCurrency as money } from "~/lib/format";
import { GST_RATE_PERCENT, GST_REBATE_MAX } from "~/lib/gst-rebate";
import { DOWN_PAYMENT_RULE } from "~/lib/mortgage-insurance";
import { siteUrl } from "~/lib/site-url";
import {
  FHSA_ANNUAL_LIMIT,
  FHSA_LIFETIME_LIMIT,
  FTHB_TAX_CREDIT_AMOUNT,
  HBP_LIMIT,
  EDMONTON_PROPERTY_TAX_PERCENT,
  EDMONTON_TOTAL_PROPERTY_TAX_PERCENT,
  isOfficialSourceUrl,
  type RuleSourceKey,
  ruleSources,
  STRESS_TEST_FLOOR_PERCENT,
  INSURED_GDS_LIMIT_PERCENT,
  INSURED_TDS_LIMIT_PERCENT,
} from "~/lib/mortgage-rules";
import { highRatioPremiumRange } from "./data/quick-mortgage-guide-for-homebuyers";
import { livePosts } from "./posts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/* ------------------------------------------------------------------------------------------ */
/* Rendering and reading the HTML                                                              */
/* ------------------------------------------------------------------------------------------ */

const articleModules = import.meta.glob<{ default: ComponentType }>("../../routes/blog/*.tsx", { eager: true });
const moduleFor = (slug: string) => articleModules[`../../routes/blog/${slug}.tsx`];

/** Every article once, so their parts loaded on demand render whole in renderToString (as the server's render waits for them). */
beforeAll(async () => {
  for (const [file, module] of Object.entries(articleModules)) {
    const Article = module.default;
    await loadLazyParts(
      <MemoryRouter initialEntries={[`/blog/${file}`]}>
        <Article />
      </MemoryRouter>,
    );
  }
});

/** The article's HTML as the server renders it, parsed. */
function renderArticle(slug: string) {
  const Article = moduleFor(slug)?.default;
  if (!Article) throw new Error(`no route module for ${slug}`);
  const html = renderToString(
    <MemoryRouter initialEntries={[`/blog/${slug}`]}>
      <Article />
    </MemoryRouter>,
  );
  return parseFragment(html);
}

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function childrenOf(node: Node): Node[] {
  return "childNodes" in node ? node.childNodes : [];
}

/** Every element under `root`, in document order; `skip` prunes a subtree. */
function elements(root: Node, skip: (el: Element) => boolean = () => false): Element[] {
  const out: Element[] = [];
  const visit = (node: Node) => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue;
      if (skip(child)) continue;
      out.push(child);
      visit(child);
    }
  };
  visit(root);
  return out;
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** Elements whose text is a separate block (so "cost" and "5%" in two cells do not run together). */
const blockTags = new Set(["p", "li", "td", "th", "caption", "div", "section", "h1", "h2", "h3", "h4", "summary", "dt", "dd", "tr"]);

/** Text content with whitespace collapsed; `skip` leaves out a subtree's text. */
function text(node: Node, skip: (el: Element) => boolean = () => false): string {
  const parts: string[] = [];
  const visit = (n: Node) => {
    if (n.nodeName === "#text" && "value" in n) parts.push(n.value);
    const block = isElement(n) && blockTags.has(n.tagName);
    if (block) parts.push(" ");
    for (const child of childrenOf(n)) if (!(isElement(child) && skip(child))) visit(child);
    if (block) parts.push(" ");
  };
  visit(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

const siteOrigin = new URL(siteUrl()).origin;

/** Resource routes of app/routes.ts that articles may link to. */
const resourcePaths = ["/blog/rss.xml", "/sitemap.xml", "/robots.txt"];
const knownPaths = new Set([...allPages.map((p) => p.path), ...resourcePaths]);

function bare(pathWithExtras: string): string {
  const p = pathWithExtras.split(/[?#]/)[0] ?? "";
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

/** The screen-reader hint of a link that leaves the page: a new tab, or the share bar's 600x400 window. */
const NEW_CONTEXT_HINT = /\(opens (?:in a new tab|a new window)\)/;

const isCitation = (el: Element) => attr(el, "data-citation") !== undefined;

/* ------------------------------------------------------------------------------------------ */
/* Rule-based figures and how to recognise them in an article's text                            */
/* ------------------------------------------------------------------------------------------ */

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `a` and `b` in the same sentence, either order. */
const near = (a: string, b: string, gap = 120) => new RegExp(`(?:${a})[^.]{0,${gap}}(?:${b})|(?:${b})[^.]{0,${gap}}(?:${a})`, "i");

/**
 * What each rule-based figure looks like when an article states it, built from the figures
 * themselves: an article whose text matches must cite that figure's source.
 */
const ruleStatements: Record<RuleSourceKey, readonly RegExp[]> = {
  downPayment: [new RegExp(esc(`${DOWN_PAYMENT_RULE.firstTierPercent}% of the first ${money(DOWN_PAYMENT_RULE.firstTierLimit)}`))],
  stressTest: [new RegExp(esc(`${STRESS_TEST_FLOOR_PERCENT}%`))],
  insuredDebtService: [near(`GDS of up to ${INSURED_GDS_LIMIT_PERCENT}%`, `TDS of up to ${INSURED_TDS_LIMIT_PERCENT}%`)],
  mortgageInsurance: [/premium[^.]{0,40}\d+(?:\.\d+)?% of the loan/i, new RegExp(esc(highRatioPremiumRange))],
  thirtyYearAmortization: [near("30[- ]years?", "newly built", 100)],
  homeBuyersPlan: [near("Home Buyers' Plan", esc(money(HBP_LIMIT)))],
  fhsa: [near("First Home Savings Account|FHSA", `${esc(money(FHSA_ANNUAL_LIMIT))}|${esc(money(FHSA_LIFETIME_LIMIT))}`)],
  homeBuyersAmount: [new RegExp(`${esc(money(FTHB_TAX_CREDIT_AMOUNT))} (?:credit )?amount`)],
  landTitleFees: [
    new RegExp(
      `${esc(money(LAND_TITLE_BASE_FEE))} (?:\\+|plus) ${esc(money(LAND_TITLE_FEE_PER_STEP))} per ${esc(money(LAND_TITLE_VALUE_STEP))}`,
    ),
    /land title fees?[^.]{0,40}\$\d/i,
  ],
  gstRebate: [near("rebate", esc(money(GST_REBATE_MAX)), 80)],
  gstRate: [new RegExp(`${GST_RATE_PERCENT}% GST|GST[^.]{0,40}\\b${GST_RATE_PERCENT}%`)],
  edmontonPropertyTax: [new RegExp(`${esc(`${EDMONTON_PROPERTY_TAX_PERCENT}%`)}|${esc(`${EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}%`)}`)],
};

/** The rules an article states: in its own text, leaving out citations and navigation (other posts' descriptions). */
function statedRules(root: Node): RuleSourceKey[] {
  const body = text(root, (el) => isCitation(el) || el.tagName === "nav");
  return (Object.keys(ruleStatements) as RuleSourceKey[]).filter((key) => ruleStatements[key].some((re) => re.test(body)));
}

/** The articles that state program limits, fees, rebates or mortgage rules (a floor, so detection can't silently stop). */
const articlesWithRuleFigures = [
  "complete-step-by-step-home-buyers-guide",
  "free-online-resources-for-home-buyers-and-sellers",
  "hidden-costs-buying-home-alberta",
  "new-gst-rebate-for-home-buyers",
  "quick-mortgage-guide-for-homebuyers",
  "top-10-mistakes-to-avoid-when-buying-a-home",
];

/* ------------------------------------------------------------------------------------------ */
/* The tests                                                                                   */
/* ------------------------------------------------------------------------------------------ */

describe("the rendered articles", () => {
  it("has a route module for each of the twelve live posts, and no other", () => {
    const slugs = Object.keys(articleModules).map((f) => f.replace(/^.*\/(.+)\.tsx$/, "$1"));
    expect(slugs.sort()).toEqual(livePosts.map((p) => p.slug).sort());
  });

  describe.each(livePosts.map((p) => p.slug))("%s", (slug) => {
    // Rendered once the parts loaded on demand have loaded (the file's beforeAll runs first).
    let root: ReturnType<typeof renderArticle>;
    let anchors: Element[];
    let ids: Set<string | undefined>;
    beforeAll(() => {
      root = renderArticle(slug);
      anchors = elements(root).filter((el) => el.tagName === "a" && attr(el, "href") !== undefined);
      ids = new Set(
        elements(root)
          .map((el) => attr(el, "id"))
          .filter((id) => id !== undefined),
      );
    });

    it("opens every link to another site in a new tab, with rel=noopener noreferrer and a hint for screen readers", () => {
      const bad: string[] = [];
      for (const a of anchors) {
        const href = attr(a, "href") ?? "";
        if (!/^(?:https?:)?\/\//i.test(href)) continue;
        if (new URL(href, siteOrigin).origin === siteOrigin) continue;
        const rel = (attr(a, "rel") ?? "").split(/\s+/);
        const problems = [
          attr(a, "target") !== "_blank" && "no target=_blank",
          !rel.includes("noopener") && "no noopener",
          !rel.includes("noreferrer") && "no noreferrer",
          !NEW_CONTEXT_HINT.test(text(a)) && "no '(opens in a new tab)' hint",
        ].filter(Boolean);
        if (problems.length) bad.push(`${href}: ${problems.join(", ")}`);
      }
      expect(bad).toEqual([]);
    });

    it("links inside the site only to pages of the catalogue, resource routes or anchors on the page", () => {
      const bad: string[] = [];
      for (const a of anchors) {
        const href = attr(a, "href") ?? "";
        if (/^(?:https?:)?\/\//i.test(href) || /^(?:mailto|tel):/i.test(href)) continue;
        if (href.startsWith("#")) {
          if (!ids.has(decodeURIComponent(href.slice(1)))) bad.push(`${href}: no element with that id`);
        } else if (!href.startsWith("/") || !knownPaths.has(bare(href))) {
          bad.push(`${href}: not a page of app/content/pages.ts or a resource route`);
        }
      }
      expect(bad).toEqual([]);
    });

    it("cites the official source of every rule-based figure it states, with an 'as of' date", () => {
      const citations = elements(root).filter(isCitation);
      for (const c of citations) {
        expect(text(c)).toMatch(/^\(source: .+, as of [A-Z][a-z]+ \d{1,2}, \d{4}\)$/);
        const links = elements(c).filter((el) => el.tagName === "a");
        expect(links).toHaveLength(1);
        expect(isOfficialSourceUrl(attr(links[0]!, "href") ?? ""), attr(links[0]!, "href")).toBe(true);
        const time = elements(c).find((el) => el.tagName === "time");
        const iso = attr(time!, "datetime") ?? "";
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(text(c)).toContain(`as of ${formatLongDate(iso)})`);
      }
      const cited = new Set(
        citations.flatMap((c) =>
          elements(c)
            .map((el) => attr(el, "href"))
            .filter(Boolean),
        ),
      );
      const stated = statedRules(root);
      if (stated.length > 0) expect(citations.length).toBeGreaterThan(0);
      const uncited = stated.filter((key) => !cited.has(ruleSources[key].url));
      expect(uncited, `rule-based figures stated without a citation of their source`).toEqual([]);
      if (articlesWithRuleFigures.includes(slug)) expect(stated.length).toBeGreaterThan(0);
    });
  });
});

describe("the related-post lists", () => {
  it("refuse a slug that is not a live post, so the prerender fails instead of dropping the link", () => {
    const render = () =>
      renderToString(
        <MemoryRouter>
          <RelatedPosts current="x" slugs={["no-such-post"]} />
        </MemoryRouter>,
      );
    expect(render).toThrow(/no-such-post/);
  });
});

describe("the rule detection", () => {
  it("recognises each figure as the articles state it", () => {
    const sample = (html: string) => statedRules(parseFragment(html));
    expect(sample("<p>withdraw up to $60,000 per person under the Home Buyers' Plan</p>")).toEqual(["homeBuyersPlan"]);
    expect(sample("<p>$50 + $5 per $5,000 or portion</p>")).toEqual(["landTitleFees"]);
    expect(sample("<p>qualify at the higher of 5.25% or your rate plus 2 points</p>")).toEqual(["stressTest"]);
    // Other posts' descriptions in navigation and the citations themselves are not statements.
    expect(sample("<nav><p>Up to $50,000 back: the GST rebate</p></nav>")).toEqual([]);
    expect(sample('<p><span data-citation="">(source: City of Edmonton, as of 0.76%)</span></p>')).toEqual([]);
  });
});
