import ArrowLeft from "lucide-react/icons/arrow-left";
import { Link } from "react-router";
import { ArticleLayout, articleMeta, requirePost } from "~/components/blog/article-layout";
import { BackToTop } from "~/components/blog/back-to-top";
import { ContactBlock } from "~/components/blog/contact-block";
import { RelatedPosts } from "~/components/blog/related-posts";
import { ShareButton } from "~/components/blog/share-button";
import { LazyImage } from "~/components/ui/lazy-image";
import { lazyPart } from "~/components/ui/lazy-part";
import type { Route } from "./+types/free-online-resources-for-home-buyers-and-sellers";

// The categories and their sites load when the reader reaches for them, their server HTML kept until then (decision 061).
const FreeResourcesBody = lazyPart(() => import("~/components/blog/free-resources-body").then((m) => m.FreeResourcesBody));

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

      <FreeResourcesBody />

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
