import ArrowRight from "lucide-react/icons/arrow-right";
import Bell from "lucide-react/icons/bell";
import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import MessageCircle from "lucide-react/icons/message-circle";
import Rss from "lucide-react/icons/rss";
import { Link } from "react-router";
import { PostIcon } from "~/components/blog/post-icon";
import { ButtonLink } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { type BlogPost, type BlogSection, type ComingSoonPost, livePosts, posts, sections } from "~/content/blog/posts";
import { site } from "~/content/site";
import { formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";
import type { Route } from "./+types/blog";

const description =
  "Guides for Edmonton-area home buyers and sellers: closing costs, the GST rebate, mortgages, offers in a seller's market, free tools, and local favourites.";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Real Estate Blog for Edmonton Buyers and Sellers",
    description,
    path: location.pathname,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: `${site.agent.name} Real Estate Blog`,
        url: absoluteUrl("/blog"),
        description,
        author: { "@type": "Person", name: site.agent.name, url: absoluteUrl("/about") },
        blogPost: livePosts.map((p) => ({
          "@type": "BlogPosting",
          headline: p.title,
          url: absoluteUrl(`/blog/${p.slug}`),
          datePublished: p.datePublished,
          dateModified: p.dateModified,
        })),
      },
    ],
  });

const sectionIntro: Record<BlogSection, string> = {
  "Real Estate Blogs": "Step-by-step guides to buying and selling in Edmonton and area, with the real numbers.",
  "Greater Edmonton Area Blogs": "Life in Edmonton and the communities around it.",
  "Lifestyle Blogs": "Ideas for everyday life, away from real estate.",
};

function sectionId(section: BlogSection): string {
  return section.toLowerCase().replace(/[^a-z]+/g, "-");
}

export default function BlogIndex() {
  return (
    <>
      <PageHeader
        title="Real Estate Blog"
        subtitle="Straight answers for Edmonton-area buyers and sellers: what things cost, how the process works, and how to avoid the expensive mistakes."
      />
      <Container className="py-10">
        {sections.map((section) => {
          const entries = posts.filter((p) => p.section === section);
          const id = sectionId(section);
          return (
            <section key={section} aria-labelledby={id} className="mb-14">
              <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
                {section}
              </h2>
              <p className="mt-2 text-ink-muted">{sectionIntro[section]}</p>
              <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {entries.map((p) => (
                  <li key={p.slug} className="flex">
                    {p.comingSoon ? <ComingSoonCard post={p} /> : <PostCard post={p} />}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <StayUpdated />
      </Container>
    </>
  );
}

function CardIcon({ post }: { post: BlogPost | ComingSoonPost }) {
  return (
    <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-lg ${post.bgColor} ${post.color}`}>
      <PostIcon name={post.icon} className="size-6" />
    </span>
  );
}

/** A live post: the whole card is the link target (stretched link), named by the post's title. */
function PostCard({ post }: { post: BlogPost }) {
  return (
    <article className="relative flex w-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <CardIcon post={post} />
      <h3 className="mt-4 text-lg font-bold leading-snug text-ink">{post.title}</h3>
      <p className="mt-2 flex-1 text-ink-muted">{post.description}</p>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          <time dateTime={post.datePublished}>{formatLongDate(post.datePublished)}</time>
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          {post.readingMinutes} min read
        </span>
      </p>
      <Link
        to={`/blog/${post.slug}`}
        className="mt-4 inline-flex min-h-11 items-center gap-1.5 self-start font-bold text-brand underline after:absolute after:inset-0 after:rounded-xl after:content-['']"
      >
        Read More<span className="sr-only"> about {post.title}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}

/** A post not written yet: badge, no link. */
function ComingSoonCard({ post }: { post: ComingSoonPost }) {
  return (
    <article className="flex w-full flex-col rounded-xl border border-dashed border-line bg-surface-muted p-5" data-coming-soon="true">
      <div className="flex items-start justify-between gap-3">
        <CardIcon post={post} />
        <span className="rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wide text-white dark:text-black">
          Coming Soon
        </span>
      </div>
      <h3 className="mt-4 text-lg font-bold leading-snug text-ink">{post.title}</h3>
      <p className="mt-2 flex-1 text-ink-muted">{post.description}</p>
    </article>
  );
}

function StayUpdated() {
  return (
    <section aria-labelledby="stay-updated" className="rounded-2xl bg-brand-soft p-6 sm:p-10">
      <h2 id="stay-updated" className="text-2xl font-bold text-ink sm:text-3xl">
        Stay Updated
      </h2>
      <p className="mt-3 max-w-2xl text-ink">
        New listings that match your search, straight to your inbox, and a new guide whenever the rules change. Have a question a guide
        doesn't answer? Ask me directly.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/instant-updates">
          <Bell aria-hidden="true" className="size-4" />
          Get Instant Updates
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          <MessageCircle aria-hidden="true" className="size-4" />
          Contact Me
        </ButtonLink>
        <a href="/blog/rss.xml" className="inline-flex min-h-11 items-center gap-2 px-2 font-bold text-brand underline">
          <Rss aria-hidden="true" className="size-4" />
          RSS feed
        </a>
      </div>
    </section>
  );
}
