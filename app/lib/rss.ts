/**
 * The blog's RSS 2.0 feed (https://www.rssboard.org/rss-specification), built from the registry.
 * Pure: the resource route /blog/rss.xml serves its output.
 */
import type { BlogPost } from "~/content/blog/posts";
import { absoluteUrl } from "./site-url";

export interface FeedChannel {
  title: string;
  description: string;
  /** Path of the blog index, e.g. "/blog". */
  path: string;
  /** Path of the feed itself, e.g. "/blog/rss.xml". */
  feedPath: string;
  author: string;
}

/** Escapes the five XML special characters for text and attribute content. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}

/**
 * An ISO calendar date ("2025-07-08") as an RFC 822 date-time (RSS pubDate). Noon UTC keeps the
 * calendar day the same in every North American time zone.
 */
export function rfc822Date(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`expected a YYYY-MM-DD date, got "${isoDate}"`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12)).toUTCString();
}

/** The feed document: newest posts first; lastBuildDate is the newest change, so output is stable. */
export function buildRssFeed(channel: FeedChannel, posts: readonly BlogPost[]): string {
  const sorted = [...posts].sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.slug.localeCompare(b.slug));
  const newest = [...posts]
    .map((p) => p.dateModified)
    .sort()
    .at(-1);
  const items = sorted.map((p) => {
    const url = absoluteUrl(`/blog/${p.slug}`);
    return [
      "    <item>",
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822Date(p.datePublished)}</pubDate>`,
      `      <dc:creator>${escapeXml(channel.author)}</dc:creator>`,
      `      <category>${escapeXml(p.section)}</category>`,
      `      <description>${escapeXml(p.description)}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(channel.path))}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-ca</language>",
    ...(newest ? [`    <lastBuildDate>${rfc822Date(newest)}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(absoluteUrl(channel.feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
