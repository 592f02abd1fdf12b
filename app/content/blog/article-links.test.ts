/**
 * Every link written in an article's source resolves: internal links to a page of the catalogue
 * (or a resource route), related-post slugs to a live post; external links open in a new tab with
 * rel="noopener noreferrer". Links built from data at run time are checked in the browser by
 * tests/e2e/blog.spec.ts.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allPages } from "~/content/pages";
import { livePosts } from "./posts";

const appDir = path.resolve(__dirname, "../..");
const articleDir = path.join(appDir, "routes/blog");
const blogComponentDir = path.join(appDir, "components/blog");

/** Resource routes of app/routes.ts that articles may link to. */
const resourcePaths = ["/blog/rss.xml", "/sitemap.xml", "/robots.txt"];
const knownPaths = new Set([...allPages.map((p) => p.path), ...resourcePaths]);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
    .map((f) => path.join(dir, f));
}

const articleDataDir = path.join(appDir, "content/blog/data");

function dataFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

const articleFiles = tsxFiles(articleDir);
const sourceFiles = [...articleFiles, ...tsxFiles(blogComponentDir)];
/** Typed article data (cards, link lists) kept beside the articles. */
const articleData = existsSync(articleDataDir) ? dataFiles(articleDataDir) : [];

interface Found {
  file: string;
  line: number;
  value: string;
}

function lineOf(source: string, index: number): number {
  return source.slice(0, index).split("\n").length;
}

/** Literal values of to=/href= attributes: to="/x", href='/x', to={"/x"}, href={`/x`} (no ${}). */
export function literalLinkTargets(source: string): { index: number; value: string }[] {
  const re = /\b(?:to|href)=(?:"([^"]*)"|'([^']*)'|\{\s*"([^"]*)"\s*\}|\{\s*'([^']*)'\s*\}|\{\s*`([^`$]*)`\s*\})/g;
  const out: { index: number; value: string }[] = [];
  for (const m of source.matchAll(re)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? "";
    out.push({ index: m.index ?? 0, value });
  }
  return out;
}

/** Internal paths written as object properties in article data: { to: "/x" }, { href: "/x" }, { link: "/x" }, { url: "/x" }. */
export function dataLinkTargets(source: string): { index: number; value: string }[] {
  const re = /\b(?:to|href|link|url|path)\s*:\s*(?:"(\/[^"]*)"|'(\/[^']*)'|`(\/[^`$]*)`)/g;
  return [...source.matchAll(re)].map((m) => ({ index: m.index ?? 0, value: m[1] ?? m[2] ?? m[3] ?? "" }));
}

