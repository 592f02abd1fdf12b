import { useId } from "react";
import { Link } from "react-router";
import { livePosts } from "~/content/blog/posts";

/**
 * "Other blogs" list: sibling articles from the registry, so a renamed or added post can never
 * leave a dead link. `slugs` picks and orders them; by default every other live post. A slug that
 * is not a live post throws, so the prerender (and the article render test) fails loudly instead
 * of dropping the link.
 */
export function RelatedPosts({
  current,
  slugs,
  heading = "More from the blog",
}: {
  current: string;
  slugs?: readonly string[];
  heading?: string;
}) {
  const chosen = slugs
    ? slugs.map((s) => {
        const post = livePosts.find((p) => p.slug === s);
        if (!post) throw new Error(`RelatedPosts: no live blog post with slug "${s}" in app/content/blog/posts.ts`);
        return post;
      })
    : livePosts.filter((p) => p.slug !== current);
  const headingId = useId();
  return (
    <nav aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {heading}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {chosen.map((p) => (
          <li key={p.slug}>
            <Link to={`/blog/${p.slug}`} className="block h-full rounded-lg border border-line p-4 hover:border-brand">
              <span className="font-bold text-brand underline">{p.title}</span>
              <span className="mt-1 block text-sm text-ink-muted">{p.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
