import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { Link } from "react-router";
import { type BlogPost, postBySlug } from "~/content/blog/posts";
import { formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { blogPostingJsonLd } from "~/lib/article-structured-data";
import { HydrationChunk } from "~/components/ui/hydration-chunk";
import { ShareButton } from "./share-button";

export const DEFAULT_ARTICLE_IMAGE = "/images/share-card.jpg";

/** The registry entry of an article; a typo in a slug fails the build's prerender loudly. */
export function requirePost(slug: string): BlogPost {
  const post = postBySlug(slug);
  if (!post) throw new Error(`No live blog post with slug "${slug}" in app/content/blog/posts.ts`);
  return post;
}

/** Head tags of an article: title, description, canonical, Open Graph article, BlogPosting JSON-LD. */
export function articleMeta(slug: string, options: { image?: string; extraJsonLd?: readonly object[] } = {}): MetaDescriptor[] {
  const post = requirePost(slug);
  const path = `/blog/${post.slug}`;
  const image = options.image ?? DEFAULT_ARTICLE_IMAGE;
  return pageMeta({
    title: post.title,
    description: post.description,
    path,
    type: "article",
    image,
    jsonLd: [
      blogPostingJsonLd({
        title: post.title,
        description: post.description,
        path,
        image,
        datePublished: post.datePublished,
        dateModified: post.dateModified,
      }),
      ...(options.extraJsonLd ?? []),
    ],
  });
}

/**
 * The frame of every article: heading, date, reading time and share button from the registry,
 * then the article's own body.
 */
export function ArticleLayout({ slug, children, share = <ShareButton /> }: { slug: string; children: ReactNode; share?: ReactNode }) {
  const post = requirePost(slug);
  return (
    <article className="pb-8">
      {/* Header and body hydrate as separate pieces: see HydrationChunk. */}
      <HydrationChunk>
        <header className="bg-brand-soft">
          <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
            <p className="text-sm font-bold uppercase tracking-wide text-brand">
              <Link to="/blog" className="underline">
                Blog
              </Link>{" "}
              · {post.section}
              {post.editionLabel ? ` · ${post.editionLabel}` : ""}
            </p>
            <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{post.title}</h1>
            <p className="mt-3 text-lg text-ink-muted">{post.description}</p>
            <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-ink-muted">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={post.datePublished}>{formatLongDate(post.datePublished)}</time>
              </span>
              {post.dateModified !== post.datePublished && (
                <span>
                  Updated <time dateTime={post.dateModified}>{formatLongDate(post.dateModified)}</time>
                </span>
              )}
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" />
                {post.readingMinutes} min read
              </span>
              {share}
            </div>
            {post.dateModified !== post.datePublished && post.updateNote && (
              <p className="mt-2 text-sm text-ink-muted" data-testid="update-note">
                What changed: {post.updateNote}
              </p>
            )}
          </div>
        </header>
      </HydrationChunk>
      <div className="prose-page mx-auto max-w-3xl px-4 pt-8">
        <HydrationChunk>{children}</HydrationChunk>
      </div>
    </article>
  );
}