/** The opening tags of <a ...> elements, with braces balanced so `=>` inside props does not end them. */
export function anchorOpeningTags(source: string): { index: number; tag: string }[] {
  const out: { index: number; tag: string }[] = [];
  const re = /<a[\s>]/g;
  for (const m of source.matchAll(re)) {
    const start = m.index ?? 0;
    let depth = 0;
    let quote: string | null = null;
    let i = start + 2;
    for (; i < source.length; i++) {
      const c = source[i];
      if (quote) {
        if (c === quote) quote = null;
        continue;
      }
      if (depth > 0 && (c === '"' || c === "'" || c === "`")) quote = c;
      else if (depth === 0 && c === '"') quote = c;
      else if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    out.push({ index: start, tag: source.slice(start, i + 1) });
  }
  return out;
}

function bare(pathWithExtras: string): string {
  const p = pathWithExtras.split(/[?#]/)[0] ?? "";
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

describe("links written in the articles", () => {
  it("finds all twelve article modules", () => {
    expect(articleFiles.map((f) => path.basename(f, ".tsx")).sort()).toEqual(livePosts.map((p) => p.slug).sort());
  });

  it("resolves every internal link to a real route", () => {
    const broken: Found[] = [];
    let checked = 0;
    for (const file of sourceFiles) {
      const source = readFileSync(file, "utf8");
      for (const { index, value } of literalLinkTargets(source)) {
        if (!value.startsWith("/") || value.startsWith("//")) continue;
        checked++;
        if (!knownPaths.has(bare(value))) broken.push({ file: path.relative(appDir, file), line: lineOf(source, index), value });
      }
    }
    for (const file of articleData) {
      const source = readFileSync(file, "utf8");
      for (const { index, value } of dataLinkTargets(source)) {
        if (value.startsWith("//")) continue;
        checked++;
        if (!knownPaths.has(bare(value))) broken.push({ file: path.relative(appDir, file), line: lineOf(source, index), value });
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });

  it("resolves every related-post slug to a live post", () => {
    const live = new Set(livePosts.map((p) => p.slug));
    const broken: Found[] = [];
    for (const file of [...sourceFiles, ...articleData]) {
      const source = readFileSync(file, "utf8");
      for (const m of source.matchAll(/\bslugs=\{\[([^\]]*)\]\}/g)) {
        for (const s of m[1]?.matchAll(/["'`]([^"'`]+)["'`]/g) ?? []) {
          const slug = s[1] ?? "";
          if (!live.has(slug)) broken.push({ file: path.relative(appDir, file), line: lineOf(source, m.index ?? 0), value: slug });
        }
      }
      // Written-out article paths anywhere in the source (data arrays, template literals).
      for (const m of source.matchAll(/["'`]\/blog\/([a-z0-9-]+)["'`#?]/g)) {
        const slug = m[1] ?? "";
        if (slug !== "rss" && !live.has(slug)) broken.push({ file: path.relative(appDir, file), line: lineOf(source, m.index ?? 0), value: `/blog/${slug}` });
      }
    }
    expect(broken).toEqual([]);
  });

  it("opens every written-out external link in a new tab with rel=noopener noreferrer", () => {
    const bad: Found[] = [];
    for (const file of sourceFiles) {
      const source = readFileSync(file, "utf8");
      for (const { index, tag } of anchorOpeningTags(source)) {
        const href = /\bhref=(?:"([^"]*)"|\{\s*"([^"]*)"\s*\})/.exec(tag);
        const value = href?.[1] ?? href?.[2];
        if (!value || !/^https?:\/\//.test(value)) continue;
        const ok = /\btarget=(?:"_blank"|\{\s*"_blank"\s*\})/.test(tag) && /\brel=(?:"noopener noreferrer"|\{\s*"noopener noreferrer"\s*\})/.test(tag);
        if (!ok) bad.push({ file: path.relative(appDir, file), line: lineOf(source, index), value });
      }
    }
    expect(bad).toEqual([]);
  });

  it("uses router links, not plain anchors, for internal pages", () => {
    const bad: Found[] = [];
    for (const file of sourceFiles) {
      const source = readFileSync(file, "utf8");
      for (const { index, tag } of anchorOpeningTags(source)) {
        const href = /\bhref=(?:"([^"]*)"|\{\s*"([^"]*)"\s*\})/.exec(tag);
        const value = href?.[1] ?? href?.[2];
        // Resource routes (the feed) are documents, not router pages: a plain anchor is right.
        if (value?.startsWith("/") && !resourcePaths.includes(bare(value))) bad.push({ file: path.relative(appDir, file), line: lineOf(source, index), value });
      }
    }
    expect(bad).toEqual([]);
  });
});

describe("the source scanners", () => {
  it("read every attribute form", () => {
    const src = `<Link to="/a">x</Link><a href='/b'>y</a><Link to={"/c"} /><a href={\`/d\`} /><Link to={\`/blog/\${slug}\`} />`;
    expect(literalLinkTargets(src).map((t) => t.value)).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("read internal paths in data objects", () => {
    const src = `{ to: "/a", label: "x" }, { href: '/b' }, { url: "https://x.example" }, { link: \`/c\` }`;
    expect(dataLinkTargets(src).map((t) => t.value)).toEqual(["/a", "/b", "/c"]);
  });

  it("do not stop at => inside an opening tag", () => {
    const src = `<a onClick={() => go(1 > 0)} href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>`;
    const [tag] = anchorOpeningTags(src);
    expect(tag?.tag).toContain('rel="noopener noreferrer"');
  });
});
