/**
 * An article's dates agree with what it cites (issue 39): no article cites a source checked after
 * its own last update, an update says what changed, and the hidden-costs article's "Figures as
 * of" date is the date its figures were last checked.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { loadLazyParts } from "../../../tests/support/lazy-parts";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/dates";
import { livePosts, postBySlug } from "./posts";

const articleModules = import.meta.glob<{ default: ComponentType }>("../../routes/blog/*.tsx", { eager: true });

/** Every article once, so their parts loaded on demand render whole in renderToString (as the server's render waits for them). */
beforeAll(async () => {
  for (const module of Object.values(articleModules)) {
    const Article = module.default;
    await loadLazyParts(
      <MemoryRouter>
        <Article />
      </MemoryRouter>,
    );
  }
});

function html(slug: string): string {
  const Article = articleModules[`../../routes/blog/${slug}.tsx`]?.default;
  if (!Article) throw new Error(`no route module for ${slug}`);
  return renderToString(
    <MemoryRouter initialEntries={[`/blog/${slug}`]}>
      <Article />
    </MemoryRouter>,
  );
}

/** The "as of" dates of the article's citations (components/blog/cite.tsx's markup), ISO. */
function citedDates(markup: string): string[] {
  return [...markup.matchAll(/<span data-citation=""[^>]*>(?:(?!<\/time>).)*?<time dateTime="(\d{4}-\d{2}-\d{2})"/gs)].map((m) => m[1]!);
}

describe("article dates", () => {
  it.each(livePosts.map((p) => [p.slug, p] as const))(
    "%s: an update says what changed, and no citation is newer than the article",
    (slug, post) => {
      expect(post.dateModified >= post.datePublished).toBe(true);
      if (post.dateModified !== post.datePublished) expect(post.updateNote, `${slug} shows "Updated" without saying why`).toMatch(/\S/);
      const latest = citedDates(html(slug)).sort().at(-1);
      if (latest)
        expect(post.dateModified >= latest, `${slug} cites a source as of ${latest} but was last updated ${post.dateModified}`).toBe(true);
    },
  );

  it("the hidden-costs article's figures are dated when they were last checked, which is its update", () => {
    const slug = "hidden-costs-buying-home-alberta";
    const markup = html(slug);
    const latest = citedDates(markup).sort().at(-1)!;
    expect(latest).toBeDefined();
    expect(markup.replace(/<!-- -->/g, "")).toContain(`Figures as of ${formatLongDate(latest)}.`);
    expect(postBySlug(slug)!.dateModified).toBe(latest);
  });
});
