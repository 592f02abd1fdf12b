import ArrowLeft from "lucide-react/icons/arrow-left";
import Building2 from "lucide-react/icons/building-complex";
import ExternalLinkIcon from "lucide-react/icons/external-link";
import { Link } from "react-router";
import { ArticleLayout, articleMeta, requirePost } from "~/components/blog/article-layout";
import { BackToTop } from "~/components/blog/back-to-top";
import { WithCite } from "~/components/blog/cite";
import { ContactBlock } from "~/components/blog/contact-block";
import { ExternalLink } from "~/components/blog/external-link";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { LazyImage } from "~/components/ui/lazy-image";
import { categories } from "~/content/blog/data/free-online-resources-for-home-buyers-and-sellers";
import type { Route } from "./+types/free-online-resources-for-home-buyers-and-sellers";

const slug = "free-online-resources-for-home-buyers-and-sellers";

const heroImage = { src: "/images/blog/free-online-resources.webp", width: 1200, height: 630 };

export const meta: Route.MetaFunction = () => articleMeta(slug, { image: heroImage.src });

export default function Article() {
  const post = requirePost(slug);
  return (
    <ArticleLayout slug={slug} share={<ShareButton nativeShare title={post.title} />}>
      <p>
        <Link to="/blog" className="inline-flex min-h-11 items-center gap-1.5 text-brand underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the blog
        </Link>
      </p>

      <p>
        Most of the questions my clients ask early on can be answered with a free, reliable website, if you know which one. What will the
        payment be? Is this area safe? What can be built next door? What is on the title? These are the sites I use myself and send people
        to, sorted by category. They are official or well-established sources, and every link opens in a new tab so you keep your place
        here.
      </p>

      <LazyImage
        src={heroImage.src}
        width={heroImage.width}
        height={heroImage.height}
        alt="Illustration of a laptop showing a map of Edmonton-area neighbourhoods beside a calculator, a house and a set of documents"
        className="my-6 w-full rounded-xl"
        sizes="(max-width: 768px) 100vw, 768px"
      />

      <nav aria-labelledby="resource-categories" className="my-6 rounded-xl border border-line p-5">
        <h2 id="resource-categories" className="mt-0 text-lg">
          Jump to a category
        </h2>
        <ul className="my-3 grid gap-2 sm:grid-cols-2">
          {categories.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className="inline-flex min-h-8 items-center text-brand underline">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {categories.map((category) => {
        const Icon = category.icon;
        return (
          <section key={category.id} aria-labelledby={category.id} className="scroll-mt-4">
            <h2 id={category.id} className="flex items-center gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {category.title}
            </h2>
            <p>{category.intro}</p>
            <ul className="my-4 space-y-3">
              {category.resources.map((resource) => (
                <li key={resource.url} className="rounded-lg border border-line p-4">
                  <ExternalLink
                    href={resource.url}
                    className="inline-flex items-baseline gap-1.5 font-bold text-brand underline"
                    icon={<ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0 self-center" />}
                  >
                    {resource.name}
                  </ExternalLink>
                  <p className="my-1 text-ink-muted">
                    <WithCite cite={resource.cite}>{resource.description}</WithCite>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <section aria-labelledby="on-this-site">
        <h2 id="on-this-site" className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          Free Tools on This Site
        </h2>
        <ul>
          <li>
            <Link to="/search">Search every MLS® listing in Edmonton and area</Link>, and save a search to hear about new homes first
            through <Link to="/instant-updates">instant updates</Link>.
          </li>
          <li>
            <Link to="/mortgage-calculator">Estimate your monthly payment</Link> with my mortgage calculator.
          </li>
          <li>
            Selling? Ask for a <Link to="/free-home-valuation">free home valuation</Link> based on recent sales near you, not an algorithm.
          </li>
          <li>
            Budget for closing with <Link to="/blog/hidden-costs-buying-home-alberta">the hidden costs of buying a home in Alberta</Link>,
            and check whether a new home qualifies for{" "}
            <Link to="/blog/new-gst-rebate-for-home-buyers">the new GST rebate for first-time buyers</Link>.
          </li>
          <li>
            Need an inspector, lawyer or mover? Start with my{" "}
            <Link to="/blog/essential-real-estate-contacts">list of essential real estate contacts</Link>.
          </li>
        </ul>
      </section>

      <h2>Use the Tools, Then Ask</h2>
      <p>
        Online tools are a good start and a poor finish. An assessment is the City's estimate of market value as of July 1 of the previous
        year, not what a home will sell for this spring. A crime map shows reports, not how a street feels at night. A title shows what is
        registered today, and your lawyer still has to confirm it at closing. When something you find raises a question, send it to me and I
        will tell you what it means for the home you are looking at.
      </p>

      <div className="my-8 flex flex-wrap items-center gap-3">
        <Link
          to="/blog"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-5 py-2.5 font-bold text-brand hover:bg-brand-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Blog
        </Link>
        <BackToTop />
      </div>

      <RelatedPosts
        current={slug}
        heading="Other Blogs"
        slugs={[
          "complete-step-by-step-home-buyers-guide",
          "hidden-costs-buying-home-alberta",
          "quick-mortgage-guide-for-homebuyers",
          "new-gst-rebate-for-home-buyers",
          "essential-real-estate-contacts",
          "do-you-know-what-is-your-home-worth",
        ]}
      />

      <ContactBlock heading="Have a question about a home or a neighbourhood?" />
    </ArticleLayout>
  );
}
