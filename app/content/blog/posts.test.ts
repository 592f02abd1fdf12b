import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postIcons } from "~/components/blog/post-icon";
import { allPages, blogArticlePages } from "~/content/pages";
import { livePosts, postBySlug, posts, sections } from "./posts";

const appDir = path.resolve(__dirname, "../..");

describe("blog registry", () => {
  it("holds 12 live posts and 2 coming-soon entries with unique slugs", () => {
    expect(livePosts).toHaveLength(12);
    expect(posts.filter((p) => p.comingSoon)).toHaveLength(2);
    const slugs = posts.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has the sections of spec/blog.md §1 with 10, 1+2 and 1 entries", () => {
    expect(sections).toEqual(["Real Estate Blogs", "Greater Edmonton Area Blogs", "Lifestyle Blogs"]);
    const count = (section: string, comingSoon: boolean) =>
      posts.filter((p) => p.section === section && Boolean(p.comingSoon) === comingSoon).length;
    expect([count("Real Estate Blogs", false), count("Real Estate Blogs", true)]).toEqual([10, 0]);
    expect([count("Greater Edmonton Area Blogs", false), count("Greater Edmonton Area Blogs", true)]).toEqual([1, 2]);
    expect([count("Lifestyle Blogs", false), count("Lifestyle Blogs", true)]).toEqual([1, 0]);
  });

  it("carries the dates and reading time of spec/blog.md §9", () => {
    expect(postBySlug("new-gst-rebate-for-home-buyers")?.datePublished).toBe("2025-06-30");
    expect(postBySlug("top-10-mistakes-to-avoid-when-buying-a-home")).toMatchObject({ datePublished: "2025-07-08", readingMinutes: 15 });
    expect(postBySlug("hidden-costs-buying-home-alberta")?.datePublished).toBe("2025-01-04");
    expect(postBySlug("complete-step-by-step-home-buyers-guide")?.editionLabel).toBe("2024 Edition");
    // The three structured-data dates of §9 are each carried by one article.
    for (const date of ["2024-02-15", "2024-02-20", "2024-03-05"]) {
      expect(livePosts.filter((p) => p.datePublished === date)).toHaveLength(1);
    }
  });

  it("has valid, ordered ISO dates, a reading time, a title and a description on every live post", () => {
    for (const p of livePosts) {
      for (const d of [p.datePublished, p.dateModified]) {
        expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(d))).toBe(false);
      }
      expect(p.dateModified >= p.datePublished, p.slug).toBe(true);
      expect(p.readingMinutes).toBeGreaterThan(0);
      expect(p.title.length).toBeGreaterThan(10);
      // Search-result snippets are cut near 160 characters.
      expect(p.description.length, p.slug).toBeLessThanOrEqual(160);
    }
  });

  it("names only icons the index imports", () => {
    for (const p of posts) expect(postIcons[p.icon], `${p.slug}: icon ${p.icon}`).toBeDefined();
  });

  it("gives every live post a route module and a page in the catalogue, and no coming-soon post either", () => {
    for (const p of livePosts) {
      expect(existsSync(path.join(appDir, "routes/blog", `${p.slug}.tsx`)), p.slug).toBe(true);
      expect(
        allPages.some((page) => page.path === `/blog/${p.slug}` && page.file === `routes/blog/${p.slug}.tsx`),
        p.slug,
      ).toBe(true);
    }
    for (const p of posts.filter((x) => x.comingSoon)) {
      expect(allPages.some((page) => page.path === `/blog/${p.slug}`)).toBe(false);
    }
    expect(blogArticlePages).toHaveLength(12);
  });
});
