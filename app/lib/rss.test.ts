import { describe, expect, it } from "vitest";
import { livePosts } from "~/content/blog/posts";
import { loader } from "~/routes/resources/rss.xml";
import { buildRssFeed, escapeXml, rfc822Date } from "./rss";

/**
 * A strict-enough XML well-formedness check for the feed: one root, balanced and properly
 * nested tags, quoted attributes, only the five predefined entities or numeric references, and
 * no stray '<' or '&'. Returns the element tree as [name, attributes, children, text].
 */
interface El {
  name: string;
  attrs: Record<string, string>;
  children: El[];
  text: string;
}

function parseXml(xml: string): El {
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`${msg} at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const checkText = (t: string) => {
    if (t.includes("<")) fail("stray <");
    for (const m of t.matchAll(/&([^;\s]*);?/g)) {
      if (!/^&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-fA-F]+);$/.test(m[0])) fail(`bad entity ${m[0]}`);
    }
  };
  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end < 0) fail("unterminated declaration");
    i = end + 2;
  }
  const root: El = { name: "#document", attrs: {}, children: [], text: "" };
  const stack: El[] = [root];
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    checkText(text);
    const top = stack[stack.length - 1] as El;
    if (stack.length === 1 && text.trim()) fail("text outside the root");
    top.text += text;
    if (lt < 0) break;
    i = lt;
    const gt = xml.indexOf(">", i);
    if (gt < 0) fail("unterminated tag");
    const raw = xml.slice(i + 1, gt);
    i = gt + 1;
    if (raw.startsWith("/")) {
      const name = raw.slice(1).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const selfClosing = raw.endsWith("/");
    const body = selfClosing ? raw.slice(0, -1) : raw;
    const nameMatch = /^([A-Za-z_][\w.:-]*)/.exec(body);
    if (!nameMatch) fail("bad tag name");
    const name = nameMatch?.[1] ?? "";
    const rest = body.slice(name.length);
    const attrs: Record<string, string> = {};
    const attrRe = /\s+([A-Za-z_][\w.:-]*)="([^"<]*)"/gy;
    let consumed = 0;
    for (const m of rest.matchAll(attrRe)) {
      if (m[1] === undefined || m[1] in attrs) fail("duplicate attribute");
      checkText(m[2] ?? "");
      attrs[m[1] ?? ""] = m[2] ?? "";
      consumed = (m.index ?? 0) + m[0].length;
    }
    if (rest.slice(consumed).trim()) fail(`malformed attributes in <${name}>`);
    const el: El = { name, attrs, children: [], text: "" };
    if (stack.length === 1 && root.children.length) fail("second root element");
    (stack[stack.length - 1] as El).children.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length !== 1) fail(`unclosed <${stack[stack.length - 1]?.name}>`);
  const [only] = root.children;
  if (!only || root.children.length !== 1) fail("no single root");
  return only as El;
}

const child = (el: El, name: string) => el.children.find((c) => c.name === name);
const childText = (el: El, name: string) => child(el, name)?.text ?? "";
const decode = (t: string) =>
  t.replace(/&(lt|gt|amp|apos|quot);/g, (_, e: string) => ({ lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' })[e] ?? "");

describe("RSS feed", () => {
  it("is well-formed RSS 2.0 with one item per live post, absolute links and RFC 822 dates", async () => {
    const response = loader();
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    const rss = parseXml(xml);
    expect(rss.name).toBe("rss");
    expect(rss.attrs.version).toBe("2.0");
    expect(rss.attrs["xmlns:atom"]).toBe("http://www.w3.org/2005/Atom");
    const channel = child(rss, "channel");
    expect(channel).toBeDefined();
    if (!channel) return;
    for (const required of ["title", "link", "description"]) expect(childText(channel, required).trim(), required).not.toBe("");
    const self = child(channel, "atom:link");
    expect(self?.attrs).toMatchObject({ rel: "self", type: "application/rss+xml" });
    expect(self?.attrs.href).toMatch(/^https?:\/\/[^/]+\/blog\/rss\.xml$/);

    const items = channel.children.filter((c) => c.name === "item");
    expect(items).toHaveLength(12);
    expect(items).toHaveLength(livePosts.length);
    const rfc822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
    const links = new Set<string>();
    for (const item of items) {
      const link = childText(item, "link");
      expect(link).toMatch(/^https?:\/\/[^/]+\/blog\/[a-z0-9-]+$/);
      expect(childText(item, "guid")).toBe(link);
      expect(child(item, "guid")?.attrs.isPermaLink).toBe("true");
      expect(childText(item, "pubDate")).toMatch(rfc822);
      expect(childText(item, "title").trim()).not.toBe("");
      expect(childText(item, "description").trim()).not.toBe("");
      links.add(link);
    }
    expect(links.size).toBe(12);
    // Every live post is in it, by title.
    expect(items.map((it) => decode(childText(it, "title"))).sort()).toEqual(livePosts.map((p) => p.title).sort());
  });

  it("lists newest first", () => {
    const xml = buildRssFeed({ title: "t", description: "d", path: "/blog", feedPath: "/blog/rss.xml", author: "a" }, livePosts);
    const dates = [...xml.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) => Date.parse(m[1] ?? ""));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("escapes markup in titles and descriptions", () => {
    const post = { ...livePosts[0]!, title: `Tom & Jerry's <"guide">`, description: "a < b & c" };
    const xml = buildRssFeed({ title: "A & B", description: "d", path: "/blog", feedPath: "/blog/rss.xml", author: "a" }, [post]);
    const rss = parseXml(xml);
    const item = child(child(rss, "channel")!, "item")!;
    expect(decode(childText(item, "title"))).toBe(`Tom & Jerry's <"guide">`);
    expect(escapeXml(`<&>"'`)).toBe("&lt;&amp;&gt;&quot;&apos;");
  });

  it("writes RFC 822 dates that keep the calendar day", () => {
    expect(rfc822Date("2025-07-08")).toBe("Tue, 08 Jul 2025 12:00:00 GMT");
    expect(rfc822Date("2025-01-04")).toBe("Sat, 04 Jan 2025 12:00:00 GMT");
    expect(() => rfc822Date("July 8, 2025")).toThrow();
  });

  it("rejects malformed XML (the checker itself)", () => {
    expect(() => parseXml("<a><b></a></b>")).toThrow();
    expect(() => parseXml("<a>x & y</a>")).toThrow();
    expect(() => parseXml("<a x=1></a>")).toThrow();
    expect(() => parseXml("<a></a><b/>")).toThrow();
  });
});
