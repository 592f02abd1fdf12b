import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Blog Test Page", path: location.pathname });

/** /blogtestpage (spec §2): the design flyer and 'More Content Coming Soon'. Not indexed. */
export default function BlogTestPage() {
  return (
    <>
      <PageHeader title="Blog Test Page" subtitle={`Design ideas and resources from ${site.agent.name}.`} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <figure>
          <img
            src="/images/design-flyer.svg"
            width={800}
            height={1000}
            alt="Flyer: Design Your Next Home. Floor plans for renovations and additions, 3D renderings before you build or buy, layout advice for resale value."
            className="h-auto w-full rounded-lg border border-line"
            fetchPriority="high"
          />
          <figcaption className="mt-3 text-sm text-ink-muted">
            Drafting and design help for buyers and sellers.{" "}
            <Link to="/contact" className="text-brand underline">
              Ask about it
            </Link>
            .
          </figcaption>
        </figure>
        <section
          aria-labelledby="coming-soon"
          className="mt-10 rounded-lg border border-dashed border-line bg-surface-muted p-8 text-center"
        >
          <h2 id="coming-soon" className="text-2xl font-bold text-ink">
            More Content Coming Soon
          </h2>
          <p className="mt-2 text-ink-muted">
            In the meantime, read the buyer and seller guides on{" "}
            <Link to="/blog" className="text-brand underline">
              the blog
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
